import Formats

/// The ids an imported export repeats in a chat, with how many times each came (Telegram Desktop
/// has written one id twice in a chat; the later copy is the one kept). Recorded so that the same
/// export imported again holds the earlier copies back instead of writing each and then the later
/// one over it: a second import of the same export writes nothing. Metadata rows, one a chat:
/// `exportRepeats:` ‖ peerId (Int64 BE) → count Int32 ‖ (id Int32 ‖ times Int32)…
extension PostboxTransaction {
    static let maxRecordedRepeats = 1 << 20

    /// Every chat's, read at once (an import reads them before its writer starts).
    public func exportRepeats() throws -> [PeerId: [Int32: Int32]] {
        var result: [PeerId: [Int32: Int32]] = [:]
        let prefix = PostboxKeys.exportRepeats
        try valueBox.range(PostboxTable.metadata, start: prefix, end: prefix.successor) { key, value in
            guard key.count == prefix.count + 8 else { return true }
            var r = BinaryReader(value)
            var repeats: [Int32: Int32] = [:]
            for _ in 0..<(try r.readCount(max: Int32(Self.maxRecordedRepeats))) { repeats[try r.readInt32()] = try r.readInt32() }
            result[PeerId(key.int64(at: prefix.count))] = repeats
            return true
        }
        return result
    }

    /// Empty removes the chat's row.
    public func setExportRepeats(_ peerId: PeerId, _ repeats: [Int32: Int32]) throws {
        var key = PostboxKeys.exportRepeats
        key.append(peerId.toInt64())
        guard !repeats.isEmpty else {
            try valueBox.remove(PostboxTable.metadata, key)
            return
        }
        var w = BinaryWriter()
        let kept = repeats.sorted { $0.key < $1.key }.prefix(Self.maxRecordedRepeats)
        w.write(Int32(kept.count))
        for (id, times) in kept {
            w.write(id)
            w.write(times)
        }
        try valueBox.set(PostboxTable.metadata, key, w.bytes)
    }
}
