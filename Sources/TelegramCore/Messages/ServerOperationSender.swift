import Logging
import MTProtoKit
import Storage
import TelegramApi

/// Tells the server what the account did here (read marks, edits, deletions, reactions, pins,
/// drafts, chats pinned or muted: `ServerOperation`), in the order it was done, as Telegram's managed synchronize
/// operations do. Each operation goes with what is stored at that moment (the message's text,
/// the chosen reaction, the draft) and is taken off when the server answered, with the pts an
/// answer brings when it follows the stored one. A refusal (400/403) or a message no longer
/// here drops it; a failed connection leaves it and the rest for the next round. Only the writer
/// (main) runs it, after the unsent messages (an edit never reaches the server before its message).
public struct ServerOperationSender {
    public struct Report: Codable, Sendable, Equatable {
        public var done = 0
        public var refused = 0
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
            var pts: (Int32, Int32, PeerId?)?
            do {
                pts = try perform(operation)
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
                if let (value, count, channel) = pts { try AccountUpdateState.advance(to: value, count: count, in: t, chat: channel) }
            }
        }
        return report
    }

    /// The operation's request, answered; the pts and pts_count of an affectedMessages answer,
    /// and the channel whose pts they are (nil: the account's).
    private func perform(_ operation: ServerOperation) throws -> (Int32, Int32, PeerId?)? {
        switch operation {
        case .readHistory(let peer, let maxId) where peer.namespace == .cloudChannel:
            _ = try client.invoke(Api.functions.channels.ReadHistory(channel: try peers.channel(peer), maxId: maxId), timeout: timeout)
        case .readHistory(let peer, let maxId):
            let answer = try client.invoke(Api.functions.messages.ReadHistory(peer: try peers.peer(peer), maxId: maxId), timeout: timeout)
            guard case .affectedMessages(let pts, let count) = answer else { return nil }
            return (pts, count, nil)
        case .deleteMessages(let peer, let ids, _) where peer.namespace == .cloudChannel:
            // A channel's messages go for everyone (its one copy).
            let answer = try client.invoke(Api.functions.channels.DeleteMessages(channel: try peers.channel(peer), id: ids), timeout: timeout)
            guard case .affectedMessages(let pts, let count) = answer else { return nil }
            return (pts, count, peer)
        case .deleteMessages(_, let ids, let revoke):
            let answer = try client.invoke(Api.functions.messages.DeleteMessages(revoke: revoke, id: ids), timeout: timeout)
            guard case .affectedMessages(let pts, let count) = answer else { return nil }
            return (pts, count, nil)
        case .editMessage(let id):
            guard let message = try postbox.read({ try $0.message(id) }) else { return nil }
            _ = try client.invoke(Api.functions.messages.EditMessage(peer: try peers.peer(id.peerId), id: id.id, message: message.text,
                                                                     entities: ServerEntities.api(message.extras.entities) ?? []),
                                  timeout: timeout)
        case .setReaction(let id):
            guard let message = try postbox.read({ try $0.message(id) }) else { return nil }
            let chosen = message.extras.reactions.filter(\.isChosen).map { Api.Reaction.reactionEmoji(emoticon: $0.emoji) }
            _ = try client.invoke(Api.functions.messages.SendReaction(peer: try peers.peer(id.peerId), msgId: id.id, reaction: chosen),
                                  timeout: timeout)
        case .pin(let id, let pinned):
            _ = try client.invoke(Api.functions.messages.UpdatePinnedMessage(unpin: !pinned, peer: try peers.peer(id.peerId), id: id.id),
                                  timeout: timeout)
        case .pinChat(let peer, let pinned):
            _ = try client.invoke(Api.functions.messages.ToggleDialogPin(pinned: pinned, peer: .inputDialogPeer(peer: try peers.peer(peer))),
                                  timeout: timeout)
        case .muteChat(let peer):
            let until = try postbox.read { try $0.notificationSettings(peer)?.muteUntil } ?? 0
            let settings = Api.InputPeerNotifySettings.inputPeerNotifySettings(showPreviews: nil, silent: nil, muteUntil: until, sound: nil,
                                                                               storiesMuted: nil, storiesHideSender: nil, storiesSound: nil)
            _ = try client.invoke(Api.functions.account.UpdateNotifySettings(peer: .inputNotifyPeer(peer: try peers.peer(peer)), settings: settings),
                                  timeout: timeout)
        case .saveDraft(let peer):
            let draft = try postbox.read { try $0.draft(peer) }
            let replyTo = draft?.replyTo.map { InputPeers.reply(to: $0.id) }
            _ = try client.invoke(Api.functions.messages.SaveDraft(replyTo: replyTo, peer: try peers.peer(peer), message: draft?.text ?? "",
                                                                   entities: draft.flatMap { ServerEntities.api($0.entities) }),
                                  timeout: timeout)
        }
        return nil
    }
}
