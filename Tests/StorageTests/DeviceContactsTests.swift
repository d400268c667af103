import Foundation
import Testing
import Container
import Cryptography
@testable import Storage
import TestSupport

/// Table 63: the device contacts main imports, sealed, replaced wholesale, found by name and
/// mapped to Telegram users by phone.
@Suite("Device contacts in the Postbox")
struct IntentsDeviceContactsTests {
    private static func withPostbox(_ body: (Postbox, String) throws -> Void) throws {
        try withTemporaryDirectory("devcontacts") { dir in
            let layout = ContainerLayout(containerPath: dir.path)
            let key = DeviceKey(bytes: (0..<48).map { UInt8($0) })
            let postbox = try Postbox(layout: layout, accountId: 42, deviceKey: key, readOnly: false)
            try body(postbox, layout.postboxDatabasePath(42))
        }
    }

    private static let users = [
        Peer(id: PeerId(namespace: .cloudUser, id: 1), firstName: "Farid", lastName: "Tanaka", phone: "+1 555 010 0001", isContact: true),
        Peer(id: PeerId(namespace: .cloudUser, id: 2), firstName: "Olivia", lastName: "Quint", phone: "15550100002", isContact: true),
        Peer(id: PeerId(namespace: .cloudUser, id: 3), firstName: "Gone", phone: "5550100003", isDeleted: true),
        Peer(id: PeerId(namespace: .cloudGroup, id: 4), title: "Family", phone: "5550100004"),
    ]

    @Test("An import merges by person: the same UID, else a number in common, is updated; new ones added; others kept")
    func mergeByIdentity() throws {
        try Self.withPostbox { postbox, _ in
            let mom = DeviceContact(name: "Mom", phones: ["15550100001"])
            let dad = DeviceContact(name: "Dad", phones: ["15550100009"], uid: "dad-1")
            let noNumber = DeviceContact(name: "Neighbour", phones: [])
            try postbox.transaction { t in try t.mergeDeviceContacts([mom, dad, noNumber]) }
            // Mom with a new number beside the old one (written another way), Dad renamed under
            // his UID with a new number, the neighbour the same, an aunt new.
            let second = [DeviceContact(name: "Mother", phones: ["5550100001", "5550100077"]),
                          DeviceContact(name: "Father", phones: ["15550100010"], uid: "dad-1"),
                          DeviceContact(name: "Neighbour", phones: []), DeviceContact(name: "Aunt", phones: ["15550100003"])]
            let counts = try postbox.transaction { t in try t.mergeDeviceContacts(second) }
            var expected = DeviceContactsMerge()
            (expected.added, expected.updated, expected.unchanged, expected.kept) = (1, 2, 1, 0)
            #expect(counts == expected)
            #expect(try postbox.read { try $0.deviceContacts() }.map(\.name) == ["Mother", "Father", "Neighbour", "Aunt"])
            // A file of one: the others are kept, not removed.
            let third = try postbox.transaction { t in try t.mergeDeviceContacts([DeviceContact(name: "Aunt", phones: ["15550100003"])]) }
            #expect(third.unchanged == 1 && third.kept == 3 && third.added == 0)
            #expect(try postbox.read { try $0.deviceContacts() }.count == 4)
        }
    }

    @Test("An import replaces the previous one; order is kept")
    func replaceWholesale() throws {
        try Self.withPostbox { postbox, _ in
            try postbox.transaction { t in
                try t.replaceDeviceContacts([DeviceContact(name: "Mom", phones: ["5550100001"]), DeviceContact(name: "Dad", phones: [])])
            }
            #expect(try postbox.read { try $0.deviceContacts() }.map(\.name) == ["Mom", "Dad"])
            try postbox.transaction { t in try t.replaceDeviceContacts([DeviceContact(name: "Aunt", phones: ["1", "2"])]) }
            #expect(try postbox.read { try $0.deviceContacts() } == [DeviceContact(name: "Aunt", phones: ["1", "2"])])
            try postbox.transaction { t in try t.replaceDeviceContacts([]) }
            #expect(try postbox.read { try $0.deviceContacts() }.isEmpty)
        }
    }

    @Test("Names and numbers are sealed: not in the database file in plain")
    func sealed() throws {
        try Self.withPostbox { postbox, path in
            try postbox.transaction { t in
                try t.replaceDeviceContacts([DeviceContact(name: "Quentin Zyxwvut", phones: ["987650123498"])])
            }
            postbox.valueBox.checkpoint()
            var bytes = Data()
            for suffix in ["", "-wal"] { bytes += FileManager.default.contents(atPath: path + suffix) ?? Data() }
            #expect(bytes.range(of: Data("Zyxwvut".utf8)) == nil)
            #expect(bytes.range(of: Data("987650123498".utf8)) == nil)
        }
    }

    @Test("An exact name wins over names the query only begins; word prefixes match otherwise")
    func nameMatching() throws {
        try Self.withPostbox { postbox, _ in
            try postbox.transaction { t in
                try t.replaceDeviceContacts([DeviceContact(name: "Ann", phones: []), DeviceContact(name: "Anna Berg", phones: []),
                                             DeviceContact(name: "Joanne Smith", phones: [])])
            }
            try postbox.read { t throws in
                #expect(try t.deviceContacts(matching: "ann").map(\.name) == ["Ann"])
                #expect(try t.deviceContacts(matching: "an").map(\.name) == ["Ann", "Anna Berg"])
                #expect(try t.deviceContacts(matching: "berg  anna").map(\.name) == ["Anna Berg"])
                #expect(try t.deviceContacts(matching: "   ").isEmpty)
            }
        }
    }

    @Test("Users by phone: only users that are not deleted, keyed by the last ten digits")
    func usersByPhone() throws {
        try Self.withPostbox { postbox, _ in
            try postbox.transaction { t in for peer in Self.users { try t.updatePeer(peer) } }
            let index = try postbox.read { try $0.usersByPhoneKey() }
            #expect(index[PhoneNumber.matchKey("555-010-0001")!]?.map(\.id) == [Self.users[0].id])
            #expect(index[PhoneNumber.matchKey("+1 555 010 0002")!]?.map(\.id) == [Self.users[1].id])
            #expect(index[PhoneNumber.matchKey("5550100003")!] == nil)
            #expect(index[PhoneNumber.matchKey("5550100004")!] == nil)
        }
    }
}
