import Foundation
import Testing
import Container
import Cryptography
import Formats
import Storage
import TestSupport

// Helpers for the widget's tests: `widget` with --json against a sandbox, the timeline's chats
// read from its JSON (written here from the documented contract), widget-data sealed and
// opened from the test process with the container's device key, and PNG sizes.

enum Widget {
    static let executable = "widget"
    static let lockedText = "Unlock the app to use the widget"
    static let lockedConfigure = "Open Telegram and enter passcode to edit widget."
}

/// `widget timeline --json`, parsed.
struct WidgetTimelineResult: @unchecked Sendable {
    let result: ProcessResult
    let json: [String: Any]

    var state: String? { json["state"] as? String }
    var reason: String? { json["reason"] as? String }
    var entry: [String: Any] { (json["entries"] as? [[String: Any]])?.first ?? [:] }
    var chats: [[String: Any]] { entry["chats"] as? [[String: Any]] ?? [] }
    var peerIds: [Int64] { chats.compactMap { ($0["peerId"] as? NSNumber)?.int64Value } }
    /// The last message's text of each chat shown.
    var texts: [String] { chats.compactMap { ($0["message"] as? [String: Any])?["text"] as? String } }

    func chat(_ peerId: Int64) -> [String: Any]? { chats.first { ($0["peerId"] as? NSNumber)?.int64Value == peerId } }
}

extension Sandbox {
    /// `widget timeline --family F --json`; requires exit 0 (every state is a success).
    func widgetTimeline(_ family: String = "large", timeout: Double = 60) async throws -> WidgetTimelineResult {
        let result = try await runOK(Widget.executable, ["timeline", "--family", family, "--json"], timeout: timeout)
        return WidgetTimelineResult(result: result, json: try result.json())
    }

    /// `widget configure ARGS --json`, any exit status.
    func widgetConfigure(_ args: [String]) async throws -> (ProcessResult, [String: Any]) {
        let result = try await run(Widget.executable, ["configure"] + args + ["--json"])
        return (result, try result.json())
    }

    /// `widget render --json`; requires exit 0.
    func widgetRender(_ family: String, _ appearance: String = "light", out: String) async throws -> [String: Any] {
        try await runOK(Widget.executable, ["render", "--family", family, "--appearance", appearance, "--out", out, "--json"]).json()
    }

    var widgetDataFile: WidgetDataFile {
        get throws {
            guard let key = try DeviceKey.load(path: layout.deviceKeyPath) else { throw HarnessError("no device key") }
            return WidgetDataFile(layout: layout, deviceKey: key)
        }
    }
}

enum WidgetPNG {
    /// Width and height from a PNG file's IHDR; nil when it is not a PNG.
    static func size(_ path: String) -> (width: Int, height: Int)? {
        guard let data = ContainerFiles.bytes(path), data.count > 24, NotifyChecks.isPNG(path) else { return nil }
        let bytes = Array(data.prefix(24))
        func be32(_ at: Int) -> Int { bytes[at..<at + 4].reduce(0) { $0 << 8 | Int($1) } }
        return (be32(16), be32(20))
    }

    static let sizes: [String: (Int, Int)] = ["small": (340, 340), "medium": (728, 340), "large": (728, 764)]
}
