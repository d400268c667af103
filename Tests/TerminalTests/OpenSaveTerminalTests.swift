import Foundation
import Testing
import TestSupport

/// Open and save in the real `main` on a real terminal (tmux), at 160×48 and 80×24:
/// Enter on a shared file runs the configured opener (a script that records its arguments) on a
/// named copy holding the file's bytes; `s` twice saves two files, neither overwritten; a message
/// with two links offers a sheet, a web link goes to the opener and a t.me link opens its chat
/// in the app. And the desktop: `main install-desktop` writes an entry desktop-file-validate
/// accepts, and `xdg-open tg://…` through it reaches the running app.
@Suite(.serialized, .enabled(if: TmuxSession.isAvailable, "tmux is not installed: run Scripts/setup"))
struct OpenSaveTerminalTests {
    static func json(_ arguments: [String]) async throws -> Any {
        try JSONSerialization.jsonObject(with: Data(try await MainInterfaceTerminalTests.run("main", arguments).utf8))
    }

    static func text(_ path: String) -> String? { try? String(contentsOfFile: path, encoding: .utf8) }

    /// The seeded container's first user chat and a channel (its username is the fixture's).
    static func chats(_ container: String) async throws -> (user: [String: Any], channel: [String: Any]) {
        let chats = try await json(["chats", "--json", "--limit", "200", "--container", container]) as? [[String: Any]] ?? []
        let user = try #require(chats.first { $0["kind"] as? String == "user" && ($0["title"] as? String)?.contains("Saved") == false })
        let channel = try #require(chats.first { $0["kind"] as? String == "channel" })
        return (user, channel)
    }

    @Test(arguments: [(160, 48), (80, 24)])
    func enterOpensAndSSavesWithoutOverwriting(size: (Int, Int)) async throws {
        let base = try TemporaryDirectory("ui-open")
        defer { base.remove() }
        let container = try await MainInterfaceTerminalTests.seededContainer(in: base)
        let (user, channel) = try await Self.chats(container)
        let peer = try #require(user["peerId"] as? Int64)
        let title = try #require(user["title"] as? String)
        let channelTitle = try #require(channel["title"] as? String)
        // The fixture names channel n "channel<n>", its id 1,000,000 + n (the low 32 bits of the packed id).
        let channelUsername = "channel\(try #require(channel["peerId"] as? Int64) & 0xffff_ffff - 1_000_000)"

        // The opener: records each call's arguments, one line of [arg] per call.
        let log = base.sub("opener.log")
        let opener = base.sub("record-opener")
        try "#!/bin/sh\nfor a in \"$@\"; do printf '[%s]' \"$a\"; done >> '\(log)'\necho >> '\(log)'\n".write(toFile: opener, atomically: true, encoding: .utf8)
        chmod(opener, 0o755)
        let config = base.sub("config")
        try FileManager.default.createDirectory(atPath: config + "/ph.telegra.Telegraph", withIntermediateDirectories: true)
        try "opener = [\"\(opener)\", \"--from test\"]\n".write(toFile: config + "/ph.telegra.Telegraph/config.toml", atomically: true, encoding: .utf8)
        let downloads = base.sub("downloads")

        let main = Executables.path(Executables.main)
        let session = try TmuxSession(width: size.0, height: size.1, command: [
            "/bin/sh", "-c", "'\(main)' run --container '\(container)'; exec sleep 60"],
            environment: ["XDG_CONFIG_HOME": config, "XDG_DOWNLOAD_DIR": downloads])
        defer { session.kill() }
        _ = try await session.waitFor(text: "Chats", timeout: 15)

        // A file and then a message with two links, shared into the user chat while main runs.
        let bytes = "the file's own bytes \(UInt32.random(in: 0 ... .max))\n"
        try FileManager.default.createDirectory(atPath: base.sub("files"), withIntermediateDirectories: true)
        let file = base.sub("files") + "/notes.txt"
        try bytes.write(toFile: file, atomically: true, encoding: .utf8)
        for arguments in [["--file", file, "--caption", "open me"],
                          ["--text", "read https://example.org/page?q=1. and t.me/\(channelUsername)"]] {
            let result = try await RunningProcess.run(Executables.path("share"), ["--to", String(peer), "--container", container] + arguments)
            #expect(result.succeeded, "\(result)")
        }
        // The chat is now the newest: the list's top user row.
        _ = try await session.waitFor(text: "read https", timeout: 10)
        let rows = try await Self.json(["chats", "--json", "--limit", "50", "--container", container]) as? [[String: Any]] ?? []
        let row = try #require(rows.firstIndex { $0["peerId"] as? Int64 == peer })
        for _ in 0 ..< row { try session.press("Down") }
        try session.press("Enter")
        try await session.waitFor(timeout: 10, "the chat open") { $0[0].contains(title) || $0.contains { $0.contains("‹ Chats") && $0.contains(title) } }
        try await session.still()

        // ↑↑: the file's message; the key line offers open and save.
        try await MessageActionsTerminalTests.key(session, "Up")
        try await MessageActionsTerminalTests.key(session, "Up")
        var screen = try session.capture()
        #expect(screen.last?.contains("open") == true && screen.last?.contains("save") == true, "\(screen.joined(separator: "\n"))")
        try await MessageActionsTerminalTests.key(session, "Enter")
        _ = try await session.waitFor(text: "Opening")
        try await waitForLines(log, 1)
        let call = try #require(Self.text(log)?.split(separator: "\n").first.map(String.init))
        let path = String(call.split(separator: "]").last?.dropFirst() ?? "")
        #expect(call.hasPrefix("[--from test][/") && call.hasSuffix("]"), "\(call)")
        #expect(path.hasPrefix(container + "/"), "the copy stays in the container: \(path)")
        #expect(path.hasSuffix("/notes.txt"), "opened under the name the message gives it: \(path)")
        #expect(Self.text(path) == bytes, "the opener's file holds the shared bytes: \(path)")

        // s twice: two files, the second numbered, neither replacing the other.
        try await MessageActionsTerminalTests.key(session, "s")
        _ = try await session.waitFor(text: "Saved to")
        try await MessageActionsTerminalTests.key(session, "s")
        try await session.waitFor(timeout: 5, "a second save") { _ in (try? FileManager.default.contentsOfDirectory(atPath: downloads).count) == 2 }
        let saved = try FileManager.default.contentsOfDirectory(atPath: downloads).sorted()
        // Under the name the share gave it, the second numbered.
        #expect(Set(saved) == ["notes.txt", "notes (1).txt"], "\(saved)")
        for name in saved { #expect(Self.text(downloads + "/" + name) == bytes) }

        // ↓ the links' message: Enter offers both; the first goes to the opener as it is.
        try await MessageActionsTerminalTests.key(session, "Down")
        try await MessageActionsTerminalTests.key(session, "Enter")
        screen = try await session.waitFor(text: "https://t.me/\(channelUsername)")
        #expect(screen.contains { $0.contains("https://example.org/page?q=1") })
        try await MessageActionsTerminalTests.key(session, "Enter")
        try await waitForLines(log, 2)
        #expect(Self.text(log)?.split(separator: "\n").last == "[--from test][https://example.org/page?q=1]")

        // The t.me link opens the channel here, not with the opener.
        try await MessageActionsTerminalTests.key(session, "Enter")
        _ = try await session.waitFor(text: "https://t.me/\(channelUsername)")
        try await MessageActionsTerminalTests.key(session, "Down")
        try await MessageActionsTerminalTests.key(session, "Enter")
        screen = try await session.waitFor(timeout: 5, "the channel open") { screen in
            screen[0].contains(channelTitle) || screen.contains { $0.contains("‹ Chats") && $0.contains(channelTitle) }
        }
        try await session.still()
        #expect(Self.text(log)?.split(separator: "\n").count == 2, "the t.me link went to the opener: \(Self.text(log) ?? "")")
    }

    private func waitForLines(_ path: String, _ count: Int) async throws {
        for _ in 0 ..< 500 {
            if let text = Self.text(path), text.split(separator: "\n").count >= count { return }
            try await Task.sleep(nanoseconds: 10_000_000)
        }
        Issue.record("the opener did not run \(count) time(s): \(Self.text(path) ?? "no log")")
    }

    @Test func theDesktopEntryValidatesAndXdgOpenReachesTheRunningApp() async throws {
        let base = try TemporaryDirectory("ui-desktop")
        defer { base.remove() }
        let container = try await MainInterfaceTerminalTests.seededContainer(in: base)
        let (user, _) = try await Self.chats(container)
        let peer = try #require(user["peerId"] as? Int64)
        let title = try #require(user["title"] as? String)
        let main = Executables.path(Executables.main)
        var environment = ProcessInfo.processInfo.environment
        environment["XDG_DATA_HOME"] = base.sub("data")
        environment["XDG_CONFIG_HOME"] = base.sub("config")
        environment["APP_GROUP_CONTAINER"] = container

        let installed = try await RunningProcess.run(main, ["install-desktop", "--json"], environment: environment)
        #expect(installed.succeeded, "\(installed)")
        let report = try #require(try JSONSerialization.jsonObject(with: Data(installed.stdout.utf8)) as? [String: Any])
        let entry = base.sub("data") + "/applications/ph.telegra.Telegraph.desktop"
        #expect(report["entry"] as? String == entry)
        #expect(Self.text(entry)?.contains("Exec=\(main) open %u\n") == true)
        #expect(FileManager.default.fileExists(atPath: base.sub("data") + "/icons/hicolor/scalable/apps/ph.telegra.Telegraph.svg"))
        #expect(Self.text(base.sub("config") + "/mimeapps.list")?.contains("x-scheme-handler/tg=ph.telegra.Telegraph.desktop;") == true)
        let validated = try await RunningProcess.run("/usr/bin/desktop-file-validate", [entry])
        #expect(validated.succeeded && validated.stdout.isEmpty, "\(validated)")
        let again = try await RunningProcess.run(main, ["install-desktop", "--json"], environment: environment)
        #expect(again.stdout == installed.stdout && Self.text(base.sub("config") + "/mimeapps.list")?.components(separatedBy: "x-scheme-handler/tg=").count == 3)

        // What the entry runs, with no app running, on a terminal: the interface, at that chat.
        let link = "tg://localpeer?id=\(peer)"
        let started = try TmuxSession(width: 100, height: 30, command: ["/bin/sh", "-c", "'\(main)' open '\(link)' --container '\(container)'; exec sleep 60"])
        // (At 100 columns the chat is pushed over the list: its bar says "‹ Chats" and the title.)
        _ = try await started.waitFor(timeout: 15, "the interface at the chat") { $0.contains { $0.contains("‹ Chats") && $0.contains(title) } }
        try started.press("C-c")
        _ = try await started.waitFor(timeout: 10, "the interface gone") { !$0.contains { $0.contains("‹ Chats") } }
        started.kill()

        let app = try TmuxSession(width: 100, height: 30, command: ["/bin/sh", "-c", "'\(main)' run --container '\(container)'; exec sleep 60"])
        defer { app.kill() }
        _ = try await app.waitFor(text: "Chats", timeout: 15)
        // xdg-open in a terminal of its own, as a person runs it (a display named, so it looks for
        // the scheme's handler): the entry runs `main open`, which hands the link to the app.
        let opener = try TmuxSession(width: 100, height: 10, command: ["/bin/sh", "-c", "xdg-open '\(link)'; echo \"xdg-open exit $?\"; exec sleep 60"],
                                     environment: ["XDG_DATA_HOME": base.sub("data"), "XDG_CONFIG_HOME": base.sub("config"),
                                                   "APP_GROUP_CONTAINER": container, "DISPLAY": ":404"])
        defer { opener.kill() }
        let said = try await opener.waitFor(text: "xdg-open exit", timeout: 15)
        #expect(said.contains { $0.contains("opened chat \(title)") } && said.contains { $0.contains("xdg-open exit 0") }, "\(said.joined(separator: "\n"))")
        let shown = try await app.waitFor(timeout: 10, "the chat open") { $0[0].contains(title) || $0.contains { $0.contains("‹ Chats") && $0.contains(title) } }
        print(shown.joined(separator: "\n"))
    }
}
