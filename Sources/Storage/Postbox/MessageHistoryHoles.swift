import Formats
import KeyValueStore

/// A chat's cloud message ids the server has and this Postbox has not loaded yet: what a first
/// sync leaves below each dialog's top message, or a differenceTooLong between what was here and
/// the new top. History reads stop at a hole (the engine's pages) and the app fetches it
/// (messages.getHistory): from its top down as the history is read back, from its bottom up as
/// it is read forward (from the first unread message). Holes of a chat never overlap or touch:
/// adding one merges it with its neighbours.
extension PostboxTransaction {
    /// Marks `range` of `peerId`'s cloud ids as not loaded.
    public func addHistoryHole(_ peerId: PeerId, _ range: ClosedRange<Int32>) throws {
        var merged = range
        for hole in try historyHoles(peerId) where hole.lowerBound <= merged.upperBound &+ 1 && merged.lowerBound <= hole.upperBound &+ 1 {
            merged = min(merged.lowerBound, hole.lowerBound) ... max(merged.upperBound, hole.upperBound)
            try valueBox.remove(PostboxTable.messageHistoryHoles, Self.holeKey(peerId, hole.upperBound))
        }
        try setHole(peerId, merged)
    }

    /// `range` loaded (or known to hold no message of the chat): what of the holes it covers goes.
    public func fillHistoryHole(_ peerId: PeerId, _ range: ClosedRange<Int32>) throws {
        for hole in try historyHoles(peerId) where hole.overlaps(range) {
            try valueBox.remove(PostboxTable.messageHistoryHoles, Self.holeKey(peerId, hole.upperBound))
            if hole.lowerBound < range.lowerBound { try setHole(peerId, hole.lowerBound ... range.lowerBound - 1) }
            if hole.upperBound > range.upperBound { try setHole(peerId, range.upperBound + 1 ... hole.upperBound) }
        }
    }

    /// The chat's holes, highest first.
    public func historyHoles(_ peerId: PeerId) throws -> [ClosedRange<Int32>] {
        var holes: [ClosedRange<Int32>] = []
        let prefix = ValueBoxKey(int64: peerId.toInt64())
        try valueBox.range(PostboxTable.messageHistoryHoles, start: prefix.successor, end: prefix) { key, value in
            var reader = BinaryReader(value)
            let lower = try reader.readInt32(), upper = key.int32(at: 8)
            if lower <= upper { holes.append(lower ... upper) }
            return true
        }
        return holes
    }

    /// The part below `id` of the highest hole that starts below it: where a history read
    /// going back from the message `id` must stop. Nil: nothing is missing below it.
    public func historyHole(_ peerId: PeerId, below id: Int32) throws -> ClosedRange<Int32>? {
        guard let hole = try historyHoles(peerId).first(where: { $0.lowerBound < id }) else { return nil }
        return hole.lowerBound ... min(hole.upperBound, id - 1)
    }

    /// The part above `id` of the lowest hole that ends above it: where a history read going
    /// forward from the message `id` must stop. Nil: nothing is missing above it.
    public func historyHole(_ peerId: PeerId, above id: Int32) throws -> ClosedRange<Int32>? {
        guard let hole = try historyHoles(peerId).last(where: { $0.upperBound > id }) else { return nil }
        return max(hole.lowerBound, id &+ 1) ... hole.upperBound
    }

    private func setHole(_ peerId: PeerId, _ range: ClosedRange<Int32>) throws {
        var writer = BinaryWriter()
        writer.write(range.lowerBound)
        try valueBox.set(PostboxTable.messageHistoryHoles, Self.holeKey(peerId, range.upperBound), writer.bytes)
    }

    private static func holeKey(_ peerId: PeerId, _ upper: Int32) -> ValueBoxKey {
        var key = ValueBoxKey(int64: peerId.toInt64())
        key.append(upper)
        return key
    }
}
