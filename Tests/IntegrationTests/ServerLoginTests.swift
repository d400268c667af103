import Foundation
import Testing
import TestSupport

/// `main login --server` against the Telegram-protocol test server, as a person runs it: the
/// account becomes the server's user (its id the peer id) with the login's key sealed in its
/// Postbox, every extension's bootstrap sees that key, a wrong code or a missing name is named,
/// the two-step password comes from standard input, a login while `main run` runs is handed to
/// it, and `main logout` revokes the key on the server.
@Suite("main login against the test server", .serialized)
struct ServerLoginTests {
    static let code = "97531"

    static func server() throws -> TestServer {
        try TestServer.start(extraArguments: ["--login-code", code, "--account", "+999 66 1 0001:Ada:Lovelace",
                                              "--account", "+999 66 2 0002:Grace:Hopper:cobol 1959"])
    }

    static func login(_ server: TestServer, _ phone: String, _ more: [String] = []) -> [String] {
        ["login", "--server", server.address, "--public-key", TestServer.publicKeyPath, "--phone", phone, "--timeout", "20"] + more
    }

    @Test("Logged in as the server's user with its key; extensions see the key; logout revokes it there",
          .timeLimit(.minutes(5)))
    func loginBootstrapAndLogout() async throws {
        let server = try Self.server()
        defer { server.stop() }
        try await withSandbox("server-login") { sandbox in
            let done = try await sandbox.runOK(Executables.main, Self.login(server, "+999 66 1 0001", ["--code", Self.code, "--json"])).json()
            #expect(done["userId"] as? Int == 1_000_001 && done["offline"] as? Bool == false && done["existing"] as? Bool == false, "\(done)")
            #expect(done["server"] as? String == server.address && done["name"] as? String == "Ada Lovelace", "\(done)")

            let accounts = try await sandbox.runOK(Executables.main, ["accounts", "--json"]).json()
            let entry = try #require((accounts["accounts"] as? [[String: Any]])?.first)
            #expect(entry["peerId"] as? Int == 1_000_001 && entry["server"] as? String == server.address && entry["offline"] as? Bool == false,
                    "\(accounts)")

            for executable in ["share", "widget", "intents"] {
                let report = try await sandbox.runOK(executable, ["bootstrap", "--json"]).json()
                let network = try #require(report["network"] as? [String: Any], "\(executable): \(report)")
                #expect(network["server"] as? String == server.address && network["userId"] as? Int == 1_000_001, "\(executable): \(network)")
                #expect(network["datacentersWithKeys"] as? [Int] == [2], "\(executable): \(network)")
            }

            let out = try await sandbox.runOK(Executables.main, ["logout"])
            #expect(out.stdout.contains("logged out on \(server.address)"), "\(out)")
            #expect(server.stderrText.contains("auth.logOut → LoggedOut"), "\(server.stderrText)")
            // Logging in again is a new authorization of the same user.
            let again = try await sandbox.runOK(Executables.main, Self.login(server, "9996610001", ["--code", Self.code, "--json"])).json()
            #expect(again["userId"] as? Int == 1_000_001, "\(again)")
        }
    }

    @Test("A wrong code, a new number without a name, a bad phone: each named, nothing created", .timeLimit(.minutes(5)))
    func refusals() async throws {
        let server = try Self.server()
        defer { server.stop() }
        try await withSandbox("server-login-bad") { sandbox in
            let wrong = try await sandbox.run(Executables.main, Self.login(server, "+999 66 1 0001", ["--code", "11111"]))
            #expect(wrong.exitCode == 1 && wrong.stderr.contains("wrong code") && wrong.stderr.contains("PHONE_CODE_INVALID"), "\(wrong)")
            let unnamed = try await sandbox.run(Executables.main, Self.login(server, "+999 66 7 0007", ["--code", Self.code]))
            #expect(unnamed.exitCode == 64 && unnamed.stderr.contains("give --name"), "\(unnamed)")
            let badPhone = try await sandbox.run(Executables.main, Self.login(server, "call me", ["--code", Self.code]))
            #expect(badPhone.exitCode == 64 && badPhone.stderr.contains("not a phone number"), "\(badPhone)")
            let noCode = try await sandbox.run(Executables.main, Self.login(server, "+999 66 1 0001"), stdin: "")
            #expect(noCode.exitCode == 64 && noCode.stderr.contains("--code"), "\(noCode)")
            let unreachable = try await sandbox.run(Executables.main, ["login", "--server", "127.0.0.1:1", "--public-key", TestServer.publicKeyPath,
                                                                       "--phone", "+999 66 1 0001", "--code", Self.code, "--timeout", "3"])
            #expect(unreachable.exitCode == 69 && unreachable.stderr.contains("cannot reach the server"), "\(unreachable)")
            let accounts = try await sandbox.runOK(Executables.main, ["accounts", "--json"]).json()
            #expect((accounts["accounts"] as? [[String: Any]])?.isEmpty == true, "\(accounts)")
        }
    }

    @Test("The two-step password from standard input, a sign-up with --name, and a login handed to the running app",
          .timeLimit(.minutes(5)))
    func passwordSignUpAndHandOff() async throws {
        let server = try Self.server()
        defer { server.stop() }
        try await withSandbox("server-login-more") { sandbox in
            let wrong = try await sandbox.run(Executables.main, Self.login(server, "+999 66 2 0002", ["--code", Self.code]), stdin: "cobol 1960\n")
            #expect(wrong.exitCode == 1 && wrong.stderr.contains("wrong password"), "\(wrong)")
            #expect(!server.stderrText.contains("cobol"), "the password reached the server's log")
            let grace = try await sandbox.runOK(Executables.main, Self.login(server, "+999 66 2 0002", ["--code", Self.code, "--json"]),
                                                stdin: "cobol 1959\n").json()
            #expect(grace["userId"] as? Int == 1_000_002, "\(grace)")

            let (run, _) = try await sandbox.startMainRun(["--headless"])
            defer { run.kill9() }
            let katherine = try await sandbox.runOK(Executables.main, Self.login(server, "+999 66 3 0003",
                                                                                ["--code", Self.code, "--name", "Katherine Johnson", "--json"])).json()
            #expect(katherine["signedUp"] as? Bool == true && katherine["name"] as? String == "Katherine Johnson", "\(katherine)")
            run.send(SIGTERM)
            _ = try await run.wait(timeout: 30)
            let accounts = try await sandbox.runOK(Executables.main, ["accounts", "--json"]).json()
            let listed = (accounts["accounts"] as? [[String: Any]]) ?? []
            #expect(Set(listed.compactMap { $0["peerId"] as? Int }) == [1_000_002, 1_000_003], "\(accounts)")
            #expect(accounts["currentAccountId"] as? String == katherine["accountId"] as? String, "\(accounts)")
        }
    }
}
