/// One call of the log (INCallRecord's fields).
public struct CallEntry: Encodable, Sendable {
    public let identifier: String
    public let caller: IntentPerson?
    public let peerId: Int64
    /// missed, outgoing or received (INCallRecordType).
    public let callRecordType: String
    /// Unix seconds.
    public let dateCreated: Int32
    /// Seconds.
    public let callDuration: Int32
    public let isVideo: Bool

    public init(identifier: String, caller: IntentPerson?, peerId: Int64, callRecordType: String, dateCreated: Int32, callDuration: Int32, isVideo: Bool) {
        self.identifier = identifier
        self.caller = caller
        self.peerId = peerId
        self.callRecordType = callRecordType
        self.dateCreated = dateCreated
        self.callDuration = callDuration
        self.isVideo = isVideo
    }

    private enum CodingKeys: String, CodingKey { case identifier, caller, peerId, callRecordType, dateCreated, callDuration, isVideo }

    public func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(identifier, forKey: .identifier)
        try c.encode(caller, forKey: .caller)
        try c.encode(peerId, forKey: .peerId)
        try c.encode(callRecordType, forKey: .callRecordType)
        try c.encode(dateCreated, forKey: .dateCreated)
        try c.encode(callDuration, forKey: .callDuration)
        try c.encode(isVideo, forKey: .isVideo)
    }
}

/// search-call-history's payload, newest first.
public struct CallHistory: IntentPayload {
    public var calls: [CallEntry] = []

    public init(calls: [CallEntry] = []) {
        self.calls = calls
    }

    public static var empty: CallHistory { CallHistory() }

    public var lines: [String] {
        calls.map { call in
            "\(IntentDate.format(call.dateCreated))  \(call.callRecordType)\(call.isVideo ? " video" : "")  \(call.caller?.label ?? String(call.peerId))\(call.callDuration > 0 ? "  \(call.callDuration) s" : "")"
        }
    }
}
