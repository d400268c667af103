import Container
import Foundation
@testable import MTProtoKit
import TLSerialization
import TelegramApi
import TestSupport
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// The Swift client against the Telegram-protocol test server (Tools/mtproto-server, built on
/// Telethon's TL objects and `cryptography`, no code shared): a key and the config over every
/// transport, each misbehaviour refused with its reason, a restart mid-request answered once,
/// FLOOD_WAIT waited out, *_MIGRATE_X followed. Serialized: each test blocks a thread on its
/// requests, and two at a time is all the machine's cores give a server and a client.
@Suite("MTProto client against the test server", .serialized)
struct ClientAgainstTestServerTests {
    static func configuration(_ server: TestServer) throws -> DatacenterConfiguration {
        let pem = try String(contentsOfFile: TestServer.publicKeyPath, encoding: .utf8)
        return .custom(DatacenterAddress(host: "127.0.0.1", port: UInt16(server.port)), publicKeys: [pem])
    }

    static func session(_ server: TestServer, transport: TransportKind = .intermediate, datacenter: Int32 = 2,
                        store: AuthKeyStore = MemoryAuthKeyStore(), requestTimeout: Double = 10) throws -> MTProtoSession {
        var options = MTProtoSession.Options()
        options.requestTimeout = requestTimeout
        options.connectTimeout = 5
        return MTProtoSession(datacenter: datacenter, configuration: try configuration(server), keyStore: store,
                              options: options, connector: TransportConnector.connector(transport, datacenterId: datacenter))
    }

    /// invokeWithLayer(initConnection(help.getConfig)), as a client's first request.
    static func config(_ session: MTProtoSession, timeout: Double? = nil) throws -> ConfigSummary {
        ConfigSummary(try session.invoke(ClientIdentity().wrap(Api.functions.help.GetConfig()), timeout: timeout))
    }

    /// The key exchange alone over a fresh connection, its error when it fails.
    static func exchangeError(misbehave: [String]) throws -> AuthKeyExchangeError? {
        let server = try TestServer.start(misbehave: misbehave)
        defer { server.stop() }
        let connection = try TransportConnection.connect(to: DatacenterAddress(host: "127.0.0.1", port: UInt16(server.port)),
                                                         kind: .intermediate, timeout: 5)
        defer { connection.close() }
        let keys = try configuration(server).serverPublicKeys()
        do {
            _ = try AuthKeyExchange(publicKeys: keys, wireDatacenterId: 2, timeout: 10).run(over: connection)
            return nil
        } catch let error as AuthKeyExchangeError {
            return error
        }
    }

    /// Waits (at most 5 s) for a condition another thread makes true.
    static func eventually(_ condition: () -> Bool) -> Bool {
        let deadline = Date().addingTimeInterval(5)
        while !condition() && Date() < deadline { usleep(20_000) }
        return condition()
    }

    @Test("Every transport creates a key, gets the config, pings and asks updates.getState", arguments: TransportKind.allCases)
    func everyTransport(_ transport: TransportKind) async throws {
        try await onOwnThread { () throws -> Void in
            let server = try TestServer.start()
            defer { server.stop() }
            let store = MemoryAuthKeyStore()
            let session = try Self.session(server, transport: transport, store: store)
            defer { session.close() }
            let config = try Self.config(session)
            #expect(config.thisDc == 2)
            #expect(config.dcOptions >= 1)
            #expect(try session.ping() > 0)
            guard case .state(let pts, _, _, _, _) = try session.invoke(Api.functions.updates.GetState()) else {
                Issue.record("not updates.state")
                return
            }
            #expect(pts >= 0)
            // The key is in the store, and it is the one the server made.
            let key = try #require(store.authInfo(datacenter: 2)?.authKey)
            #expect(server.stderrText.contains(String(UInt64(bitPattern: key.id), radix: 16)))
            #expect(session.statistics.authKeysCreated == 1)
            #expect(session.statistics.refusedIncoming == 0)
        }
    }

    @Test("A stored key is used again: no second exchange")
    func storedKeyIsReused() async throws {
        try await onOwnThread { () throws -> Void in
            let server = try TestServer.start()
            defer { server.stop() }
            let store = MemoryAuthKeyStore()
            let first = try Self.session(server, store: store)
            _ = try Self.config(first)
            first.close()
            let second = try Self.session(server, store: store)
            defer { second.close() }
            _ = try Self.config(second)
            #expect(second.statistics.authKeysCreated == 0)
            #expect(second.authKey == store.authInfo(datacenter: 2)?.authKey)
        }
    }

    @Test("dh_gen_retry is answered with a new g_b and the key is made")
    func dhGenRetry() async throws {
        try await onOwnThread { () throws -> Void in
            #expect(try Self.exchangeError(misbehave: ["dh-retry-once"]) == nil)
        }
    }

    @Test("A hostile key exchange is refused with its reason", arguments: [
        ("bad-nonce", "nonce"), ("bad-server-nonce", "server_nonce"), ("bad-fingerprint", "public key"),
        ("bad-g-a", "g_a"), ("bad-g-a=p-1", "g_a"), ("bad-g-a=small", "g_a"), ("unsafe-dh-prime", "prime"), ("unsafe-dh-prime=composite", "unsafe Diffie-Hellman"),
        ("bad-new-nonce-hash", "new_nonce_hash"),
    ])
    func hostileKeyExchange(_ mode: String, _ reason: String) async throws {
        try await onOwnThread { () throws -> Void in
            let error = try #require(try Self.exchangeError(misbehave: [mode]), "\(mode) was accepted")
            #expect(error.description.contains(reason), "\(mode): \(error)")
            switch (mode.split(separator: "=").first.map(String.init) ?? mode, error) {
            case ("bad-nonce", .nonceMismatch), ("bad-server-nonce", .serverNonceMismatch), ("bad-fingerprint", .noKnownPublicKey),
                 ("bad-g-a", .unsafeParameters), ("unsafe-dh-prime", .unsafeParameters), ("bad-new-nonce-hash", .newNonceHashMismatch):
                break
            default:
                Issue.record("\(mode) refused for another reason: \(error)")
            }
        }
    }

    @Test("A refused exchange leaves no key behind")
    func refusedExchangeStoresNothing() async throws {
        try await onOwnThread { () throws -> Void in
            let server = try TestServer.start(misbehave: ["bad-new-nonce-hash"])
            defer { server.stop() }
            let store = MemoryAuthKeyStore()
            let session = try Self.session(server, store: store)
            defer { session.close() }
            #expect(throws: AuthKeyExchangeError.newNonceHashMismatch(step: "dh_gen_ok")) { try session.connect() }
            #expect(store.authInfo(datacenter: 2) == nil)
            #expect(session.authKey == nil)
        }
    }

    @Test("Messages that fail a check are refused, and nothing they carry is taken", arguments: [
        "wrong-msg-key", "wrong-session-id", "old-msg-id",
    ])
    func refusedMessages(_ mode: String) async throws {
        try await onOwnThread { () throws -> Void in
            let server = try TestServer.start(misbehave: [mode])
            defer { server.stop() }
            let session = try Self.session(server)
            defer { session.close() }
            #expect(throws: MTProtoError.timedOut(method: "invokeWithLayer", seconds: 2)) { _ = try Self.config(session, timeout: 2) }
            #expect(session.statistics.refusedIncoming >= 1)
        }
    }

    @Test("A replayed message is refused; each request is answered once")
    func replayedMessage() async throws {
        try await onOwnThread { () throws -> Void in
            let server = try TestServer.start(misbehave: ["replayed-msg-id"])
            defer { server.stop() }
            let session = try Self.session(server)
            defer { session.close() }
            for _ in 0..<3 { _ = try Self.config(session) }
            #expect(Self.eventually { session.statistics.refusedIncoming >= 2 })
        }
    }

    @Test("A changing server salt is followed: bad_server_salt, the request sent again")
    func saltChanges() async throws {
        try await onOwnThread { () throws -> Void in
            let server = try TestServer.start(misbehave: ["salt-changes"])
            defer { server.stop() }
            let session = try Self.session(server)
            defer { session.close() }
            do {
                _ = try Self.config(session)
                for _ in 0..<8 { _ = try session.invoke(Api.functions.updates.GetState()) }
            } catch {
                Issue.record("\(error); the server said:\n\(server.stderrText)")
                return
            }
            #expect(session.statistics.saltChanges >= 1)
            #expect(session.statistics.resent >= 1)
        }
    }

    @Test("A server that never answers fails the connection in its time, with the reason")
    func stalledServer() async throws {
        try await onOwnThread { () throws -> Void in
            let server = try TestServer.start(misbehave: ["stall"])
            defer { server.stop() }
            let session = try Self.session(server)
            defer { session.close() }
            let started = Date()
            #expect(throws: TransportTimeout.self) { try session.connect(timeout: 1) }
            #expect(Date().timeIntervalSince(started) < 8)
        }
    }

    @Test("A truncated frame ends the connection with a transport error, not a hang")
    func truncatedFrame() async throws {
        try await onOwnThread { () throws -> Void in
            let server = try TestServer.start(misbehave: ["truncated-frame"])
            defer { server.stop() }
            let session = try Self.session(server)
            defer { session.close() }
            #expect(throws: TransportError.self) { try session.connect(timeout: 5) }
            #expect(session.authKey == nil)
        }
    }

    @Test("The server's clock an hour ahead: msg_ids follow it, from the exchange and from bad_msg_notification")
    func serverClockAhead() async throws {
        try await onOwnThread { () throws -> Void in
            let state = try TemporaryDirectory("mtproto-state")
            defer { state.remove() }
            let store = MemoryAuthKeyStore()
            do {
                let server = try TestServer.start(misbehave: ["time-offset=3600"], stateDirectory: state.path)
                defer { server.stop() }
                let session = try Self.session(server, store: store)
                defer { session.close() }
                _ = try Self.config(session)
                #expect(abs(session.timeOffset - 3600) <= 2)
            }
            // The same key, its stored offset wrong (0): the server says msg_id too low (16), the
            // client learns the offset from that message's own msg_id and sends again.
            var info = try #require(store.authInfo(datacenter: 2))
            info.timeOffset = 0
            store.setAuthInfo(info, datacenter: 2)
            let server = try TestServer.start(misbehave: ["time-offset=3600"], stateDirectory: state.path)
            defer { server.stop() }
            let session = try Self.session(server, store: store)
            defer { session.close() }
            do { _ = try Self.config(session) } catch {
                Issue.record("\(error); the server said:\n\(server.stderrText)")
                return
            }
            #expect(abs(session.timeOffset - 3600) <= 2)
            #expect(session.statistics.authKeysCreated == 0)
            #expect(session.statistics.resent >= 1)
        }
    }

    @Test("FLOOD_WAIT_1 is waited out and the request answered")
    func floodWait() async throws {
        try await onOwnThread { () throws -> Void in
            let server = try TestServer.start(extraArguments: ["--flood-wait", "help.getConfig=1"])
            defer { server.stop() }
            let session = try Self.session(server)
            defer { session.close() }
            let started = Date()
            #expect(try Self.config(session).thisDc == 2)
            #expect(Date().timeIntervalSince(started) >= 1)
        }
    }

    @Test("NETWORK_MIGRATE_4 moves the client to datacenter 4 with a key of its own there")
    func migrate() async throws {
        try await onOwnThread { () throws -> Void in
            let server = try TestServer.start(extraArguments: ["--migrate", "updates.getState=4"])
            defer { server.stop() }
            let store = MemoryAuthKeyStore()
            let client = MTProtoClient(configuration: try Self.configuration(server), identity: ClientIdentity(),
                                       transport: .intermediate, keyStore: store)
            defer { client.close() }
            _ = try client.invoke(Api.functions.updates.GetState())
            #expect(client.mainDatacenter == 4)
            #expect(store.authInfo(datacenter: 2) != nil)
            #expect(store.authInfo(datacenter: 4) != nil)
            #expect(store.authInfo(datacenter: 2)?.authKey != store.authInfo(datacenter: 4)?.authKey)
        }
    }

    @Test("The server killed and restarted mid-request: the request is answered once, after the reconnect")
    func restartMidRequest() async throws {
        try await onOwnThread { () throws -> Void in
            let state = try TemporaryDirectory("mtproto-state")
            defer { state.remove() }
            let first = try TestServer.start(stateDirectory: state.path)
            let port = first.port
            first.stop()
            // The same port and keys; this one holds help.getConfig for 30 s, then is killed.
            let slow = try TestServer.start(extraArguments: ["--delay-method", "help.getConfig=30"], stateDirectory: state.path, port: port)
            let session = try Self.session(slow, requestTimeout: 30)
            defer { session.close() }
            _ = try session.invoke(ClientIdentity().wrap(Api.functions.updates.GetState()))
            let answer = ThreadResult<Int32>()
            let thread = try #require(JoinableThread.start {
                answer.set(Result { try Self.config(session).thisDc })
            })
            #expect(Self.eventually { slow.stderrText.contains("answering in 30.0 s") })
            slow.kill()
            let restarted = try TestServer.start(stateDirectory: state.path, port: port)
            defer { restarted.stop() }
            thread.join()
            #expect(try answer.get().get() == 2)
            let executions = restarted.stderrText.components(separatedBy: "help.getConfig → ").count - 1
            #expect(executions == 1, "\(restarted.stderrText)")
            #expect(session.statistics.connections == 2)
            #expect(session.statistics.resent >= 1)
        }
    }
}
