import Foundation
import Testing
import TestSupport

/// Files that live on another datacenter (the test server's --file-dc 4, at an address of its
/// own, as Telegram keeps most files away from an account's home): Enter on Grace's file asks
/// upload.getFile of datacenter 4, whose key knows no account until the app carries it there
/// (auth.exportAuthorization on the main datacenter, auth.importAuthorization on 4), once; the
/// file saved is Grace's, byte for byte. Telethon, the independent client, downloads Ada's file
/// from datacenter 4 the same way, so the server's side of the transfer is checked too. Both find
/// datacenter 4's address in help.getConfig.
@Suite(.serialized, .enabled(if: TmuxSession.isAvailable, "tmux is not installed: run Scripts/setup"))
struct ServerFileDatacenterTerminalTests {
    typealias Keys = MessageActionsTerminalTests
    static let code = "86420"

    @Test func aFileOnAnotherDatacenterComesOnceTheAccountIsCarriedThere() async throws {
        let server = try TestServer.start(extraArguments: ["--login-code", Self.code, "--account", "+999 66 1 0001:Ada:Lovelace",
                                                           "--account", "+999 66 2 0002:Grace:Hopper", "--file-dc", "4"])
        defer { server.stop() }
        let directory = try TemporaryDirectory("server-file-dc")
        defer { directory.remove() }
        let container = directory.sub("container"), session = directory.sub("grace"), downloads = directory.sub("downloads")
        try FileManager.default.createDirectory(atPath: downloads, withIntermediateDirectories: true)
        let (theirs, ours) = (directory.sub("notes.bin"), directory.sub("plan.bin"))
        try writeRandomFile(theirs, bytes: 700_000, seed: 11)
        try writeRandomFile(ours, bytes: 300_000, seed: 12)
        try await server.telethonChat("login", session: session, ["--phone", "+999 66 2 0002", "--code", Self.code])
        _ = try await MainInterfaceTerminalTests.run("main", ["login", "--server", server.address, "--public-key", TestServer.publicKeyPath,
                                                              "--phone", "+999 66 1 0001", "--code", Self.code, "--container", container])
        try await server.telethonChat("send-file", session: session, ["--to", "+9996610001", "--path", theirs, "--caption", "the notes"])

        _ = try await MainInterfaceTerminalTests.run("main", ["sync", "--container", container])

        // Ours, sent: Telethon fetches it from datacenter 4 with an authorization it carried there.
        _ = try await MainInterfaceTerminalTests.run("share", ["send", "--to", "1000002", "--file", ours, "--caption", "the plan",
                                                               "--container", container])
        _ = try await MainInterfaceTerminalTests.run("main", ["sync", "--container", container])
        let history = try await server.telethonChat("history", session: session, ["--with", "+9996610001", "--limit", "5"])
        let messages = try #require(try history.json()["messages"] as? [[String: Any]], "\(history)")
        let plan = try #require(messages.first { $0["text"] as? String == "the plan" }, "\(messages)")
        let fetched = directory.sub("got-plan.bin")
        try await server.telethonChat("download", session: session, ["--with", "+9996610001", "--id", String(plan["id"] as? Int ?? 0),
                                                                     "--out", fetched])
        #expect(FileManager.default.contents(atPath: fetched) == FileManager.default.contents(atPath: ours), "Telethon's copy differs")
        #expect(server.stderrText.contains("importAuthorization user 1000002 on dc 4"), "\(server.stderrText.suffix(2000))")

        // Theirs, opened in the app: fetched from datacenter 4, the account carried there once.
        let tmux = try TmuxSession(width: 80, height: 24, command: [Executables.path(Executables.main), "--container", container],
                                   environment: ["XDG_DOWNLOAD_DIR": downloads])
        defer { tmux.kill() }
        try await tmux.waitFor(text: "Grace Hopper", timeout: 15)
        try await tmux.still()
        try await Keys.key(tmux, "Enter")
        try await tmux.waitFor(timeout: 15, "her file on the server") { $0.contains { $0.contains("on the server") } }
        try await tmux.still()
        // Up to Ada's own file, Up again to Grace's, Enter: the download starts.
        try await Keys.key(tmux, "Up")
        try await Keys.key(tmux, "Up")
        try await Keys.key(tmux, "Enter")
        try await tmux.waitFor(timeout: 30, "the file fetched") { lines in !lines.contains { $0.contains("on the server") || $0.contains("downloading") } }
        try await Keys.key(tmux, "s")
        try await tmux.waitFor(text: "Saved to", timeout: 10)
        let saved = try FileManager.default.contentsOfDirectory(atPath: downloads).map { downloads + "/" + $0 }
        #expect(saved.count == 1 && FileManager.default.contents(atPath: saved[0]) == FileManager.default.contents(atPath: theirs), "\(saved)")
        let log = server.stderrText
        #expect(log.components(separatedBy: "exportAuthorization user 1000001 for dc 4").count - 1 == 1, "carried once: \(log.suffix(2000))")
        #expect(log.contains("importAuthorization user 1000001 on dc 4"))
        #expect(log.contains("getFile user 1000001"))
        // Both clients went to the address help.getConfig names for datacenter 4.
        #expect(log.components(separatedBy: "at dc 4's own address").count - 1 >= 2, "\(log.suffix(3000))")
    }
}
