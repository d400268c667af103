import Foundation
import Testing
import TestSupport

/// A link to a username no chat here has is asked of the server (contacts.resolveUsername): Linus
/// is a public account, in nobody's contact list, so Ada's first sync does not bring him.
/// `main open` stores him with his access hash (a message to him then reaches the server), and
/// a name nobody has is said as such, with the exit status of a link that opens nothing.
@Suite("Usernames looked up on the test server", .serialized)
struct ServerUsernameTests {
    static let linus = 1_000_002

    @Test(.timeLimit(.minutes(3)))
    func openLooksUpAUsernameOnTheServer() async throws {
        let server = try TestServer.start(extraArguments: ["--login-code", ServerSyncTests.code, "--account", "+999 66 1 0001:Ada:Lovelace",
                                                           "--public-account", "+999 66 3 0003:Linus:Torvalds::linus_t"])
        defer { server.stop() }
        try await withSandbox("server-username") { sandbox in
            try await sandbox.runOK(Executables.main, ["login", "--server", server.address, "--public-key", TestServer.publicKeyPath,
                                                      "--phone", "+999 66 1 0001", "--code", ServerSyncTests.code])
            _ = try await sandbox.runOK(Executables.main, ["sync"])
            let before = try await sandbox.run(Executables.main, ["open", "tg://localpeer?id=\(Self.linus)", "--json"])
            #expect(before.exitCode != 0, "Linus is not here before the lookup: \(before)")

            let opened = try await sandbox.runOK(Executables.main, ["open", "https://t.me/Linus_T", "--json"]).json()
            #expect(opened["peerId"] as? Int == Self.linus && opened["title"] as? String == "Linus Torvalds", "\(opened)")
            let again = try await sandbox.runOK(Executables.main, ["open", "tg://resolve?domain=linus_t", "--json"]).json()
            #expect(again["peerId"] as? Int == Self.linus, "\(again)")
            #expect(server.stderrText.components(separatedBy: "resolveUsername user").count - 1 == 1, "the second open found him here")

            let nobody = try await sandbox.run(Executables.main, ["open", "tg://resolve?domain=nobody_here", "--json"])
            #expect(nobody.exitCode == 1 && nobody.stderr.contains("nobody has the username @nobody_here"), "\(nobody)")

            // Stored with his access hash: share, sending by itself (main is not running), reaches him.
            let shared = try await sandbox.run("share", ["send", "--to", String(Self.linus), "--text", "hello linus", "--json"], timeout: 60)
            #expect(shared.succeeded, "\(shared)")
            let session = sandbox.base + "/linus"
            #expect(try await ServerSyncTests.telethon(server, "login", ["--phone", "+999 66 3 0003", "--code", ServerSyncTests.code],
                                                       session: session).succeeded)
            let history = try await ServerSyncTests.telethon(server, "history", ["--with", "+9996610001", "--limit", "10"], session: session)
            let texts = (try history.json()["messages"] as? [[String: Any]] ?? []).compactMap { $0["text"] as? String }
            #expect(texts == ["hello linus"], "\(history)")
        }
    }
}
