import Storage

/// A device contact's Telegram users: those whose numbers match one of its numbers (digits only;
/// the last 10, or all of a shorter number), each once, in the contact's order.
public enum DeviceContactMatch {
    public static func peerIds(_ contact: DeviceContact, users: [String: [Peer]]) -> [Int64] {
        var ids: [Int64] = []
        for phone in contact.phones {
            for user in users[PhoneNumber.matchKey(phone) ?? ""] ?? [] where !ids.contains(user.id.toInt64()) { ids.append(user.id.toInt64()) }
        }
        return ids
    }
}
