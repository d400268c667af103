/// The device's address book as main last imported it (`main contacts import`): what iOS's
/// Contacts framework gives Telegram's Siri extension, which maps contacts to Telegram users by
/// phone number. Table 63, key = position (Int32 BE), value = sealed name and phone digits.
public struct DeviceContact: BinaryCodable, Equatable, Sendable {
    public var name: String
    /// Digits only ("+1 (555) 010-0001" is "15550100001"): the form every comparison uses.
    public var phones: [String]

    public init(name: String, phones: [String]) {
        self.name = name
        self.phones = phones
    }

    public func encode(to w: inout BinaryWriter) {
        w.write(UInt8(1))
        w.write(name)
        w.write(Int32(phones.count))
        for phone in phones { w.write(phone) }
    }

    public init(from r: inout BinaryReader) throws {
        _ = try r.readUInt8()
        name = try r.readString()
        let count = try r.readInt32()
        guard (0...1024).contains(count) else { throw BinaryReader.Truncated() }
        phones = try (0..<count).map { _ in try r.readString() }
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

    /// An import replaces the whole address book: a contact deleted on the device goes too.
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
