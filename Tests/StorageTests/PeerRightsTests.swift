import Formats
@testable import Storage
import Testing

/// A peer's rights (version 3 of its record) and member count (version 4): kept through a round
/// trip beside the bio, older records still read, an unknown version refused, and the reason a
/// person reads for each right.
@Suite("Storage: a peer's rights in a group or channel")
struct PeerRightsTests {
    let channel = PeerId(namespace: .cloudChannel, id: 77)

    @Test func eachVersionRoundTripsAndIsTheOldestThatHoldsIt() throws {
        var plain = Peer(id: channel, title: "Dispatches")
        #expect(plain.encoded().first == 1)
        #expect(try Peer(decoding: plain.encoded()) == plain)
        plain.about = "bio"
        #expect(plain.encoded().first == 2)
        #expect(try Peer(decoding: plain.encoded()) == plain)
        for about in [nil, "bio", ""] as [String?] {
            var ruled = Peer(id: channel, title: "Dispatches")
            ruled.about = about
            ruled.rights = [.broadcast, .cannotPost]
            let bytes = ruled.encoded()
            #expect(bytes.first == 3)
            #expect(try Peer(decoding: bytes) == ruled)
            for cut in 0..<bytes.count {
                #expect(throws: BinaryReader.Truncated.self) { try Peer(decoding: Array(bytes.prefix(cut))) }
            }
        }
        // Version 4: the member count, with or without rights.
        for rights in [[], [.creator]] as [PeerRights] {
            var counted = Peer(id: channel, title: "Dispatches")
            counted.rights = rights
            counted.memberCount = 1_234
            let bytes = counted.encoded()
            #expect(bytes.first == 4)
            #expect(try Peer(decoding: bytes) == counted)
            for cut in 0..<bytes.count {
                #expect(throws: BinaryReader.Truncated.self) { try Peer(decoding: Array(bytes.prefix(cut))) }
            }
        }
    }

    @Test func anUnknownVersionIsRefusedNotMisread() {
        var bytes = Peer(id: channel, title: "Dispatches").encoded()
        for version: UInt8 in [0, 5, 255] {
            bytes[0] = version
            #expect(throws: BinaryReader.Truncated.self) { try Peer(decoding: bytes) }
        }
    }

    @Test func theReasonNamesWhatTheAccountMayNotDo() {
        var peer = Peer(id: channel, title: "Dispatches")
        #expect(peer.writeRestriction == nil, "no rights said: writing stays allowed")
        peer.rights = [.broadcast]
        #expect(peer.writeRestriction == nil, "an admin who posts")
        peer.rights = [.broadcast, .cannotPost]
        #expect(peer.writeRestriction == "Only the channel's admins can post here")
        peer.rights = [.cannotPost]
        #expect(peer.writeRestriction == "Members cannot send messages in this group")
        peer.rights = [.broadcast, .left, .cannotPost]
        #expect(peer.writeRestriction == "You left this channel")
        peer.rights = [.removed]
        #expect(peer.writeRestriction == "You were removed from this group")
        peer.rights = [.migrated]
        #expect(peer.writeRestriction?.contains("upgraded to a supergroup") == true)
        peer.rights = [.broadcast, .cannotPin]
        #expect(peer.writeRestriction == nil && peer.pinRestriction == "Only the channel's admins can pin here")
        peer.rights = [.broadcast, .cannotPost, .cannotPin]
        #expect(peer.pinRestriction == "Only the channel's admins can post here", "the first reason a person meets")
                let deleted = Peer(id: PeerId(namespace: .cloudUser, id: 5), firstName: "Gone", isDeleted: true)
        #expect(deleted.writeRestriction?.contains("deleted") == true)
    }
}
