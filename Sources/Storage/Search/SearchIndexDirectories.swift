import KeyValueStore

/// Schema 4's step (PostboxSchemaUpgrade): an index of format 1 has no SegmentDirectory, and a
/// removal of this build reads only the segments a directory names (and the newest), so each row
/// of several segments gets one, from what its segments hold, and the index becomes format 2 in
/// the same transaction: no rebuild, searches keep the index. A store without a format 1 index is
/// left to SearchIndexState.prepare.
enum SearchIndexDirectories {
    static func build(_ valueBox: ValueBox) throws {
        guard let state = try SearchIndexState.load(valueBox, format: 1) else { return }
        var directories: [(SearchIndexRow, SegmentDirectory)] = []
        var row: SearchIndexRow?
        var directory = SegmentDirectory()
        var newest: (segment: Int32, range: SegmentDirectory.Range)?
        func finishRow() {
            if let row, !directory.isEmpty { directories.append((row, directory)) }
            directory = SegmentDirectory()
            newest = nil
        }
        // Keys ascending: a row's segments in order, its highest last (that one is left out).
        try valueBox.range(PostboxTable.searchIndex, start: ValueBoxKey(), end: ValueBoxKey([UInt8](repeating: 0xff, count: 15))) { key, value in
            guard key.count == 14 else { return true }
            let current = SearchIndexRow(hash: UInt64(bitPattern: key.int64(at: 0)), bucket: SearchIndexRow.bucket(of: key))
            if current != row {
                finishRow()
                row = current
            }
            var entries: [PostingEntry] = []
            try PostingCodec.decode(value, bucketStart: current.start, into: &entries)
            if let newest { directory.ranges[newest.segment] = newest.range }
            if let first = entries.first, let last = entries.last {
                newest = (SearchIndexRow.segment(of: key), SegmentDirectory.Range(first: first, last: last))
            }
            return true
        }
        finishRow()
        // Written after the range is read: a statement must not walk rows while others are written.
        for (row, directory) in directories { try directory.save(valueBox, row) }
        try state.save(valueBox)
    }
}
