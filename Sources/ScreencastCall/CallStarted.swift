import BroadcastIPC

/// What `main call start` prints once the call runs.
public struct CallStarted: Codable, Equatable, Sendable {
    public let callId: UInt32
    public let peerId: Int64
    public let mode: BroadcastCoordinationType
    /// The process hosting the call: `main run`'s, or `main call start`'s own.
    public let hostPid: Int32
    /// "running app" (handed to `main run`) or "this process" (`main call start` is the app).
    public let host: String
    public let directory: String
    /// The ring frames arrive in (`0-data-<id>`, or embedded mode's `0-sink-<id>`, created by the extension).
    public let frameFile: String
    /// null in embedded mode.
    public let audioFifo: String?

    public init(_ call: GroupCall, hostPid: Int32, inRunningApp: Bool) {
        callId = call.id
        peerId = call.peerId
        mode = call.mode
        self.hostPid = hostPid
        host = inRunningApp ? "running app" : "this process"
        directory = call.directory.path
        frameFile = call.framePath
        audioFifo = call.audioPath
    }

    private enum CodingKeys: String, CodingKey { case callId, peerId, mode, hostPid, host, directory, frameFile, audioFifo }

    public func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(callId, forKey: .callId)
        try c.encode(peerId, forKey: .peerId)
        try c.encode(mode, forKey: .mode)
        try c.encode(hostPid, forKey: .hostPid)
        try c.encode(host, forKey: .host)
        try c.encode(directory, forKey: .directory)
        try c.encode(frameFile, forKey: .frameFile)
        try c.encode(audioFifo, forKey: .audioFifo)
    }

    /// `call started id=<id> peer=<peer> mode=<mode> pid=<host pid> directory=<dir>`
    public var line: String {
        "call started id=\(callId) peer=\(peerId) mode=\(mode.rawValue) pid=\(hostPid) directory=\(directory)"
    }
}
