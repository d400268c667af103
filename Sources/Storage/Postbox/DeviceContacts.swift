import Formats
import KeyValueStore

/// The device's address book as main last imported it (`main contacts import`): what iOS's
/// Contacts framework gives Telegram's Siri extension, which maps contacts to Telegram users by
/// phone number. Table 63, key = position (Int32 BE), value = sealed name and phone digits.
public struct DeviceContact: BinaryCodable, Equatable, Sendable {
    public var name: String
    /// Digits only ("+1 (555) 010-0001" is "15550100001"): the form every comparison uses.
    public var phones: [String]
    /// The vCard's UID, the card's own identity across exports; nil from CSV or a card without one.
    public var uid: String?

    public init(name: String, phones: [String], uid: String? = nil) {
        self.name = name
        self.phones = phones
        self.uid = uid
    }

    /// Whether `other` is the same person as this contact: the same vCard UID where both have
    /// one, else a phone number in common, else (neither has a number) the same name.
    public func isSamePerson(as other: DeviceContact) -> Bool {
        if let uid, let otherUid = other.uid { return uid == otherUid }
        let keys = Set(phones.compactMap(PhoneNumber.matchKey))
        if !keys.isEmpty || !other.phones.isEmpty { return other.phones.contains { PhoneNumber.matchKey($0).map(keys.contains) ?? false } }
        return PeerSearchText.normalized(name) == PeerSearchText.normalized(other.name)
    }

    // Version 2 adds the UID; version 1 records (before it) read as having none.
    public func encode(to w: inout BinaryWriter) {
        w.write(UInt8(2))
        w.write(name)
        w.write(Int32(phones.count))
        for phone in phones { w.write(phone) }
        w.writeOptional(uid)
    }

    public init(from r: inout BinaryReader) throws {
        let version = try r.readUInt8()
        name = try r.readString()
        let count = try r.readInt32()
        guard (0...1024).contains(count) else { throw BinaryReader.Truncated() }
        phones = try (0..<count).map { _ in try r.readString() }
        uid = version >= 2 ? try r.readOptionalString() : nil
    }
}

/// What merging an imported address book into the stored one did.
public struct DeviceContactsMerge: Equatable, Sendable {
    /// In the file, not stored before.
    public var added = 0
    /// In the file and stored, changed (a new name or number).
    public var updated = 0
    /// In the file and stored, the same.
    public var unchanged = 0
    /// Stored, not in the file: kept (a merge removes nobody; `--replace` does).
    public var kept = 0

    public init() {}

    /// `incoming` merged into `stored`: each incoming contact replaces the stored one that is the
    /// same person (each stored one matched at most once) or is added after them.
    public static func merge(_ incoming: [DeviceContact], into stored: [DeviceContact]) -> ([DeviceContact], DeviceContactsMerge) {
        var result = stored
        var matched = Set<Int>()
        var counts = DeviceContactsMerge()
        for contact in incoming {
            if let index = result.indices.first(where: { $0 < stored.count && !matched.contains($0) && result[$0].isSamePerson(as: contact) }) {
                matched.insert(index)
                if result[index] == contact { counts.unchanged += 1 } else { counts.updated += 1 }
                result[index] = contact
            } else {
                result.append(contact)
                counts.added += 1
            }
        }
        counts.kept = stored.count - matched.count
        return (result, counts)
    }
}

/// Phone numbers compared as Telegram users' numbers are: digits only; two numbers of ten digits
/// or more are the same when their last ten digits are (country code written or not, a trunk 0
/// or not), shorter ones only when identical.
public enum PhoneNumber {
    public static func digits(_ text: String) -> String { PeerSearchText.phoneDigits(text) }

    /// The key two numbers share exactly when they match; nil for text without digits.
    public static func matchKey(_ text: String) -> String? {
        let digits = digits(text)
        if digits.isEmpty { return nil }
        return digits.count >= 10 ? String(digits.suffix(10)) : digits
    }
}

extension PostboxTransaction {
    private static let deviceContactsEnd = ValueBoxKey([UInt8](repeating: 0xff, count: 5))

    /// In the order they were imported.
    public func deviceContacts() throws -> [DeviceContact] {
        var contacts: [DeviceContact] = []
        try valueBox.range(PostboxTable.deviceContacts, start: ValueBoxKey(), end: Self.deviceContactsEnd) { _, value in
            contacts.append(try DeviceContact(decoding: value))
            return true
        }
        return contacts
    }

    /// `--replace`: the whole address book replaced, a contact deleted on the device gone too.
    public func replaceDeviceContacts(_ contacts: [DeviceContact]) throws {
        var old: [ValueBoxKey] = []
        try valueBox.range(PostboxTable.deviceContacts, start: ValueBoxKey(), end: Self.deviceContactsEnd, values: false) { key, _ in
            old.append(key)
            return true
        }
        for key in old { try valueBox.remove(PostboxTable.deviceContacts, key) }
        for (index, contact) in contacts.enumerated() {
            try valueBox.set(PostboxTable.deviceContacts, ValueBoxKey(int32: Int32(index)), contact.encoded())
        }
    }

    /// An import: merged into what is stored by each person's identity (DeviceContactsMerge).
    @discardableResult
    public func mergeDeviceContacts(_ contacts: [DeviceContact]) throws -> DeviceContactsMerge {
        let (merged, counts) = DeviceContactsMerge.merge(contacts, into: try deviceContacts())
        try replaceDeviceContacts(merged)
        return counts
    }

    /// Device contacts whose name fits `query`, by the rule Telegram names are found by
    /// (PeerSearch): an exact name wins over names the query only starts words of.
    public func deviceContacts(matching query: String) throws -> [DeviceContact] {
        let needle = PeerSearchText.normalized(query)
        let words = needle.split(separator: " ").map(String.init)
        guard !words.isEmpty else { return [] }
        let all = try deviceContacts()
        let exact = all.filter { PeerSearchText.normalized($0.name) == needle }
        if !exact.isEmpty { return exact }
        // A contact's name is matched as a user's name would be: the same word-prefix rule.
        return all.filter { PeerSearchText.matches(Peer(id: PeerId(0), firstName: $0.name), words: words) }
    }

    /// Telegram users (not deleted) by the match key of their phone number, for mapping device
    /// contacts to users. One pass over the peers.
    public func usersByPhoneKey() throws -> [String: [Peer]] {
        var users: [String: [Peer]] = [:]
        try enumeratePeers { peer in
            if peer.isUser, !peer.isDeleted, let key = peer.phone.flatMap(PhoneNumber.matchKey) { users[key, default: []].append(peer) }
            return true
        }
        return users
    }
}
