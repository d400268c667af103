import Storage

extension TelegramEngine.Calls {
    /// The newest calls first, each with the peer it was with.
    public func history(limit: Int, missedOnly: Bool) throws -> [(call: EngineCallRecord, peer: EnginePeer?)] {
        try postbox.read { t in
            var peers: [EnginePeer.Id: EnginePeer?] = [:]
            return try t.calls(limit: limit, missedOnly: missedOnly).map { call in
                if peers[call.peerId] == nil { peers[call.peerId] = try t.peer(call.peerId) }
                return (call, peers[call.peerId] ?? nil)
            }
        }
    }

    /// A call that ended goes into the account's call list.
    public func add(_ record: EngineCallRecord) throws {
        try postbox.transaction { try $0.addCall(record) }
    }
}
