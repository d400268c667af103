import Container
import Cryptography
import KeyValueStore

/// One account's store: `account-<id>/postbox/db/db_sqlite` plus its MediaBox. main opens it
/// read-write (the single writer); every extension opens it read-only and runs read transactions.
public final class Postbox {
    public let accountId: Int64
    public let valueBox: ValueBox
    public let mediaBox: MediaBox
    /// The search index's keyed hashes, remembered across this Postbox's transactions.
    let searchHasher: SearchIndexHasher
    /// The second sealer and hasher, for the thread that prepares a large batch of messages.
    let messagePreparer: MessagePreparer
    /// main's page cache, as SQLite's cache_size (negative: KiB). A batch of 20,000 messages
    /// touches a leaf page of every chat in three tables; with SQLite's default 2 MiB the pages
    /// spilled and were read again in the same batch (a 200,000-message seed: 50,925 preads and
    /// 79,556 pwrites; with 32 MiB, 20,686 and 61,950).
    static let writerCacheSize: Int32 = -32_768

    /// Unix time, for whether a mute has run out (tests set their own).
    var clock: @Sendable () -> Int32 = { Clock.unixTime() }

    /// Extensions pass `useCaches: false`, as Telegram's do: a small SQLite page cache keeps their
    /// footprint inside the platform's memory ceilings. main, the writer, has a large one
    /// (`writerCacheSize`).
    public init(layout: ContainerLayout, accountId: Int64, deviceKey: DeviceKey, readOnly: Bool, useCaches: Bool = true) throws {
        self.accountId = accountId
        let key = KeyDerivation.key(for: "postbox/\(UInt64(bitPattern: accountId))", from: deviceKey)
        mediaBox = MediaBox(basePath: layout.mediaBoxPath(accountId))
        if !readOnly { try mediaBox.createDirectories() }
        valueBox = try ValueBox(path: layout.postboxDatabasePath(accountId), key: key, readOnly: readOnly,
                                schemaVersion: PostboxTable.schemaVersion,
                                cacheSizePages: useCaches ? (readOnly ? nil : Self.writerCacheSize) : 32)
        searchHasher = SearchIndexHasher(deviceKey: deviceKey, accountId: accountId)
        messagePreparer = MessagePreparer(sealer: valueBox.makeSiblingSealer(),
                                          hasher: SearchIndexHasher(deviceKey: deviceKey, accountId: accountId))
        if !readOnly {
            try PostboxSchemaUpgrade.run(valueBox, searchHasher: searchHasher)
            try SearchIndexState.prepare(valueBox)
        }
    }

    public var isReadOnly: Bool { valueBox.isReadOnly }

    /// Makes every transaction so far durable (ValueBox.sync): before a reply or an
    /// acknowledgement that reports them.
    public func sync() throws { try valueBox.sync() }

    /// The I/O error that stopped this store's writes, if one did (ValueBox.writeFailure).
    public var writeFailure: StorageError? { valueBox.writeFailure }

    /// Every transaction commits durably while this is set (ValueBox.commitsDurably).
    public var commitsDurably: Bool {
        get { valueBox.commitsDurably }
        set { valueBox.commitsDurably = newValue }
    }

    /// A consistent read snapshot.
    public func read<T>(_ body: (PostboxTransaction) throws -> T) throws -> T {
        try valueBox.read { try body(PostboxTransaction(valueBox: valueBox, searchHasher: searchHasher, messagePreparer: messagePreparer, clock: clock)) }
    }

    /// A write transaction; counters are saved with it, so they are never out of step with the rows.
    /// `durable`: on the disk when this returns (ValueBox.write), for a change someone is told of.
    public func transaction<T>(durable: Bool = false, _ body: (PostboxTransaction) throws -> T) throws -> T {
        try valueBox.write(durable: durable) {
            let transaction = PostboxTransaction(valueBox: valueBox, searchHasher: searchHasher, messagePreparer: messagePreparer, clock: clock)
            let result = try body(transaction)
            try transaction.saveCounters()
            return result
        }
    }
}
