import KeyValueStore

/// Brings a store written by an older main up to `PostboxTable.schemaVersion`, when main opens
/// it: every step and the new version in one transaction, so a kill leaves the old store whole
/// and the next open upgrades it again. Extensions never upgrade; until main has opened the store
/// once, they report it as older (StorageError.olderSchema) and read nothing from it.
enum PostboxSchemaUpgrade {
    static func run(_ valueBox: ValueBox, searchHasher: SearchIndexHasher) throws {
        let from = valueBox.storedSchemaVersion
        guard from < PostboxTable.schemaVersion else { return }
        try valueBox.upgradeSchema(to: PostboxTable.schemaVersion) {
            // 2: the message id index keeps a row per 64 ids, not per message.
            if from < 2 { try MessageIdIndex.rebuild(valueBox) }
            // 3: messages are indexed under what they carry too, not their text alone.
            if from < 3 { try SearchIndexCarriedWords.add(valueBox, hasher: searchHasher) }
            // 4: a search index row of several segments has a directory of them (SegmentDirectory).
            if from < 4 { try SearchIndexDirectories.build(valueBox) }
        }
    }
}
