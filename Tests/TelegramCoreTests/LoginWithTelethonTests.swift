import Foundation
import MTProtoKit
import TelegramCore
import TestSupport
import Testing

/// Telethon (a client proven against Telegram) and ours share accounts on the test server: an
/// account our client signs up is the one Telethon signs in to (same user id, names, phone), and
/// the account Telethon signs up with a two-step password set on the server is the one ours
/// signs in to with that password. If either side's login were wrong, the other would not match.
@Suite("Login: our client and Telethon on the same accounts", .serialized)
struct LoginWithTelethonTests {
    static func telethon(_ server: TestServer, _ arguments: [String]) async throws -> [String: Any] {
        try await server.runTelethon("telethon_login.py", ["--json", "--timeout", "30"] + arguments).json()
    }

    static func client(_ server: TestServer) throws -> MTProtoClient {
        let pem = try String(contentsOfFile: TestServer.publicKeyPath, encoding: .utf8)
        return MTProtoClient(configuration: .custom(DatacenterAddress(host: "127.0.0.1", port: UInt16(server.port)), publicKeys: [pem]),
                             identity: ClientIdentity(), transport: .obfuscatedPadded)
    }

    @Test("Signed up by ours, signed in by Telethon: the same user")
    func oursSignsUpTelethonSignsIn() async throws {
        let server = try TestServer.start(extraArguments: ["--login-code", "13579"])
        defer { server.stop() }
        let user = try await onOwnThread { () throws -> AuthorizedUser? in
            let client = try Self.client(server)
            defer { client.close() }
            let login = LoginFlow(client: client, apiId: 1, apiHash: "test")
            _ = try login.sendCode(phone: "+999 66 4 0004")
            guard try login.signIn(code: "13579") == .signUpRequired else { return nil }
            guard case .loggedIn(let user) = try login.signUp(firstName: "Dorothy", lastName: "Vaughan") else { return nil }
            return user
        }
        let ours = try #require(user)
        let theirs = try await Self.telethon(server, ["--phone", "+999 66 4 0004", "--code", "13579"])
        #expect(theirs["ok"] as? Bool == true && theirs["signed_up"] as? Bool == false, "\(theirs)")
        #expect((theirs["user_id"] as? NSNumber)?.int64Value == ours.id, "\(theirs) vs \(ours)")
        #expect(theirs["first_name"] as? String == "Dorothy" && theirs["phone"] as? String == ours.phone, "\(theirs)")
    }

    @Test("Signed up by Telethon, signed in by ours with the server's two-step password")
    func telethonSignsUpOursSignsInWithThePassword() async throws {
        let server = try TestServer.start(extraArguments: ["--login-code", "13579", "--account", "+999 66 5 0005:Mary:Jackson:wind tunnel"])
        defer { server.stop() }
        let theirs = try await Self.telethon(server, ["--phone", "9996650005", "--code", "13579", "--password", "wind tunnel"])
        #expect(theirs["ok"] as? Bool == true && theirs["password_used"] as? Bool == true, "\(theirs)")
        let newcomer = try await Self.telethon(server, ["--phone", "+999 66 6 0006", "--code", "13579", "--first-name", "Annie", "--last-name", "Easley"])
        #expect(newcomer["ok"] as? Bool == true && newcomer["signed_up"] as? Bool == true, "\(newcomer)")
        let (withPassword, signedUp) = try await onOwnThread { () throws -> (AuthorizedUser?, AuthorizedUser?) in
            let client = try Self.client(server)
            defer { client.close() }
            let login = LoginFlow(client: client, apiId: 1, apiHash: "test")
            _ = try login.sendCode(phone: "+999 66 5 0005")
            guard case .passwordNeeded = try login.signIn(code: "13579"), case .loggedIn(let first) = try login.checkPassword("wind tunnel") else {
                return (nil, nil)
            }
            try login.logOut()
            _ = try login.sendCode(phone: "+999 66 6 0006")
            guard case .loggedIn(let second) = try login.signIn(code: "13579") else { return (first, nil) }
            return (first, second)
        }
        #expect(withPassword.map { $0.id } == (theirs["user_id"] as? NSNumber)?.int64Value, "\(String(describing: withPassword)) vs \(theirs)")
        #expect(signedUp.map { $0.id } == (newcomer["user_id"] as? NSNumber)?.int64Value && signedUp?.name == "Annie Easley",
                "\(String(describing: signedUp)) vs \(newcomer)")
    }
}
