import Foundation
import Testing
import TestSupport

/// With the interface running, the widget still hears of a message pushed by the server within
/// a tick: the tick's publish waits only for the frame drawn after it, so the chat shows the
/// message first, and the widget's timeline has it a moment later.
@Suite(.serialized, .enabled(if: TmuxSession.isAvailable, "tmux is not installed: run Scripts/setup"))
struct WidgetBesideTheInterfaceTerminalTests {
    @Test func aPushedMessageReachesTheScreenThenTheWidget() async throws {
        let (server, directory) = try await ServerHistoryTerminalTests.graceWrites(1, "hello", pageLimit: 100)
        defer { server.stop(); directory.remove() }
        let container = directory.sub("container")
        _ = try await MainInterfaceTerminalTests.run("main", ["login", "--server", server.address, "--public-key", TestServer.publicKeyPath,
                                                              "--phone", "+999 66 1 0001", "--code", ServerHistoryTerminalTests.code,
                                                              "--container", container])
        _ = try await MainInterfaceTerminalTests.run("main", ["sync", "--container", container])
        let tmux = try TmuxSession(width: 80, height: 24, command: [Executables.path(Executables.main), "--container", container])
        defer { tmux.kill() }
        try await tmux.waitFor(text: "Grace Hopper", timeout: 15)
        try await server.telethonChat("send", session: directory.sub("grace"), ["--to", "+9996610001", "--text", "the widget hears this"])
        try await tmux.waitFor(text: "the widget hears this", timeout: 15)
        try await waitUntil("the widget's timeline has it", timeout: 5) {
            let timeline = try await MainInterfaceTerminalTests.run("widget", ["timeline", "--json", "--container", container])
            return timeline.contains("the widget hears this")
        }
    }
}
