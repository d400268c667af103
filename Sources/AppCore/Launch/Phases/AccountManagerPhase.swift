import Storage

/// Phase 5: the AccountManager (records in atomic-state, settings in shared data).
enum AccountManagerPhase {
    static func run(storage: StorageContext, mode: LaunchMode) throws -> AccountManager {
        try AccountManager(layout: storage.layout, deviceKey: storage.deviceKey, readOnly: mode == .reader)
    }
}
