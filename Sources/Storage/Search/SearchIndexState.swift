import KeyValueStore

/// How far the search index covers the messages (metadata `searchIndex`, sealed). Readers use the
/// index only when it is complete and of this build's format; otherwise they scan, which gives the
/// same results, slower. Only main writes it.
enum SearchIndexState: Equatable {
    /// Every message is indexed, and every write keeps it so.
    case complete
    /// main is filling it in (SearchIndexBackfill), in history key order: the messages with keys
    /// up to `after` are indexed (nil: none yet). Writes meanwhile index only the messages the
    /// fill has passed, so that none is indexed twice.
    case building(after: ValueBoxKey?)

    /// Bumped whenever words, cuts, hashes or the row layout change: a store indexed by another
    /// format is rebuilt, never read. 2: rows of several segments have a SegmentDirectory (schema
    /// 4's step gives a format 1 index its directories in place: SearchIndexDirectories).
    static let formatVersion: UInt8 = 2
    static let metadataKey = ValueBoxKey("searchIndex")

    /// Whether the message with this history key is in the index (or must be put in it).
    func covers(_ messageKey: ValueBoxKey) -> Bool {
        switch self {
        case .complete: return true
        case .building(let after): return after.map { !($0 < messageKey) } ?? false
        }
    }

    /// nil when missing or of another format (`format`: this build's, or an older one's for an upgrade step).
    static func load(_ valueBox: ValueBox, format: UInt8 = formatVersion) throws -> SearchIndexState? {
        guard let bytes = try valueBox.get(PostboxTable.metadata, metadataKey), bytes.count >= 2, bytes[0] == format else {
            return nil
        }
        switch bytes[1] {
        case 1: return .complete
        case 2: return .building(after: ValueBoxKey(Array(bytes[2...])))
        default: return .building(after: nil)
        }
    }

    /// (`format`: an older one only for tests making an older store.)
    func save(_ valueBox: ValueBox, format: UInt8 = formatVersion) throws {
        var bytes: [UInt8] = [format]
        switch self {
        case .complete: bytes.append(1)
        case .building(nil): bytes.append(0)
        case .building(let after?): bytes.append(2); bytes += after.bytes
        }
        try valueBox.set(PostboxTable.metadata, Self.metadataKey, bytes)
    }

    /// At every writer open: a store that has no state of this format gets one — complete when it
    /// has no messages (a new account), else an empty index to be built (a store from before the
    /// index, or from another format, whose rows are dropped).
    static func prepare(_ valueBox: ValueBox) throws {
        if try valueBox.read({ try load(valueBox) }) != nil { return }
        try valueBox.write {
            try valueBox.removeAll(PostboxTable.searchIndex)
            var anyMessage = false
            try valueBox.range(PostboxTable.messageHistory, start: ValueBoxKey(), end: PostboxKeys.afterLastMessage, limit: 1, values: false) { _, _ in
                anyMessage = true
                return false
            }
            try (anyMessage ? SearchIndexState.building(after: nil) : .complete).save(valueBox)
        }
    }
}
