import Foundation
import MTProtoKit
import TelegramApi
import TelegramCore
import TestSupport
import Testing

/// Logging in against the Telegram-protocol test server (Tools/mtproto-server: its own accounts,
/// the code `--login-code`, SRP checked on its side with Python's integers): an existing account,
/// a new number signing up, the two-step password right and wrong, a wrong code, and logging out
/// ending the authorization. Serialized: each test blocks a thread, and the server needs the other core.
@Suite("Login against the test server", .serialized)
struct LoginFlowTests {
    static let code = "24680"

    static func withServer<T: Sendable>(_ body: @escaping @Sendable (TestServer, MTProtoClient) throws -> T) async throws -> T {
        try await onOwnThread { () throws -> T in
            let server = try TestServer.start(extraArguments: [
                "--login-code", code,
                "--account", "+999 66 1 0001:Ada:Lovelace",
                "--account", "99966 20002:Grace:Hopper:compiler 1952",
            ])
            defer { server.stop() }
            let pem = try String(contentsOfFile: TestServer.publicKeyPath, encoding: .utf8)
            let configuration = DatacenterConfiguration.custom(DatacenterAddress(host: "127.0.0.1", port: UInt16(server.port)), publicKeys: [pem])
            let client = MTProtoClient(configuration: configuration, identity: ClientIdentity(), transport: .intermediate)
            defer { client.close() }
            return try body(server, client)
        }
    }

    /// The step fails with `kind` (and, given, the server's error name); succeeding is an issue.
    static func expectFailure<T>(_ kind: LoginError.Kind, server name: String? = nil, sourceLocation: SourceLocation = #_sourceLocation,
                                 _ body: () throws(LoginError) -> T) {
        do {
            let result = try body()
            Issue.record("expected \(kind), got \(result)", sourceLocation: sourceLocation)
        } catch {
            #expect(error.kind == kind && (name == nil || error.serverError == name), "\(error)", sourceLocation: sourceLocation)
        }
    }

    @Test("An existing account: the code logs it in, as its own user")
    func existingAccount() async throws {
        try await Self.withServer { server, client in
            let login = LoginFlow(client: client, apiId: 1, apiHash: "test")
            #expect(try login.sendCode(phone: "+999 66 1 0001") == .codeSent(codeLength: 5, via: "app"))
            guard case .loggedIn(let user) = try login.signIn(code: Self.code) else { Issue.record("not logged in"); return }
            #expect(user.phone == "9996610001" && user.firstName == "Ada" && user.lastName == "Lovelace", "\(user)")
            #expect(user.id > 0 && user.accessHash != 0, "\(user)")
            #expect(!server.stderrText.contains(Self.code), "the server logged the code")
        }
    }

    @Test("A wrong code is named; the right one then still works")
    func wrongCode() async throws {
        try await Self.withServer { _, client in
            let login = LoginFlow(client: client, apiId: 1, apiHash: "test")
            _ = try login.sendCode(phone: "+999661 0001")
            Self.expectFailure(.wrongCode, server: "PHONE_CODE_INVALID") { () throws(LoginError) in try login.signIn(code: "11111") }
            guard case .loggedIn = try login.signIn(code: Self.code) else { Issue.record("the right code after a wrong one"); return }
        }
    }

    @Test("A new number signs up with a name, and is that user when it signs in again")
    func signUp() async throws {
        try await Self.withServer { _, client in
            let login = LoginFlow(client: client, apiId: 1, apiHash: "test")
            _ = try login.sendCode(phone: "+999 66 3 0003")
            #expect(try login.signIn(code: Self.code) == .signUpRequired)
            Self.expectFailure(.invalidName, server: "FIRSTNAME_INVALID") { () throws(LoginError) in try login.signUp(firstName: "  ", lastName: "") }
            guard case .loggedIn(let user) = try login.signUp(firstName: "Katherine", lastName: "Johnson") else { Issue.record("no sign-up"); return }
            #expect(user.name == "Katherine Johnson" && user.phone == "9996630003")
            try login.logOut()
            _ = try login.sendCode(phone: "999663 0003")
            guard case .loggedIn(let again) = try login.signIn(code: Self.code) else { Issue.record("no second sign-in"); return }
            #expect(again.id == user.id)
        }
    }

    @Test("The two-step password: asked for after the code; a wrong one refused, the right one logs in")
    func twoStepPassword() async throws {
        try await Self.withServer { server, client in
            let login = LoginFlow(client: client, apiId: 1, apiHash: "test")
            _ = try login.sendCode(phone: "+999 66 2 0002")
            guard case .passwordNeeded = try login.signIn(code: Self.code) else { Issue.record("no password asked"); return }
            Self.expectFailure(.wrongPassword, server: "PASSWORD_HASH_INVALID") { () throws(LoginError) in try login.checkPassword("compiler 1953") }
            guard case .loggedIn(let user) = try login.checkPassword("compiler 1952") else { Issue.record("not logged in"); return }
            #expect(user.firstName == "Grace")
            #expect(!server.stderrText.contains("compiler 1952"), "the server logged the password")
        }
    }

    @Test("Logging out ends the authorization: a second logout is told it is not logged in")
    func logOut() async throws {
        try await Self.withServer { _, client in
            let login = LoginFlow(client: client, apiId: 1, apiHash: "test")
            Self.expectFailure(.notLoggedIn, server: "AUTH_KEY_UNREGISTERED") { () throws(LoginError) in try login.logOut() }
            _ = try login.sendCode(phone: "+999 66 1 0001")
            _ = try login.signIn(code: Self.code)
            try login.logOut()
            Self.expectFailure(.notLoggedIn, server: "AUTH_KEY_UNREGISTERED") { () throws(LoginError) in try login.logOut() }
        }
    }

    @Test("Bad phone numbers are refused before anything is sent", arguments: ["", "+", "12", "+1 555 CALL NOW", "1234567890123456"])
    func badPhones(phone: String) throws {
        // Port 1 on loopback: nothing listens, so a request that went out would fail as network.
        let pem = try String(contentsOfFile: TestServer.publicKeyPath, encoding: .utf8)
        let client = MTProtoClient(configuration: .custom(DatacenterAddress(host: "127.0.0.1", port: 1), publicKeys: [pem]),
                                   identity: ClientIdentity(), transport: .intermediate)
        defer { client.close() }
        let login = LoginFlow(client: client, apiId: 1, apiHash: "test", timeout: 2)
        Self.expectFailure(.invalidPhone) { () throws(LoginError) in try login.sendCode(phone: phone) }
    }

    @Test("A flood wait reads as a countdown")
    func floodWaitCountdown() {
        #expect(LoginError.duration(45) == "45 s")
        #expect(LoginError.duration(80) == "1 min 20 s")
        #expect(LoginError.duration(7500) == "2 h 5 min")
    }
}
