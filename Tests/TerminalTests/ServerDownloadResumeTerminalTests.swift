import Foundation
import Testing
import TestSupport
#if canImport(Glibc)
import Glibc
#endif

/// A file fetched from the test server is resumed, not fetched again: Enter on Grace's 3 MB file
/// starts `upload.getFile` in 512 KiB chunks (each answered 1.5 s late, so a loaded machine's screen reads
/// still catch the download between its first chunk and its last), `main` is killed with
/// SIGKILL while it downloads, and after the restart Enter again goes on from the chunks the
/// `.part` file holds: the first getFile after the restart asks for an offset past 0, and the
/// file saved is Grace's, byte for byte.
@Suite(.serialized, .enabled(if: TmuxSession.isAvailable, "tmux is not installed: run Scripts/setup"))
struct ServerDownloadResumeTerminalTests {
    typealias Keys = MessageActionsTerminalTests
    static let code = "24680"

    @Test func aDownloadKilledHalfwayGoesOnAfterTheRestart() async throws {
        let server = try TestServer.start(extraArguments: ["--login-code", Self.code, "--account", "+999 66 1 0001:Ada:Lovelace",
                                                           "--account", "+999 66 2 0002:Grace:Hopper", "--delay-method", "upload.getFile=1.5"])
        defer { server.stop() }
        let directory = try TemporaryDirectory("server-download-resume")
        defer { directory.remove() }
        let container = directory.sub("container"), session = directory.sub("grace"), downloads = directory.sub("downloads")
        try FileManager.default.createDirectory(atPath: downloads, withIntermediateDirectories: true)
        let original = directory.sub("archive.bin")
        var bytes = Data(capacity: 3 * 1024 * 1024)
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        while bytes.count < 3 * 1024 * 1024 + 123 {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            withUnsafeBytes(of: state) { bytes.append(contentsOf: $0) }
        }
        try bytes.prefix(3 * 1024 * 1024 + 123).write(to: URL(fileURLWithPath: original))
        func grace(_ command: String, _ arguments: [String]) async throws {
            try await server.telethonChat(command, session: session, arguments)
        }
        try await grace("login", ["--phone", "+999 66 2 0002", "--code", Self.code])
        _ = try await MainInterfaceTerminalTests.run("main", ["login", "--server", server.address, "--public-key", TestServer.publicKeyPath,
                                                              "--phone", "+999 66 1 0001", "--code", Self.code, "--container", container])
        try await grace("send-file", ["--to", "+9996610001", "--path", original, "--caption", "the archive"])
        _ = try await MainInterfaceTerminalTests.run("main", ["sync", "--container", container])
        let environment = ["XDG_DOWNLOAD_DIR": downloads]

        // Enter on the file: it downloads; killed with SIGKILL while it does.
        var tmux = try TmuxSession(width: 80, height: 24, command: [Executables.path(Executables.main), "--container", container],
                                   environment: environment)
        try await Self.openTheFile(tmux)
        try await tmux.waitFor(timeout: 20, "a chunk or two in") { $0.contains { $0.contains("downloading") && !$0.contains("downloading 0%") } }
        let pid = try #require(Int32(try tmux.format("#{pane_pid}")))
        #expect(kill(pid, SIGKILL) == 0)
        tmux.kill()
        let before = Self.offsets(server)
        #expect(!before.isEmpty && before.count < 7, "killed after \(before.count) chunks: \(before)")

        // Started again: the file is still on the server; Enter goes on from the .part file.
        tmux = try TmuxSession(width: 80, height: 24, command: [Executables.path(Executables.main), "--container", container],
                               environment: environment)
        defer { tmux.kill() }
        try await Self.openTheFile(tmux)
        try await tmux.waitFor(timeout: 40, "the file fetched") { lines in !lines.contains { $0.contains("on the server") || $0.contains("downloading") } }
        let after = Array(Self.offsets(server).dropFirst(before.count))
        #expect(after.first.map { $0 > 0 } == true, "the restart fetched from \(after.first ?? -1), not where it stopped: \(before) then \(after)")
        #expect(Set(before + after).count == 7, "7 chunks of 512 KiB in all, each once or twice: \(before) then \(after)")
        try await Keys.key(tmux, "s")
        try await tmux.waitFor(text: "Saved to", timeout: 10)
        let saved = try FileManager.default.contentsOfDirectory(atPath: downloads).map { downloads + "/" + $0 }
        #expect(saved.count == 1 && FileManager.default.contents(atPath: saved[0]) == FileManager.default.contents(atPath: original),
                "\(saved)")
    }

    /// Enter on the top chat (Grace's), then Up to her file and Enter: the download starts.
    static func openTheFile(_ tmux: TmuxSession) async throws {
        try await tmux.waitFor(text: "Grace Hopper", timeout: 15)
        try await tmux.still()
        try await Keys.key(tmux, "Enter")
        try await tmux.waitFor(timeout: 15, "the file on the server") { $0.contains { $0.contains("on the server") } }
        try await tmux.still()
        try await Keys.key(tmux, "Up")
        try await Keys.key(tmux, "Enter")
    }

    /// The offsets of Ada's getFile requests, in the order the server logged them.
    static func offsets(_ server: TestServer) -> [Int] {
        server.stderrText.split(separator: "\n").filter { $0.contains("getFile user 1000001") }.compactMap { line in
            line.range(of: #"offset \d+"#, options: .regularExpression).flatMap { Int(line[$0].dropFirst(7)) }
        }
    }
}
