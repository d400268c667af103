import Container
import FoundationEssentials

/// Telegram's AccountBackupData, as the JSON inside a record's backupData attribute. Only the
/// notification key's id is mirrored here (so extensions match a push to an account without opening
/// every Postbox); the 256-byte secret itself stays in the account's sealed keychain table.
public struct AccountBackupData: Codable, Equatable, Sendable {
    public var masterDatacenterId: Int32
    public var peerId: Int64
    public var masterDatacenterKey: Data
    public var masterDatacenterKeyId: Int64
    public var notificationEncryptionKeyId: Data?
    public var notificationEncryptionKey: Data?

    public init(peerId: Int64, notificationEncryptionKeyId: Data?) {
        masterDatacenterId = 2
        self.peerId = peerId
        masterDatacenterKey = Data()
        masterDatacenterKeyId = 0
        self.notificationEncryptionKeyId = notificationEncryptionKeyId
        notificationEncryptionKey = nil
    }
}

/// TelegramAccountRecordAttribute: keyed JSON with exactly one of its cases.
public enum AccountRecordAttribute: Codable, Equatable, Sendable {
    case backupData(AccountBackupData)
    case sortOrder(Int32)
    case loggedOut

    private enum CodingKeys: String, CodingKey { case backupData, sortOrder, loggedOut }
    private struct BackupDataBox: Codable { var data: Data }
    private struct SortOrderBox: Codable { var order: Int32 }
    private struct Empty: Codable {}

    public init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        if let box = try c.decodeIfPresent(BackupDataBox.self, forKey: .backupData) {
            self = .backupData(try StrictJSON.decode(AccountBackupData.self, from: Array(box.data)))
        } else if let box = try c.decodeIfPresent(SortOrderBox.self, forKey: .sortOrder) {
            self = .sortOrder(box.order)
        } else if c.contains(.loggedOut) {
            self = .loggedOut
        } else {
            throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: "unknown account record attribute"))
        }
    }

    public func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        switch self {
        case .backupData(let data):
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.sortedKeys]
            try c.encode(BackupDataBox(data: try encoder.encode(data)), forKey: .backupData)
        case .sortOrder(let order):
            try c.encode(SortOrderBox(order: order), forKey: .sortOrder)
        case .loggedOut:
            try c.encode(Empty(), forKey: .loggedOut)
        }
    }
}

/// One account record in `atomic-state`. Ids are Int64 written as strings, as Telegram's are.
public struct AccountRecord: Codable, Equatable, Sendable {
    public var id: Int64
    public var attributes: [AccountRecordAttribute]
    public var temporarySessionId: Int64?

    public init(id: Int64, attributes: [AccountRecordAttribute], temporarySessionId: Int64? = nil) {
        self.id = id
        self.attributes = attributes
        self.temporarySessionId = temporarySessionId
    }

    private enum CodingKeys: String, CodingKey { case id, attributes, temporarySessionId }

    public init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        id = try Int64.decodeString(c, .id)
        attributes = try c.decode([AccountRecordAttribute].self, forKey: .attributes)
        temporarySessionId = try c.contains(.temporarySessionId) ? Int64.decodeString(c, .temporarySessionId) : nil
    }

    public func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(String(id), forKey: .id)
        try c.encode(attributes, forKey: .attributes)
        if let temporarySessionId { try c.encode(String(temporarySessionId), forKey: .temporarySessionId) }
    }

    public var backupData: AccountBackupData? {
        for case .backupData(let data) in attributes { return data }
        return nil
    }

    public var sortOrder: Int32 {
        for case .sortOrder(let order) in attributes { return order }
        return 0
    }

    public var isLoggedOut: Bool { attributes.contains(.loggedOut) }
}

extension Int64 {
    static func decodeString<K: CodingKey>(_ c: KeyedDecodingContainer<K>, _ key: K) throws -> Int64 {
        let text = try c.decode(String.self, forKey: key)
        guard let value = Int64(text) else {
            throw DecodingError.dataCorruptedError(forKey: key, in: c, debugDescription: "not an Int64 string")
        }
        return value
    }
}
