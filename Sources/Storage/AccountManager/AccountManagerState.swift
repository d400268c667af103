import FoundationEssentials
import Container

/// `accounts-metadata/atomic-state`: Telegram's AccountManagerAtomicState as JSON, rewritten
/// atomically on each change by main, read by every process without opening any database.
public struct AccountManagerState: Codable, Equatable, Sendable {
    public var records: [AccountRecord]
    public var currentRecordId: Int64?
    public var accessChallengeData: AccessChallengeData

    public init(records: [AccountRecord] = [], currentRecordId: Int64? = nil, accessChallengeData: AccessChallengeData = .none) {
        self.records = records
        self.currentRecordId = currentRecordId
        self.accessChallengeData = accessChallengeData
    }

    private enum CodingKeys: String, CodingKey { case records, currentRecordId, accessChallengeData }

    public init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        records = try c.decode([AccountRecord].self, forKey: .records)
        currentRecordId = try c.contains(.currentRecordId) && !(try c.decodeNil(forKey: .currentRecordId))
            ? Int64.decodeString(c, .currentRecordId) : nil
        accessChallengeData = try c.decodeIfPresent(AccessChallengeData.self, forKey: .accessChallengeData) ?? .none
    }

    public func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(records, forKey: .records)
        if let currentRecordId { try c.encode(String(currentRecordId), forKey: .currentRecordId) }
        try c.encode(accessChallengeData, forKey: .accessChallengeData)
    }

    /// The current record, if it exists and is not logged out (an authorized account).
    public var currentRecord: AccountRecord? {
        guard let currentRecordId else { return nil }
        return records.first { $0.id == currentRecordId && !$0.isLoggedOut }
    }

    /// Telegram's getCurrentRecords order: logged-in records with backup data, by sortOrder then id.
    public var activeRecords: [AccountRecord] {
        records.filter { !$0.isLoggedOut && $0.backupData != nil }
            .sorted { ($0.sortOrder, $0.id) < ($1.sortOrder, $1.id) }
    }

    /// The record whose mirrored notification key id is `keyId` (how a push finds its account).
    public func record(notificationKeyId keyId: [UInt8]) -> AccountRecord? {
        activeRecords.first { $0.backupData?.notificationEncryptionKeyId.map(Array.init) == keyId }
    }

    public struct Unreadable: Error, CustomStringConvertible {
        public let path: String
        public let reason: String
        public var description: String { "account metadata \(path) is unreadable: \(reason); nothing was changed" }
    }

    /// nil when there is no atomic-state yet (no account ever created).
    public static func read(path: String) throws -> AccountManagerState? {
        let bytes: [UInt8]
        do {
            guard let read = try FileSystem.readFileIfExists(path, limit: 8 << 20) else { return nil }
            bytes = read
        } catch {
            throw Unreadable(path: path, reason: "\(error)")
        }
        do {
            return try StrictJSON.decode(AccountManagerState.self, from: bytes)
        } catch {
            throw Unreadable(path: path, reason: "not valid account-manager JSON")
        }
    }

    public func write(path: String) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        try AtomicFile.write(Array(try encoder.encode(self)), to: path)
    }
}
