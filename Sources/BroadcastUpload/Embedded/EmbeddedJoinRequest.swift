import BroadcastIPC
import FoundationEssentials
import Formats

/// What the extension asks to join with in embedded mode: `joinPayload.json`'s `string`, a JSON
/// text standing in for the WebRTC join payload Telegram's extension builds (its stream's ssrc
/// and what it will send).
public struct EmbeddedJoinRequest: Codable, Equatable, Sendable {
    public var ssrc: UInt32
    public var width: Int
    public var height: Int
    /// Absent when unpaced (--fps 0): there is no rate to promise.
    public var fps: Int?

    public init(ssrc: UInt32, width: Int, height: Int, fps: Int?) {
        self.ssrc = ssrc
        self.width = width
        self.height = height
        self.fps = fps
    }

    /// A fresh random ssrc, as each new stream gets.
    public init(geometry: NV12Geometry, fps: Int) {
        self.init(ssrc: UInt32.random(in: 1 ... .max), width: geometry.width, height: geometry.height, fps: fps > 0 ? fps : nil)
    }

    /// The compact JSON text that goes in `JoinPayload.string`.
    public var jsonText: String {
        // Encoding four numbers cannot fail.
        (try? JSONFile.compactText(self)) ?? "{}"
    }

    public func payload(id: UInt32) -> JoinPayload { JoinPayload(id: id, string: jsonText) }
}
