/// File names in a broadcast coordination directory: Telegram's (`IpcGroupCallContext.swift`),
/// plus `call-stats.json`, which is ours.
public enum BroadcastFileNames {
    /// App → extension, rewritten every second while the call wants a screencast.
    public static let payloadDescription = "currentPayloadDescription.json"
    /// Extension → app, rewritten every second while the extension is capturing.
    public static let keepaliveInfo = "keepaliveInfo.json"
    /// App → extension: "stop the screencast" for one id.
    public static let cutoffPayload = "cutoffPayload.json"
    /// Extension → app (embedded mode): the extension's own join payload.
    public static let joinPayload = "joinPayload.json"
    /// App → extension (embedded mode): the answer to the join payload.
    public static let joinResponsePayload = "joinResponsePayload.json"
    /// The app's call statistics, for `main status`.
    public static let callStatistics = "call-stats.json"

    /// The shared frame file. Telegram's app "socket" path is `<dir>/0`; the data file is that plus a suffix.
    public static func frameData(id: UInt32) -> String { "0-data-\(id)" }
    /// The audio FIFO.
    public static func audio(id: UInt32) -> String { "0-audio-\(id)" }
    /// Embedded mode (ours): the ring the extension streams into, named in the join response.
    public static let sinkPrefix = "0-sink-"
    public static func sink(id: UInt32) -> String { sinkPrefix + "\(id)" }
    /// Every per-call file, whatever its id: what a call whose host was killed leaves behind.
    public static func isPerCallFile(_ name: String) -> Bool {
        name.hasPrefix("0-data-") || name.hasPrefix("0-audio-") || name.hasPrefix(sinkPrefix)
    }
}
