import Container
import Cryptography
import Formats
import KeyValueStore

/// Telegram's AccountManager: the atomic-state records plus the shared-data store. main opens it
/// as the writer; extensions read atomic-state only and open shared data read-only on demand.
public final class AccountManager {
    public let layout: ContainerLayout
    public let isReadOnly: Bool
    public private(set) var state: AccountManagerState
    private let deviceKey: DeviceKey
    private var openedSharedData: SharedDataStore?

    public init(layout: ContainerLayout, deviceKey: DeviceKey, readOnly: Bool) throws {
        self.layout = layout
        self.deviceKey = deviceKey
        self.isReadOnly = readOnly
        state = try AccountManagerState.read(path: layout.atomicStatePath) ?? AccountManagerState()
        if !readOnly {
            try FileSystem.createDirectory(layout.accountsMetadataPath)
            try FileSystem.createDirectory(layout.accountsMediaPath)
        }
    }

    /// The shared-data store; nil for a reader when main has not created it yet.
    public func sharedData() throws -> SharedDataStore? {
        if let openedSharedData { return openedSharedData }
        if isReadOnly && !FileSystem.isRegularFile(layout.sharedDataDatabasePath) { return nil }
        let store = try SharedDataStore(layout: layout, deviceKey: deviceKey, readOnly: isReadOnly)
        openedSharedData = store
        return store
    }

    /// Changes the records and writes atomic-state atomically (writer only).
    public func update<T>(_ change: (inout AccountManagerState) throws -> T) throws -> T {
        guard !isReadOnly else { throw StorageError.readOnly(path: layout.atomicStatePath) }
        var copy = state
        let result = try change(&copy)
        if copy != state {
            do {
                try copy.write(path: layout.atomicStatePath)
            } catch let error as NotDurable {
                // In place, every reader sees it: so does this process (then the error is told).
                state = copy
                throw error
            }
            state = copy
        }
        return result
    }

    /// The Postbox of an account record. A writer's is remembered until `syncWriters` (kept alive
    /// until then, weakly after), so the reply to an operation can wait for what it wrote to be
    /// durable. `tracked: false` is for a writer on a thread of its own, which syncs itself: a
    /// connection is never used by two threads at once.
    public func openPostbox(accountId: Int64, readOnly: Bool, useCaches: Bool = true, tracked: Bool = true) throws -> Postbox {
        let postbox = try Postbox(layout: layout, accountId: accountId, deviceKey: deviceKey, readOnly: readOnly, useCaches: useCaches)
        if !readOnly && tracked {
            writers.removeAll { $0.postbox == nil }
            writers.append(WeakPostbox(postbox: postbox))
            unsynced.append(postbox)
            postbox.commitsDurably = durableScope
        }
        return postbox
    }

    /// Runs `body` with every commit of this process's tracked writer Postboxes durable (those
    /// open now and those it opens): for an operation whose answer follows, so that a failed
    /// sync fails its commit rather than leaving a change made but not durable.
    public func withDurableCommits<T>(_ body: () throws -> T) rethrows -> T {
        let outer = durableScope
        durableScope = true
        for postbox in liveWriters { postbox.commitsDurably = true }
        defer {
            durableScope = outer
            for postbox in liveWriters { postbox.commitsDurably = outer }
        }
        return try body()
    }

    /// Every tracked writer still open (those not synced yet among them: `unsynced` keeps them).
    private var liveWriters: [Postbox] { writers.compactMap(\.postbox) }

    /// The first I/O error that stopped a tracked writer Postbox: the running app stops on it,
    /// and its next launch recovers from what is on the disk.
    public var writeFailure: StorageError? { liveWriters.lazy.compactMap(\.writeFailure).first }
    private var durableScope = false

    /// Makes everything the writer Postboxes of this process committed durable (Postbox.sync),
    /// before a reply or acknowledgement reports it. Throws on the first failed sync: the
    /// operation must then be reported as failed, never retried into a success.
    public func syncWriters() throws {
        for postbox in liveWriters { try postbox.sync() }
        unsynced = []
    }

    private struct WeakPostbox { weak var postbox: Postbox? }
    private var writers: [WeakPostbox] = []
    /// The writers opened since the last `syncWriters`, kept alive until then (each also in `writers`).
    private var unsynced: [Postbox] = []

    /// True when any encrypted store exists (the device key may then never be replaced).
    public static func databasesExist(_ layout: ContainerLayout) -> Bool {
        if FileSystem.exists(layout.sharedDataDatabasePath) || FileSystem.exists(layout.atomicStatePath) { return true }
        return FileSystem.listDirectory(layout.rootPath).contains { $0.hasPrefix("account-") }
    }
}
