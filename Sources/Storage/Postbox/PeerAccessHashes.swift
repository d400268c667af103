import Formats

/// The access_hash of each peer the server introduced (core.telegram.org/api/peers): the server
/// accepts a user or channel in a request only with the hash it gave this account for it.
extension PostboxTransaction {
    public func accessHash(_ peerId: PeerId) throws -> Int64? {
        try valueBox.get(PostboxTable.peerAccessHashes, PostboxKeys.peer(peerId)).map { bytes in
            var r = BinaryReader(bytes)
            return try r.readInt64()
        }
    }

    public func setAccessHash(_ peerId: PeerId, _ hash: Int64) throws {
        var w = BinaryWriter()
        w.write(hash)
        try valueBox.set(PostboxTable.peerAccessHashes, PostboxKeys.peer(peerId), w.bytes)
    }
}
