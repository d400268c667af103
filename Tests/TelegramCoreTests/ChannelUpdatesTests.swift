import Container
import Cryptography
import Foundation
import Storage
import TelegramApi
@testable import TelegramCore
import Testing
import TestSupport

/// Pushed channel updates against each channel's own pts: one that follows is taken and moves
/// its channel's pts, one applied already is left out, a gap or a channel never synced leaves
/// the whole push to a catch-up with the channel marked behind, and the account's own updates
/// pass through untouched.
@Suite("Channel updates follow each channel's pts")
struct ChannelUpdatesTests {
    static let rust = PeerId(namespace: .cloudChannel, id: 5_000_001), news = PeerId(namespace: .cloudChannel, id: 5_000_002)

    static func post(_ channel: PeerId, id: Int32, pts: Int32) -> Api.Update {
        .updateNewChannelMessage(message: .messageEmpty(id: id, peerId: .peerChannel(channelId: channel.id)), pts: pts, ptsCount: 1)
    }

    static func withStates(_ body: (Postbox) throws -> Void) throws {
        try withTemporaryDirectory("channel-updates") { dir in
            let postbox = try Postbox(layout: ContainerLayout(containerPath: dir.path), accountId: 1,
                                      deviceKey: DeviceKey(bytes: (0 ..< 48).map { UInt8($0) }), readOnly: false)
            try postbox.transaction { t in
                try t.setChannelPts(rust, 10)
                try t.setChannelPts(news, 3)
            }
            try body(postbox)
        }
    }

    @Test func followingAppliedAndAccountUpdates() throws {
        try Self.withStates { postbox in
            let account = Api.Update.updateDeleteMessages(messages: [1], pts: 7, ptsCount: 1)
            var behind: Set<PeerId> = []
            let result = try postbox.read { t in
                try ChannelUpdates.following([Self.post(Self.rust, id: 9, pts: 10), Self.post(Self.rust, id: 11, pts: 11), account,
                                              Self.post(Self.rust, id: 12, pts: 12), Self.post(Self.news, id: 4, pts: 4)], in: t, behind: &behind)
            }
            let (taken, states) = try #require(result)
            #expect(taken.count == 4, "the one at pts 10 was applied already: \(taken)")
            #expect(states == [Self.rust: 12, Self.news: 4] && behind.isEmpty)
        }
    }

    @Test func aGapOrAChannelNeverSyncedGoesToACatchUp() throws {
        try Self.withStates { postbox in
            var behind: Set<PeerId> = []
            let gap = try postbox.read { try ChannelUpdates.following([Self.post(Self.rust, id: 13, pts: 12)], in: $0, behind: &behind) }
            #expect(gap == nil && behind == [Self.rust])
            let unknown = PeerId(namespace: .cloudChannel, id: 5_000_009)
            let never = try postbox.read { try ChannelUpdates.following([Self.post(unknown, id: 1, pts: 2)], in: $0, behind: &behind) }
            #expect(never == nil && behind == [Self.rust, unknown])
            let tooLong = try postbox.read { try ChannelUpdates.following([.updateChannelTooLong(channelId: Self.news.id, pts: nil)], in: $0, behind: &behind) }
            #expect(tooLong == nil && behind.contains(Self.news))
        }
    }

    @Test func theOneRuleOfAPtsSequence() {
        #expect(PtsOrder(stored: 10, pts: 11, count: 1) == .follows)
        #expect(PtsOrder(stored: 10, pts: 12, count: 2) == .follows, "a deletion of two messages is one step of two")
        #expect(PtsOrder(stored: 10, pts: 10, count: 1) == .applied)
        #expect(PtsOrder(stored: 10, pts: 12, count: 1) == .gap)
    }
}
