/// The JSON files of the coordination directory, with Telegram's keys and types exactly
/// (`{"id": UInt32, "timestamp": Int32}` or `{"id": UInt32, "string": String}`), so files
/// are interchangeable with Telegram's. Timestamps are Unix seconds.

/// `currentPayloadDescription.json`: the app's "a call wants frames under this id", refreshed every second.
public struct PayloadDescription: Codable, Equatable, Sendable {
    public var id: UInt32
    public var timestamp: Int32

    public init(id: UInt32, timestamp: Int32) {
        self.id = id
        self.timestamp = timestamp
    }
}

/// `keepaliveInfo.json`: the extension's "still capturing for this id", refreshed every second.
public struct KeepaliveInfo: Codable, Equatable, Sendable {
    public var id: UInt32
    public var timestamp: Int32

    public init(id: UInt32, timestamp: Int32) {
        self.id = id
        self.timestamp = timestamp
    }
}

/// `cutoffPayload.json`: the app's "stop the screencast of this id".
public struct CutoffPayload: Codable, Equatable, Sendable {
    public var id: UInt32
    public var timestamp: Int32

    public init(id: UInt32, timestamp: Int32) {
        self.id = id
        self.timestamp = timestamp
    }
}

/// `joinPayload.json` (embedded mode, extension → app).
public struct JoinPayload: Codable, Equatable, Sendable {
    public var id: UInt32
    public var string: String

    public init(id: UInt32, string: String) {
        self.id = id
        self.string = string
    }
}

/// `joinResponsePayload.json` (embedded mode, app → extension).
public struct JoinResponsePayload: Codable, Equatable, Sendable {
    public var id: UInt32
    public var string: String

    public init(id: UInt32, string: String) {
        self.id = id
        self.string = string
    }
}
