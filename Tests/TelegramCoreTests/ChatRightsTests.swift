import TelegramApi
@testable import TelegramCore
import Storage
import Testing

/// What a chat from the server says of the account's place in it, as the Postbox keeps it: a
/// broadcast channel's subscriber cannot post or pin, its creator or an admin with post rights
/// posts (and pins with edit rights), who deletes others' messages, a supergroup's banned rights
/// stop members, a min channel says nothing, a forbidden chat is one the account was removed from.
@Suite("A chat's rights from the server")
struct ChatRightsTests {
    static func channel(creator: Bool = false, left: Bool = false, broadcast: Bool, min: Bool = false, adminRights: Api.ChatAdminRights? = nil,
                        bannedRights: Api.ChatBannedRights? = nil, defaultBannedRights: Api.ChatBannedRights? = nil) -> Api.Chat {
        .channel(creator: creator, left: left, broadcast: broadcast, verified: false, megagroup: !broadcast, restricted: false, signatures: false,
                 min: min, scam: false, hasLink: false, hasGeo: false, slowmodeEnabled: false, callActive: false, callNotEmpty: false, fake: false,
                 gigagroup: false, noforwards: false, joinToSend: false, joinRequest: false, forum: false, storiesHidden: false,
                 storiesHiddenMin: false, storiesUnavailable: false, signatureProfiles: false, autotranslation: false,
                 broadcastMessagesAllowed: false, monoforum: false, forumTabs: false, id: 900, accessHash: 12345, title: "Dispatches",
                 username: nil, photo: .chatPhotoEmpty, date: 0, restrictionReason: nil, adminRights: adminRights, bannedRights: bannedRights,
                 defaultBannedRights: defaultBannedRights, participantsCount: nil, usernames: nil, storiesMaxId: nil, color: nil,
                 profileColor: nil, emojiStatus: nil, level: nil, subscriptionUntilDate: nil, botVerificationIcon: nil,
                 sendPaidMessagesStars: nil, linkedMonoforumId: nil)
    }

    /// Posting or not, with delete (not edit, not pin).
    static func admin(posts: Bool) -> Api.ChatAdminRights {
        .chatAdminRights(changeInfo: true, postMessages: posts, editMessages: false, deleteMessages: true, banUsers: false, inviteUsers: true,
                         pinMessages: false, addAdmins: false, anonymous: false, manageCall: false, other: false, manageTopics: false,
                         postStories: false, editStories: false, deleteStories: false, manageDirectMessages: false)
    }

    static func banned(sending: Bool) -> Api.ChatBannedRights {
        .chatBannedRights(viewMessages: false, sendMessages: sending, sendMedia: false, sendStickers: false, sendGifs: false, sendGames: false,
                          sendInline: false, embedLinks: false, sendPolls: false, changeInfo: true, inviteUsers: false, pinMessages: true,
                          manageTopics: false, sendPhotos: false, sendVideos: false, sendRoundvideos: false, sendAudios: false, sendVoices: false,
                          sendDocs: false, sendPlain: false, untilDate: 0)
    }

    func rights(_ chat: Api.Chat) -> PeerRights? { ChatFields(chat)?.rights }

    @Test func aBroadcastChannelIsPostedInByItsCreatorAndAdminsWhoPost() {
        #expect(rights(Self.channel(broadcast: true)) == [.broadcast, .cannotPost, .cannotPin])
        #expect(rights(Self.channel(creator: true, broadcast: true)) == [.broadcast, .creator, .deletesMessages])
        #expect(rights(Self.channel(broadcast: true, adminRights: Self.admin(posts: true))) == [.broadcast, .deletesMessages, .cannotPin],
                "it posts and deletes; without the pin or the edit right it does not pin")
        #expect(rights(Self.channel(broadcast: true, adminRights: Self.admin(posts: false))) == [.broadcast, .cannotPost, .deletesMessages, .cannotPin])
        #expect(rights(Self.channel(left: true, broadcast: true)) == [.broadcast, .left, .cannotPost, .cannotPin])
    }

    @Test func aSupergroupsMembersWriteUnlessItsRightsBanIt() {
        #expect(rights(Self.channel(broadcast: false)) == [])
        #expect(rights(Self.channel(broadcast: false, defaultBannedRights: Self.banned(sending: false))) == [.cannotPin])
        #expect(rights(Self.channel(broadcast: false, defaultBannedRights: Self.banned(sending: true))) == [.cannotPost, .cannotPin])
        #expect(rights(Self.channel(broadcast: false, bannedRights: Self.banned(sending: true))) == [.cannotPost, .cannotPin])
        #expect(rights(Self.channel(broadcast: false, adminRights: Self.admin(posts: false), defaultBannedRights: Self.banned(sending: true)))
                == [.deletesMessages, .cannotPin], "an admin writes whatever the members' rights say; without the pin right it pins as they do")
        #expect(rights(Self.channel(broadcast: false, adminRights: Self.admin(posts: false))) == [.deletesMessages], "members may pin: so may it")
    }

    @Test func aMinChannelSaysNothingAndKeepsNoHash() {
        let fields = ChatFields(Self.channel(broadcast: true, min: true))
        #expect(fields?.rights == nil && fields?.accessHash == nil && fields?.title == "Dispatches")
    }

    @Test func forbiddenAndLeftAndMigratedChats() {
        #expect(rights(.chatForbidden(id: 3, title: "Old")) == .removed)
        #expect(rights(.channelForbidden(broadcast: true, megagroup: false, id: 4, accessHash: 1, title: "Gone", untilDate: nil)) == [.broadcast, .removed])
        let left = Api.Chat.chat(creator: false, left: true, deactivated: false, callActive: false, callNotEmpty: false, noforwards: false, id: 5,
                                 title: "Book club", photo: .chatPhotoEmpty, participantsCount: 3, date: 0, version: 1, migratedTo: nil,
                                 adminRights: nil, defaultBannedRights: nil)
        #expect(rights(left) == .left)
        let migrated = Api.Chat.chat(creator: true, left: false, deactivated: true, callActive: false, callNotEmpty: false, noforwards: false, id: 6,
                                     title: "Book club", photo: .chatPhotoEmpty, participantsCount: 3, date: 0, version: 1,
                                     migratedTo: .inputChannel(channelId: 7, accessHash: 8), adminRights: nil, defaultBannedRights: nil)
        #expect(rights(migrated) == [.migrated, .creator, .deletesMessages])
        #expect(ChatFields(.chatEmpty(id: 9)) == nil)
    }
}
