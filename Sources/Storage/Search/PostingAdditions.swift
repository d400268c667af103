/// A batch's new postings, grouped by row without a Dictionary per entry: the rows met so far
/// (found through `rowNumbers`) and each one's entries, in the order added. SearchIndexWriter
/// applies them; for a large batch MessageWritePreparation gathers them on its thread, so the
/// SQLite writer only merges and stores them.
struct PostingAdditions {
    private var rowNumbers = IntegerMap()
    private(set) var rows: [SearchIndexRow] = []
    private(set) var lists: [[PostingEntry]] = []

    var isEmpty: Bool { rows.isEmpty }

    /// The message's entry in the row of each of its words' hashes.
    mutating func add(_ index: MessageIndex, hashes: [UInt64]) {
        let entry = PostingEntry(index)
        let bucket = SearchIndexRow.bucket(of: index.timestamp)
        for hash in hashes {
            let row = Int(rowNumbers.value(hash, bucket) {
                rows.append(SearchIndexRow(hash: hash, bucket: bucket))
                lists.append([])
                return Int32(rows.count - 1)
            })
            lists[row].append(entry)
        }
    }

    /// Takes back the entry if it was added here (the same message written twice in one batch:
    /// the first version is not stored yet). False when it was not.
    mutating func removeAdded(_ entry: PostingEntry, hash: UInt64, bucket: UInt16) -> Bool {
        guard let row = rowNumbers.value(hash, bucket).map(Int.init), let at = lists[row].lastIndex(of: entry) else { return false }
        lists[row].remove(at: at)
        return true
    }
}
