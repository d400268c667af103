import Container
import Storage

/// Siri's contact pipeline, as Telegram's intents extension runs it (matchingDeviceContacts →
/// matchingCloudContacts → INPerson "tg<peerId>"), over what main imported and synced:
/// - `tg<peerId>`: that user; it must be a user (CloudUser), as Telegram requires;
/// - a phone number: the Telegram users with that number;
/// - a name: device contacts with that name, mapped through their numbers to Telegram users,
///   plus Telegram users with that name (PostboxTransaction.resolvePeer).
/// Only users can be messaged or called this way. Exact names win over names a query only
/// begins; more than one user left is ambiguous.
/// A person found: the user, and the device contact's name when the address book led to them.
public struct ResolvedPerson: Equatable, Sendable {
    public let peer: EnginePeer
    public let contactName: String?
}

public enum PersonResolution: Equatable, Sendable {
    case found(ResolvedPerson)
    case ambiguous([ResolvedPerson])
    case notFound
}

struct PersonResolver {

    private struct Candidate {
        let peer: Peer
        var contactName: String?
        let exact: Bool
    }

    let transaction: PostboxTransaction

    init(transaction: PostboxTransaction) {
        self.transaction = transaction
    }

    func resolve(_ text: String) throws -> PersonResolution {
        let query = text.trimmingWhitespace()
        guard !query.isEmpty else { return .notFound }
        if query.hasPrefix("tg"), let value = Int64(query.dropFirst(2)) {
            guard let peer = try transaction.peer(PeerId(value)), peer.isUser, !peer.isDeleted else { return .notFound }
            return .found(ResolvedPerson(peer: peer, contactName: nil))
        }
        if Self.isPhoneNumber(query) { return decide(try byPhone(query)) }
        return decide(try byName(query))
    }

    /// The rule resolvePeer uses: at least five digits, and digits are most of what was typed.
    static func isPhoneNumber(_ text: String) -> Bool {
        let digits = PhoneNumber.digits(text)
        return digits.count >= 5 && digits.count * 2 >= text.filter { !$0.isWhitespace }.count
    }

    private func byPhone(_ query: String) throws -> [Candidate] {
        guard let key = PhoneNumber.matchKey(query) else { return [] }
        let contactName = try transaction.deviceContacts().first { $0.phones.contains { PhoneNumber.matchKey($0) == key } }?.name
        return try (transaction.usersByPhoneKey()[key] ?? []).map { Candidate(peer: $0, contactName: contactName, exact: true) }
    }

    private func byName(_ query: String) throws -> [Candidate] {
        let needle = PeerSearchText.normalized(query)
        var candidates: [Candidate] = []
        let contacts = try transaction.deviceContacts(matching: query)
        if !contacts.isEmpty {
            let users = try transaction.usersByPhoneKey()
            for contact in contacts {
                let exact = PeerSearchText.normalized(contact.name) == needle
                for key in contact.phones.compactMap(PhoneNumber.matchKey) {
                    for user in users[key] ?? [] { candidates.append(Candidate(peer: user, contactName: contact.name, exact: exact)) }
                }
            }
        }
        let telegram: [Peer]
        switch try transaction.resolvePeer(query) {
        case .found(let peer): telegram = [peer]
        case .ambiguous(let peers): telegram = peers
        case .notFound: telegram = []
        }
        for peer in telegram where peer.isUser {
            let exact = query.hasPrefix("@") || PeerSearchText.normalized(peer.displayTitle) == needle
            candidates.append(Candidate(peer: peer, contactName: nil, exact: exact))
        }
        return candidates
    }

    /// Exact matches only when there are any; one person per user (a device contact's name kept).
    private func decide(_ candidates: [Candidate]) -> PersonResolution {
        let pool = candidates.contains(where: \.exact) ? candidates.filter(\.exact) : candidates
        var people: [Candidate] = []
        for candidate in pool {
            if let i = people.firstIndex(where: { $0.peer.id == candidate.peer.id }) {
                if people[i].contactName == nil { people[i].contactName = candidate.contactName }
            } else {
                people.append(candidate)
            }
        }
        switch people.count {
        case 0: return .notFound
        case 1: return .found(ResolvedPerson(peer: people[0].peer, contactName: people[0].contactName))
        default: return .ambiguous(people.map { ResolvedPerson(peer: $0.peer, contactName: $0.contactName) })
        }
    }
}
