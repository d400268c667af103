/// main's fill of the search index of a store written before the index existed (or by another
/// index format): the messages in history key order, a batch per transaction, the position kept
/// in the index state. A kill mid-way loses at most the open batch; the next writer launch goes on
/// from the position. Readers scan until it is complete, so it is never half-used.
public enum SearchIndexBackfill {
    /// Messages per transaction: short enough that extensions waiting to read a fresh snapshot are
    /// not held up long (about 0.1 s a batch), long enough to share a word's rows across messages.
    public static let batchSize = 10_000

    /// Runs to completion. Returns the messages indexed (0: the index was complete already).
    @discardableResult
    public static func run(_ postbox: Postbox, batchSize: Int = batchSize) throws -> Int {
        guard !postbox.isReadOnly else { return 0 }
        var total = 0
        while true {
            let (indexed, complete) = try postbox.transaction { try $0.backfillSearchIndex(limit: batchSize) }
            total += indexed
            if complete { return total }
        }
    }

    /// Whether readers of this store can use the index.
    public static func isComplete(_ postbox: Postbox) throws -> Bool {
        try postbox.read { try $0.searchIndexState() == .complete }
    }
}
