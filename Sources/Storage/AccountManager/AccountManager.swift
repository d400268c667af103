import Container
import Cryptography
import Formats

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
            try copy.write(path: layout.atomicStatePath)
            state = copy
        }
        return result
    }

    /// The Postbox of an account record.
    public func openPostbox(accountId: Int64, readOnly: Bool, useCaches: Bool = true) throws -> Postbox {
        try Postbox(layout: layout, accountId: accountId, deviceKey: deviceKey, readOnly: readOnly, useCaches: useCaches)
    }

    /// True when any encrypted store exists (the device key may then never be replaced).
    public static func databasesExist(_ layout: ContainerLayout) -> Bool {
        if FileSystem.exists(layout.sharedDataDatabasePath) || FileSystem.exists(layout.atomicStatePath) { return true }
        return FileSystem.listDirectory(layout.rootPath).contains { $0.hasPrefix("account-") }
    }
}
