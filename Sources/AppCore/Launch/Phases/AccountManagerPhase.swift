import TelegramCore

/// Phase 5: the AccountManager (records in atomic-state, settings in shared data).
enum AccountManagerPhase {
    static func run(storage: StorageContext, mode: LaunchMode) throws -> EngineAccountManager {
        try EngineAccountManager(layout: storage.layout, deviceKey: storage.deviceKey, readOnly: mode == .reader)
    }
}
