import Logging
import MTProtoKit
import Storage
import TelegramApi

/// Tells the server what the account did here (read marks, edits, deletions, reactions, pins,
/// drafts, chats pinned or muted, histories deleted, channels left: `ServerOperation`), in the order it was done, as Telegram's managed synchronize
/// operations do. Each operation goes with what is stored at that moment (the message's text,
/// the chosen reaction, the draft) and is taken off when the server answered, with the pts an
/// answer brings (affectedMessages, or the updates of an edit, a reaction or a pin) when it
/// follows the stored one: the next push then follows too, instead of showing a gap that only a
/// difference would fill. A refusal (400/403) or a message no longer
/// here drops it; a failed connection leaves it and the rest for the next round. Only the writer
/// (main) runs it, after the unsent messages (an edit never reaches the server before its message).
public struct ServerOperationSender {
    public struct Report: Codable, Sendable, Equatable {
        public var done = 0
        public var refused = 0
        /// Answers that carried a new message (the service message of a pin): a catch-up brings
        /// it, as nothing here stores it from the answer.
        public var carriedMessages = 0

        enum CodingKeys: String, CodingKey { case done, refused }
    }

    private let postbox: Postbox
    private let client: MTProtoClient
    private let peers: InputPeers
    private let timeout: Double
    private let logger: Logger

    public init(postbox: Postbox, client: MTProtoClient, accountPeer: PeerId, timeout: Double = 30, logger: Logger = Logger(label: "operations")) {
        (self.postbox, self.client, self.timeout, self.logger) = (postbox, client, timeout, logger)
        peers = InputPeers(postbox: postbox, accountPeer: accountPeer)
    }

    public func sendAll() throws -> Report {
        var report = Report()
        for (key, operation) in try postbox.read({ try $0.serverOperations() }) {
            var steps: [PtsStep] = []
            do {
                let answer = try perform(operation)
                steps = answer.steps
                if answer.carriesMessages { report.carriedMessages += 1 }
                report.done += 1
            } catch MTProtoError.rpc(let error) where PendingMessageSender.isPermanent(error) {
                logger.warning("the server refused an operation", metadata: ["operation": "\(operation)", "error": "\(error.message)"])
                report.refused += 1
            } catch let refusal as InputPeers.Unnamable {
                logger.warning("an operation cannot reach the server", metadata: ["operation": "\(operation)", "reason": "\(refusal.reason)"])
                report.refused += 1
            }
            try postbox.transaction(durable: true) { t in
                try t.removeServerOperation(key)
                for step in steps { try AccountUpdateState.advance(to: step.pts, count: step.count, in: t, chat: step.channel) }
            }
        }
        return report
    }

    /// A step of the account's pts sequence, or of a channel's (`channel`).
    struct PtsStep: Equatable {
        var pts: Int32
        var count: Int32
        var channel: PeerId?
    }

    /// The steps an answer of updates takes, in order: an edit's, a reaction's (an edit of the
    /// message), a pin's, a deletion's; the account's or a channel's. Not a new message's (the
    /// service message Telegram adds to a pin): nothing here stores it, so its pts stays for the
    /// difference that brings it, and the steps after it no longer follow.
    static func steps(in answer: Api.Updates) -> [PtsStep] {
        updates(of: answer).compactMap(step)
    }

    /// Whether an answer carries a new message (the catch-up after the operations brings it).
    static func carriesMessages(_ answer: Api.Updates) -> Bool {
        updates(of: answer).contains(where: isNewMessage)
    }

    private static func isNewMessage(_ update: Api.Update) -> Bool {
        switch update {
        case .updateNewMessage, .updateNewChannelMessage: true
        default: false
        }
    }

    private static func updates(of answer: Api.Updates) -> [Api.Update] {
        switch answer {
        case .updates(let list, _, _, _, _), .updatesCombined(let list, _, _, _, _, _): list
        case .updateShort(let update, _): [update]
        default: []
        }
    }

    private static func step(_ update: Api.Update) -> PtsStep? {
        if isNewMessage(update) { return nil }
        if let (pts, count) = PushedUpdates.pts(of: update) { return PtsStep(pts: pts, count: count) }
        if case let (channel, pts?, count)? = ChannelUpdates.channel(of: update) { return PtsStep(pts: pts, count: count, channel: channel) }
        return nil
    }

    private static func steps(_ affected: Api.messages.AffectedMessages, channel: PeerId? = nil) -> [PtsStep] {
        guard case .affectedMessages(let pts, let count) = affected else { return [] }
        return [PtsStep(pts: pts, count: count, channel: channel)]
    }

    /// At most this many messages.deleteHistory rounds for one history (Telegram deletes a long
    /// one in parts, each answer saying whether some is left).
    static let historyRounds = 100

    /// What an answer brings: the pts steps it takes, and whether it carries a new message.
    struct Answer {
        var steps: [PtsStep] = []
        var carriesMessages = false

        init(steps: [PtsStep] = []) { self.steps = steps }

        init(_ updates: Api.Updates) {
            (steps, carriesMessages) = (ServerOperationSender.steps(in: updates), ServerOperationSender.carriesMessages(updates))
        }
    }

    /// The operation's request, answered.
    private func perform(_ operation: ServerOperation) throws -> Answer {
        switch operation {
        case .readHistory(let peer, let maxId) where peer.namespace == .cloudChannel:
            _ = try client.invoke(Api.functions.channels.ReadHistory(channel: try peers.channel(peer), maxId: maxId), timeout: timeout)
        case .readHistory(let peer, let maxId):
            return Answer(steps: Self.steps(try client.invoke(Api.functions.messages.ReadHistory(peer: try peers.peer(peer), maxId: maxId), timeout: timeout)))
        case .deleteMessages(let peer, let ids, _) where peer.namespace == .cloudChannel:
            // A channel's messages go for everyone (its one copy).
            return Answer(steps: Self.steps(try client.invoke(Api.functions.channels.DeleteMessages(channel: try peers.channel(peer), id: ids), timeout: timeout),
                                            channel: peer))
        case .deleteMessages(_, let ids, let revoke):
            return Answer(steps: Self.steps(try client.invoke(Api.functions.messages.DeleteMessages(revoke: revoke, id: ids), timeout: timeout)))
        case .editMessage(let id):
            guard let message = try postbox.read({ try $0.message(id) }) else { return Answer() }
            return Answer(try client.invoke(Api.functions.messages.EditMessage(peer: try peers.peer(id.peerId), id: id.id, message: message.text,
                                                                               entities: ServerEntities.api(message.extras.entities) ?? []),
                                            timeout: timeout))
        case .setReaction(let id):
            guard let message = try postbox.read({ try $0.message(id) }) else { return Answer() }
            let chosen = message.extras.reactions.filter(\.isChosen).map { Api.Reaction.reactionEmoji(emoticon: $0.emoji) }
            return Answer(try client.invoke(Api.functions.messages.SendReaction(peer: try peers.peer(id.peerId), msgId: id.id, reaction: chosen),
                                            timeout: timeout))
        case .pin(let id, let pinned):
            return Answer(try client.invoke(Api.functions.messages.UpdatePinnedMessage(unpin: !pinned, peer: try peers.peer(id.peerId), id: id.id),
                                            timeout: timeout))
        case .pinChat(let peer, let pinned):
            _ = try client.invoke(Api.functions.messages.ToggleDialogPin(pinned: pinned, peer: .inputDialogPeer(peer: try peers.peer(peer))),
                                  timeout: timeout)
        case .muteChat(let peer):
            let until = try postbox.read { try $0.notificationSettings(peer)?.muteUntil } ?? 0
            let settings = Api.InputPeerNotifySettings.inputPeerNotifySettings(showPreviews: nil, silent: nil, muteUntil: until, sound: nil,
                                                                               storiesMuted: nil, storiesHideSender: nil, storiesSound: nil)
            _ = try client.invoke(Api.functions.account.UpdateNotifySettings(peer: .inputNotifyPeer(peer: try peers.peer(peer)), settings: settings),
                                  timeout: timeout)
        case .deleteHistory(let peer, let maxId, let revoke, let justClear):
            // Asked again while the server says some is left (its offset), each answer a step.
            var steps: [PtsStep] = []
            for _ in 0 ..< Self.historyRounds {
                let answer = try client.invoke(Api.functions.messages.DeleteHistory(justClear: justClear, revoke: revoke, peer: try peers.peer(peer),
                                                                                    maxId: maxId),
                                               timeout: timeout)
                guard case .affectedHistory(let pts, let count, let offset) = answer else { break }
                steps.append(PtsStep(pts: pts, count: count))
                if offset <= 0 { break }
            }
            return Answer(steps: steps)
        case .leaveChannel(let peer):
            return Answer(try client.invoke(Api.functions.channels.LeaveChannel(channel: try peers.channel(peer)), timeout: timeout))
        case .leaveGroup(let peer):
            return Answer(try client.invoke(Api.functions.messages.DeleteChatUser(chatId: peer.id, userId: .inputUserSelf), timeout: timeout))
        case .saveDraft(let peer):
            let draft = try postbox.read { try $0.draft(peer) }
            let replyTo = draft?.replyTo.map { InputPeers.reply(to: $0.id) }
            _ = try client.invoke(Api.functions.messages.SaveDraft(replyTo: replyTo, peer: try peers.peer(peer), message: draft?.text ?? "",
                                                                   entities: draft.flatMap { ServerEntities.api($0.entities) }),
                                  timeout: timeout)
        }
        return Answer()
    }
}
