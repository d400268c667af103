import Container
import Foundation
@testable import MTProtoKit
import TelegramApi
import TestSupport
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// msg_container from the client: requests waiting to go at one moment leave in one container,
/// the server (its own parser) takes it, answers each once, and a notice that names the
/// container sends again everything it carried.
@Suite("Outgoing msg_container", .serialized)
struct OutgoingContainerTests {
    /// A session whose connection takes `delay` seconds to be made, so requests queue meanwhile.
    static func slowConnectingSession(_ server: TestServer, delay: Double) throws -> MTProtoSession {
        let connect = TransportConnector.connector(.intermediate, datacenterId: 2)
        var options = MTProtoSession.Options()
        options.requestTimeout = 10
        return MTProtoSession(datacenter: 2, configuration: try ClientAgainstTestServerTests.configuration(server), options: options) {
            address, timeout in
            usleep(UInt32(delay * 1e6))
            return try connect(address, timeout)
        }
    }

    /// `count` threads each asking help.getConfig at once; their answers' this_dc.
    static func configsAtOnce(_ session: MTProtoSession, count: Int) throws -> [Int32] {
        let results = (0..<count).map { _ in ThreadResult<Int32>() }
        let threads = try results.map { result in
            try #require(JoinableThread.start { result.set(Result { try ClientAgainstTestServerTests.config(session).thisDc }) })
        }
        threads.forEach { $0.join() }
        return try results.map { try $0.get().get() }
    }

    static func occurrences(_ text: String, _ needle: String) -> Int { text.components(separatedBy: needle).count - 1 }

    @Test("Requests made while the connection is made leave in one msg_container; each is answered once")
    func queuedRequestsShareAContainer() async throws {
        try await onOwnThread { () throws -> Void in
            let server = try TestServer.start()
            defer { server.stop() }
            let session = try Self.slowConnectingSession(server, delay: 0.5)
            defer { session.close() }
            #expect(try Self.configsAtOnce(session, count: 5) == [2, 2, 2, 2, 2])
            let log = server.stderrText
            #expect(log.contains("msg_container of 5 messages"), "\(log)")
            #expect(Self.occurrences(log, "help.getConfig → ") == 5, "\(log)")
            #expect(!log.contains("holds a newer msg_id"))
            #expect(session.statistics.resent == 0)
        }
    }

    @Test("A bad_server_salt naming a container sends each request in it again, and each is answered once")
    func saltChangeNamingAContainer() async throws {
        try await onOwnThread { () throws -> Void in
            let server = try TestServer.start(misbehave: ["salt-change-on-container"])
            defer { server.stop() }
            let session = try Self.slowConnectingSession(server, delay: 0.5)
            defer { session.close() }
            #expect(try Self.configsAtOnce(session, count: 4) == [2, 2, 2, 2])
            let log = server.stderrText
            #expect(Self.occurrences(log, "msg_container of 4 messages") == 1, "\(log)")
            #expect(Self.occurrences(log, "bad_server_salt for msg_id") == 1, "\(log)")
            #expect(Self.occurrences(log, "help.getConfig → ") == 4, "\(log)")
            #expect(session.statistics.saltChanges == 1)
            #expect(session.statistics.resent == 4)
        }
    }

    @Test("Containers split at the message limit, in order")
    func batches() {
        let split = MessageContainer.batches(Array(0..<250), bodySize: { _ in 8 })
        #expect(split.map(\.count) == [100, 100, 50])
        #expect(split.flatMap { $0 } == Array(0..<250))
        let big = MessageContainer.batches([1, 2, 3], bodySize: { _ in 600_000 })
        #expect(big.map(\.count) == [1, 1, 1])
    }
}
