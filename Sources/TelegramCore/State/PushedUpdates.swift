import Storage
import TelegramApi
import TLSerialization

/// What the server pushes to the connection (core.telegram.org/api/updates), read as Telegram's
/// clients read it: typing and online notices shown at once (no catch-up brings them), the account's
/// updates applied from their contents when their pts follow the stored state's
/// (`AccountStateManager.applyPushed`), and anything else, or a gap, left to getDifference.
enum PushedUpdates {
    /// Updates of one push, short forms expanded.
    struct Batch {
        var updates: [Api.Update]
        var users: [Api.User]
        var chats: [Api.Chat] = []
        var date: Int32
    }

    /// What is shown live and kept nowhere.
    enum LiveNotice: Equatable {
        /// Someone typing in a chat (theirs, or a group), or stopping.
        case typing(PeerId, by: PeerId, Bool)
        case status(PeerId, AccountPresence.UserStatus)
    }

    enum Reading {
        /// Typing and online notices: all the push held.
        case live([LiveNotice])
        case updates(Batch)
        /// Not something to apply here (updatesTooLong, a sent message's answer, not updates at
        /// all): a getDifference says what changed.
        case catchUp
    }

    static func read(_ body: [UInt8], accountPeer: PeerId) -> Reading {
        var reader = TLReader(body)
        guard let updates = try? Api.Updates.parse(from: &reader) else { return .catchUp }
        return read(updates, accountPeer: accountPeer)
    }

    /// Updates as a push or as the answer to a request (a group made) that carries them.
    static func read(_ updates: Api.Updates, accountPeer: PeerId) -> Reading {
        let batch: Batch
        switch updates {
        case .updateShort(let update, let date): batch = Batch(updates: [update], users: [], date: date)
        case .updates(let list, let users, let chats, let date, _), .updatesCombined(let list, let users, let chats, let date, _, _):
            batch = Batch(updates: list, users: users, chats: chats, date: date)
        case .updateShortMessage(let out, let mentioned, let mediaUnread, let silent, let id, let userId, let text, let pts, let ptsCount,
                                 let date, let fwdFrom, let viaBotId, let replyTo, let entities, let ttlPeriod):
            // The private message it stands for: the other user's chat, written by them or by us.
            let message = ShortMessage(out: out, mentioned: mentioned, mediaUnread: mediaUnread, silent: silent, id: id, text: text, date: date,
                                       fwdFrom: fwdFrom, viaBotId: viaBotId, replyTo: replyTo, entities: entities, ttlPeriod: ttlPeriod)
                .message(from: .peerUser(userId: out ? accountPeer.id : userId), in: .peerUser(userId: userId))
            batch = Batch(updates: [.updateNewMessage(message: message, pts: pts, ptsCount: ptsCount)], users: [], date: date)
        case .updateShortChatMessage(let out, let mentioned, let mediaUnread, let silent, let id, let fromId, let chatId, let text, let pts,
                                     let ptsCount, let date, let fwdFrom, let viaBotId, let replyTo, let entities, let ttlPeriod):
            // A basic group's message: the group's chat, written by a member (the account too).
            let message = ShortMessage(out: out, mentioned: mentioned, mediaUnread: mediaUnread, silent: silent, id: id, text: text, date: date,
                                       fwdFrom: fwdFrom, viaBotId: viaBotId, replyTo: replyTo, entities: entities, ttlPeriod: ttlPeriod)
                .message(from: .peerUser(userId: fromId), in: .peerChat(chatId: chatId))
            batch = Batch(updates: [.updateNewMessage(message: message, pts: pts, ptsCount: ptsCount)], users: [], date: date)
        case .updatesTooLong, .updateShortSentMessage:
            return .catchUp
        }
        var notices: [LiveNotice] = []
        for update in batch.updates {
            switch update {
            case .updateUserTyping(let userId, let action):
                let cancelled = if case .sendMessageCancelAction = action { true } else { false }
                let user = PeerId(namespace: .cloudUser, id: userId)
                notices.append(.typing(user, by: user, !cancelled))
            case .updateChatUserTyping(let chatId, .peerUser(let userId), let action):
                let cancelled = if case .sendMessageCancelAction = action { true } else { false }
                notices.append(.typing(PeerId(namespace: .cloudGroup, id: chatId), by: PeerId(namespace: .cloudUser, id: userId), !cancelled))
            case .updateChannelUserTyping(let channelId, nil, .peerUser(let userId), let action):
                let cancelled = if case .sendMessageCancelAction = action { true } else { false }
                notices.append(.typing(PeerId(namespace: .cloudChannel, id: channelId), by: PeerId(namespace: .cloudUser, id: userId), !cancelled))
            case .updateUserStatus(let userId, let status):
                guard let status = AccountPresence.UserStatus(status) else { continue }
                notices.append(.status(PeerId(namespace: .cloudUser, id: userId), status))
            default:
                return .updates(batch)
            }
        }
        return notices.isEmpty ? .updates(batch) : .live(notices)
    }

    /// The updates of `batch` to apply over `state`, in order, and the state they reach; nil at a
    /// gap (an update's pts beyond the next: one was missed). One whose pts the state has passed
    /// was applied already and is left out; one without pts goes as it is.
    static func following(_ batch: Batch, from state: AccountUpdateState) -> ([Api.Update], AccountUpdateState)? {
        var state = state
        var taken: [Api.Update] = []
        for update in batch.updates {
            if let (pts, count) = pts(of: update) {
                switch PtsOrder(stored: state.pts, pts: pts, count: count) {
                case .applied: continue
                case .gap: return nil
                case .follows: state.pts = pts
                }
            }
            taken.append(update)
        }
        state.date = max(state.date, batch.date)
        return (taken, state)
    }

    /// The pts and pts_count an update of the account's own sequence carries (nil: none, or a
    /// channel's own sequence, which getDifference does not replay either).
    static func pts(of update: Api.Update) -> (pts: Int32, count: Int32)? {
        switch update {
        case .updateNewMessage(_, let pts, let count), .updateEditMessage(_, let pts, let count),
             .updateDeleteMessages(_, let pts, let count), .updateReadHistoryInbox(_, _, _, _, let pts, let count),
             .updateReadHistoryOutbox(_, _, let pts, let count), .updateWebPage(_, let pts, let count),
             .updateReadMessagesContents(_, let pts, let count, _), .updatePinnedMessages(_, _, _, let pts, let count):
            (pts, count)
        default:
            nil
        }
    }
}

/// The fields a short update (updateShortMessage, updateShortChatMessage) carries of the message it
/// stands for; the rest of a `message` is empty in it.
private struct ShortMessage {
    let out, mentioned, mediaUnread, silent: Bool
    let id: Int32
    let text: String
    let date: Int32
    let fwdFrom: Api.MessageFwdHeader?
    let viaBotId: Int64?
    let replyTo: Api.MessageReplyHeader?
    let entities: [Api.MessageEntity]?
    let ttlPeriod: Int32?

    func message(from author: Api.Peer, in chat: Api.Peer) -> Api.Message {
        .message(out: out, mentioned: mentioned, mediaUnread: mediaUnread, silent: silent, post: false, fromScheduled: false, legacy: false,
                 editHide: false, pinned: false, noforwards: false, invertMedia: false, offline: false, videoProcessingPending: false,
                 paidSuggestedPostStars: false, paidSuggestedPostTon: false, id: id, fromId: author, fromBoostsApplied: nil, peerId: chat,
                 savedPeerId: nil, fwdFrom: fwdFrom, viaBotId: viaBotId, viaBusinessBotId: nil, replyTo: replyTo, date: date, message: text,
                 media: nil, replyMarkup: nil, entities: entities, views: nil, forwards: nil, replies: nil, editDate: nil, postAuthor: nil,
                 groupedId: nil, reactions: nil, restrictionReason: nil, ttlPeriod: ttlPeriod, quickReplyShortcutId: nil, effect: nil,
                 factcheck: nil, reportDeliveryUntilDate: nil, paidMessageStars: nil, suggestedPost: nil)
    }
}
