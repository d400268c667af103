import Foundation
import Testing
import Container
import Cryptography
@testable import Storage
@testable import SiriIntents
@testable import TelegramCore
import TestSupport

/// The intents extension's pieces that need no process: the person pipeline over a real Postbox,
/// identifiers, dates, text matching, the newest-first list, and the response's JSON shape.
@Suite("Siri intents: resolution, identifiers, dates, search pieces")
struct IntentsResolutionTests {
    private static let farid = Peer(id: PeerId(namespace: .cloudUser, id: 1000), firstName: "Farid", lastName: "Tanaka", phone: "+15550100001", isContact: true)
    private static let olivia = Peer(id: PeerId(namespace: .cloudUser, id: 1001), firstName: "Olivia", lastName: "Quint", phone: "15550100002", isContact: true)
    private static let oliviaY = Peer(id: PeerId(namespace: .cloudUser, id: 1002), firstName: "Olivia", lastName: "Yilmaz")
    private static let group = Peer(id: PeerId(namespace: .cloudGroup, id: 1003), title: "Olivia Fans")
    private static let secret = Peer(id: PeerId(namespace: .secretChat, id: 1004), firstName: "Farid", lastName: "Tanaka", associatedPeerId: farid.id)
    private static let deleted = Peer(id: PeerId(namespace: .cloudUser, id: 1005), firstName: "Mallory", phone: "5550100005", isDeleted: true)

    private static func withResolver(contacts: [DeviceContact] = [], _ body: (TelegramEngine.Peers) throws -> Void) throws {
        try withTemporaryDirectory("intents") { dir in
            let postbox = try Postbox(layout: ContainerLayout(containerPath: dir.path), accountId: 7,
                                      deviceKey: DeviceKey(bytes: (0..<48).map { UInt8($0 * 3) }), readOnly: false)
            try postbox.transaction { t in
                for peer in [farid, olivia, oliviaY, group, secret, deleted] { try t.updatePeer(peer) }
                try t.replaceDeviceContacts(contacts)
            }
            try body(TelegramEngine(postbox: postbox).peers)
        }
    }

    private static func found(_ resolution: PersonResolution) -> Int64? {
        if case .found(let person) = resolution { return person.peer.id.toInt64() }
        return nil
    }

    private static func person(_ peer: Peer, contactName: String? = nil) -> ResolvedPerson {
        ResolvedPerson(peer: peer, contactName: contactName)
    }

    @Test("tg<peerId> names a user; a group, a secret chat, a deleted or unknown id is no one")
    func customIdentifier() throws {
        try Self.withResolver { r throws in
            #expect(Self.found(try r.resolvePerson("tg\(Self.farid.id.toInt64())")) == Self.farid.id.toInt64())
            for peer in [Self.group, Self.secret, Self.deleted] {
                #expect(try r.resolvePerson("tg\(peer.id.toInt64())") == .notFound)
            }
            #expect(try r.resolvePerson("tg999999") == .notFound)
        }
    }

    @Test("A phone number finds the user with it, written any way")
    func phone() throws {
        try Self.withResolver(contacts: [DeviceContact(name: "Mom", phones: ["5550100001"])]) { r throws in
            let resolution = try r.resolvePerson("(555) 010-0001")
            #expect(resolution == .found(Self.person(Self.farid, contactName: "Mom")))
            #expect(try r.resolvePerson("+1 555 010 0002") == .found(Self.person(Self.olivia)))
            #expect(try r.resolvePerson("5550100005") == .notFound)
            #expect(try r.resolvePerson("555 999 9999") == .notFound)
        }
    }

    @Test("A device contact's name maps through its numbers to the Telegram user")
    func deviceContactName() throws {
        try Self.withResolver(contacts: [DeviceContact(name: "Mom", phones: ["44123", "15550100001"])]) { r throws in
            #expect(try r.resolvePerson("mom") == .found(Self.person(Self.farid, contactName: "Mom")))
        }
    }

    @Test("Telegram names: users only; an exact name wins; two users are ambiguous")
    func telegramNames() throws {
        try Self.withResolver { r throws in
            #expect(Self.found(try r.resolvePerson("Farid")) == Self.farid.id.toInt64())
            #expect(try r.resolvePerson("Olivia") == .ambiguous([Self.person(Self.olivia), Self.person(Self.oliviaY)]))
            #expect(Self.found(try r.resolvePerson("olivia quint")) == Self.olivia.id.toInt64())
            #expect(try r.resolvePerson("Nobody Here") == .notFound)
        }
    }

    @Test("A device contact and a Telegram name that reach different users are ambiguous; the same user is one")
    func mixedSources() throws {
        try Self.withResolver(contacts: [DeviceContact(name: "Olivia (work)", phones: ["5550100001"])]) { r throws in
            guard case .ambiguous(let people) = try r.resolvePerson("olivia") else { Issue.record("not ambiguous"); return }
            #expect(Set(people.map { $0.peer.id.toInt64() }) == Set([Self.farid, Self.olivia, Self.oliviaY].map { $0.id.toInt64() }))
        }
        try Self.withResolver(contacts: [DeviceContact(name: "Farid Tanaka", phones: ["5550100001"])]) { r throws in
            #expect(try r.resolvePerson("Farid Tanaka") == .found(Self.person(Self.farid, contactName: "Farid Tanaka")))
        }
    }

    @Test("Message identifiers are <peerId>_<namespace>_<id>")
    func identifiers() {
        let id = MessageId(peerId: PeerId(namespace: .cloudChannel, id: 77), namespace: 0, id: 12)
        #expect(MessageIdentifier.parse(id.description) == id)
        #expect(MessageIdentifier.parse("-5_0_1")?.peerId == PeerId(-5))
        for bad in ["", "1_0", "1_0_2_3", "a_0_1", "1__2", "1_0_99999999999"] { #expect(MessageIdentifier.parse(bad) == nil, "\(bad)") }
    }

    @Test("Dates: a day (UTC), a timestamp with or without a zone, unix seconds; anything else refused")
    func dates() {
        #expect(IntentDate.parse("2024-05-01") == 1_714_521_600)
        #expect(IntentDate.parse("2024-05-01T10:20:30Z") == 1_714_558_830)
        #expect(IntentDate.parse("2024-05-01T10:20:30") == 1_714_558_830)
        #expect(IntentDate.parse("2024-05-01T12:20:30+02:00") == 1_714_558_830)
        #expect(IntentDate.parse("1714558830") == 1_714_558_830)
        for bad in ["", "yesterday", "2024-13-45", "2024/05/01", "99999999999"] { #expect(IntentDate.parse(bad) == nil, "\(bad)") }
        #expect(IntentDate.format(1_714_558_830) == "2024-05-01T10:20:30Z")
    }

    @Test("Text matching is by word prefix and case-insensitive, for ASCII and other letters")
    func textMatching() {
        #expect(TextMatcher("TICKETS").matches("bring the tickets tomorrow"))
        #expect(TextMatcher("tick").matches("Tickets"))
        #expect(!TextMatcher("tickets").matches("ticket"))
        // Words begin messages' words: a piece from inside a word finds nothing (SearchWordsTests has more).
        #expect(!TextMatcher("ckets").matches("Tickets"))
        #expect(TextMatcher("zoë").matches("Hi ZOË!"))
        #expect(TextMatcher("🙂").matches("later 🙂"))
        // Accents are letters of their own, as in Telegram's search: "zoe" does not find "Zoë".
        #expect(!TextMatcher("zoe").matches("Zoë"))
        #expect(TextMatcher("").matches("anything"))
    }

    @Test("The hit list keeps the newest, newest first, and says when it is full")
    func newestHits() {
        var hits = NewestHits(limit: 3)
        let peer = PeerId(namespace: .cloudUser, id: 1)
        for (id, ts) in [(1, 10), (2, 50), (3, 30), (4, 40), (5, 5)] as [(Int32, Int32)] {
            hits.insert(MessageSearch.Hit(message: Message(index: MessageIndex(id: MessageId(peerId: peer, id: id), timestamp: ts),
                                                           authorId: nil, text: "", isIncoming: true), isRead: true))
        }
        #expect(hits.items.map(\.message.id.id) == [2, 4, 3])
        #expect(hits.oldestIfFull?.timestamp == 30)
    }

    @Test("Exit statuses: 0 done or in the app's hands, 3 choose, 1 otherwise")
    func exitStatuses() {
        #expect([IntentCode.success, .inProgress, .continueInApp].allSatisfy { $0.exitStatus == 0 })
        #expect(IntentCode.needsDisambiguation.exitStatus == 3)
        #expect([IntentCode.failure, .failureRequiringAppLaunch, .unsupported].allSatisfy { $0.exitStatus == 1 })
    }

    @Test("The response is one JSON object: envelope and payload side by side, nulls written")
    func responseShape() throws {
        let response = IntentResponse<SentMessage>(.sendMessage, .unsupported, reason: "noRecipient")
        let object = try JSONSerialization.jsonObject(with: JSONEncoder().encode(response)) as? [String: Any]
        #expect(object?["intent"] as? String == "sendMessage")
        #expect(object?["code"] as? String == "unsupported")
        #expect(object?["reason"] as? String == "noRecipient")
        #expect(Set(object?.keys.map { $0 } ?? []) == ["intent", "code", "reason", "detail", "recipient", "candidates", "messageId",
                                                        "identifier", "requestId", "queued"])
        #expect(object?["recipient"] is NSNull)
    }
}
