import Container
import Foundation
@testable import MTProtoKit
import TelegramApi
import TestSupport
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// Cancelling a request: the waiting caller gets `.cancelled` at once, the server is told with
/// rpc_drop_answer (and then never sends the answer), and the session goes on serving others.
@Suite("Request cancellation", .serialized)
struct RequestCancellationTests {
    /// A connected session asks help.getConfig on a thread of its own; once `serverSays` is in
    /// the server's log, the request is cancelled. The wait's length and its outcome.
    static func cancelWhenServerSays(_ serverSays: String, server: TestServer, session: MTProtoSession) throws -> (seconds: Double, outcome: Result<Int32, Error>) {
        _ = try session.invoke(ClientIdentity().wrap(Api.functions.updates.GetState()))
        let cancellation = RequestCancellation()
        let outcome = ThreadResult<Int32>()
        let started = Date()
        let thread = try #require(JoinableThread.start {
            outcome.set(Result { try session.invoke(Api.functions.help.GetConfig(), cancellation: cancellation).thisDcValue })
        })
        #expect(ClientAgainstTestServerTests.eventually { server.stderrText.contains(serverSays) }, "\(server.stderrText)")
        cancellation.cancel()
        thread.join()
        return (Date().timeIntervalSince(started), try outcome.get())
    }

    @Test("A request cancelled while the server works on it ends at once, and its answer is dropped")
    func cancelWhileRunning() async throws {
        try await onOwnThread { () throws -> Void in
            let server = try TestServer.start(extraArguments: ["--delay-method", "help.getConfig=3"])
            defer { server.stop() }
            let session = try ClientAgainstTestServerTests.session(server)
            defer { session.close() }
            let (seconds, outcome) = try Self.cancelWhenServerSays("answering in 3.0 s", server: server, session: session)
            #expect(seconds < 2.5)
            #expect(throws: MTProtoError.cancelled) { try outcome.get() }
            #expect(ClientAgainstTestServerTests.eventually { server.stderrText.contains("→ RpcAnswerDroppedRunning") },
                    "\(server.stderrText)")
            // The session still serves, and the held answer is never sent.
            #expect(try session.ping() > 0)
            #expect(ClientAgainstTestServerTests.eventually { server.stderrText.contains("not sent: the client dropped it") })
            #expect(!server.stderrText.contains("help.getConfig → "))
            #expect(session.statistics.refusedIncoming == 0)
        }
    }

    @Test("A handle cancelled before the request sends nothing")
    func cancelledBeforeSending() async throws {
        try await onOwnThread { () throws -> Void in
            let server = try TestServer.start()
            defer { server.stop() }
            let session = try ClientAgainstTestServerTests.session(server)
            defer { session.close() }
            _ = try session.invoke(ClientIdentity().wrap(Api.functions.updates.GetState()))
            let cancellation = RequestCancellation()
            cancellation.cancel()
            #expect(throws: MTProtoError.cancelled) { try session.invoke(Api.functions.help.GetConfig(), cancellation: cancellation) }
            #expect(try session.ping() > 0)
            #expect(!server.stderrText.contains("help.getConfig"))
            #expect(!server.stderrText.contains("rpc_drop_answer"))
        }
    }

    @Test("A cancel ends a FLOOD_WAIT being waited out")
    func cancelDuringFloodWait() async throws {
        try await onOwnThread { () throws -> Void in
            let server = try TestServer.start(extraArguments: ["--flood-wait", "help.getConfig=8"])
            defer { server.stop() }
            let session = try ClientAgainstTestServerTests.session(server)
            defer { session.close() }
            let (seconds, outcome) = try Self.cancelWhenServerSays("FLOOD_WAIT_8", server: server, session: session)
            #expect(seconds < 4)
            #expect(throws: MTProtoError.cancelled) { try outcome.get() }
        }
    }
}

private extension Api.Config {
    var thisDcValue: Int32 { ConfigSummary(self).thisDc }
}
