import Container
import Cryptography
import FoundationEssentials
import KeyValueStore

/// AccountManager's shared data: settings every account and extension sees (Telegram's
/// sharedData table, keys Int32 big-endian), in `accounts-metadata/db/db_sqlite`, values JSON.
public final class SharedDataStore {
    public static let table: Int32 = 2
    public static let schemaVersion: Int32 = 1

    /// Telegram's ApplicationSpecificSharedDataKeys where they exist.
    public enum Key: Int32, Sendable {
        case inAppNotificationSettings = 1000
        case presentationStrings = 1001
        case interfaceSettings = 1002
        case presentationThemeSettings = 1003
        /// The settings schema version, for the defaults migration at launch.
        case settingsVersion = 1
    }

    let valueBox: ValueBox

    public init(layout: ContainerLayout, deviceKey: DeviceKey, readOnly: Bool) throws {
        let key = KeyDerivation.key(for: "account-manager", from: deviceKey)
        valueBox = try ValueBox(path: layout.sharedDataDatabasePath, key: key, readOnly: readOnly,
                                schemaVersion: SharedDataStore.schemaVersion, cacheSizePages: readOnly ? 32 : nil)
    }

    public func get<T: Decodable>(_ type: T.Type, _ key: Key) throws -> T? {
        guard let bytes = try valueBox.read({ try valueBox.get(SharedDataStore.table, ValueBoxKey(int32: key.rawValue)) }) else { return nil }
        do {
            return try StrictJSON.decode(type, from: bytes)
        } catch {
            throw StorageError.invalidValue(table: SharedDataStore.table, detail: "shared data key \(key.rawValue) does not decode")
        }
    }

    public func set<T: Encodable>(_ value: T, _ key: Key) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        let bytes = Array(try encoder.encode(value))
        // Settings change at a person's word, and the command says it is done: durable.
        try valueBox.write(durable: true) { try valueBox.set(SharedDataStore.table, ValueBoxKey(int32: key.rawValue), bytes) }
    }

    /// SQLite's integrity check of the shared data's database: "ok", or what is wrong.
    public func integrityCheck() throws -> String { try valueBox.integrityCheck() }
}
