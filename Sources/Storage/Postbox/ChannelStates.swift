import Formats
import KeyValueStore

/// Each channel's pts (core.telegram.org/api/updates: a channel or supergroup numbers its own
/// updates, apart from the account's), kept in the transaction that applies what it accounts
/// for, so a channel resumes from the last applied point after a crash.
extension PostboxTransaction {
    /// nil: never synced (the channel's dialog or difference gives it).
    public func channelPts(_ peerId: PeerId) throws -> Int32? {
        try valueBox.get(PostboxTable.channelStates, PostboxKeys.peer(peerId)).map { bytes in
            var r = BinaryReader(bytes)
            return try r.readInt32()
        }
    }

    public func setChannelPts(_ peerId: PeerId, _ pts: Int32) throws {
        var w = BinaryWriter()
        w.write(pts)
        try valueBox.set(PostboxTable.channelStates, PostboxKeys.peer(peerId), w.bytes)
    }

    /// Every channel with a stored pts.
    public func channelsWithState() throws -> [PeerId] {
        var result: [PeerId] = []
        try valueBox.range(PostboxTable.channelStates, start: PostboxKeys.firstPeer, end: PostboxKeys.afterLastPeer, values: false) { key, _ in
            result.append(PeerId(key.int64(at: 0)))
            return true
        }
        return result
    }
}
