import Container
import Logging
import MTProtoKit
import Storage
import TelegramApi

/// Sends the account's unsent messages, oldest first, as TelegramCore's PendingMessageManager
/// does: each with the random_id it was written with (so the server keeps it once however often
/// it goes), text messages several at a time (each run after the one before, so their order
/// holds), and each moved to the id the server answers with in one transaction, with the pts
/// the answer brings when it follows the stored one. A message the server refuses is marked
/// with why and not sent again; a connection that fails leaves the rest for the next round.
/// Only the writer (main) runs it.
public struct PendingMessageSender {
    /// What one round did.
    public struct Report: Codable, Sendable, Equatable {
        public var sent = 0
        public var failed = 0
    }

    private let postbox: Postbox
    private let client: MTProtoClient
    private let accountPeer: PeerId
    private let timeout: Double
    private let logger: Logger

    public init(postbox: Postbox, client: MTProtoClient, accountPeer: PeerId, timeout: Double = 30, logger: Logger = Logger(label: "send")) {
        (self.postbox, self.client, self.accountPeer, self.timeout, self.logger) = (postbox, client, accountPeer, timeout, logger)
    }

    /// How many text messages may be on their way at once, each to run after the one before
    /// (invokeAfterMsg): the order holds, and a queue of them costs a round trip, not one each.
    static let window = 16

    /// A text message on its way, answered later.
    private struct InFlight {
        let message: Message
        let randomId: Int64
        let started: MTProtoClient.InFlight<Api.Updates>
    }

    /// Sends every message waiting; throws (leaving the rest waiting) when the connection fails.
    public func sendAll() throws -> Report {
        var report = Report()
        var inFlight: [InFlight] = []
        for message in try postbox.read({ try $0.unsentMessages() }) {
            guard let outgoing = message.extras.outgoing, outgoing.failure == nil else { continue }
            if let reason = unsendable(message) {
                try fail(message, reason: reason, &report)
                continue
            }
            if outgoing.forwardOf == nil, message.extras.media.isEmpty {
                if inFlight.count == Self.window { try finish(&inFlight, &report) }
                var started: InFlight?
                let attempt = try attempt {
                    let request = try client.start(try textRequest(message, randomId: outgoing.randomId),
                                                   after: inFlight.last?.started.request, timeout: timeout)
                    started = InFlight(message: message, randomId: outgoing.randomId, started: request)
                    return nil
                }
                if let started { inFlight.append(started) } else { try record(attempt, of: message, randomId: outgoing.randomId, &report) }
                continue
            }
            // A file or a forward goes after what is on its way, and is waited for.
            try finish(&inFlight, &report)
            let attempt = try attempt {
                try outgoing.forwardOf.map { try forward($0, as: message, randomId: outgoing.randomId) } ?? send(message, randomId: outgoing.randomId)
            }
            try record(attempt, of: message, randomId: outgoing.randomId, &report)
        }
        try finish(&inFlight, &report)
        return report
    }

    /// The answers of what is on its way, in order. One the server would not run in turn
    /// (MSG_WAIT_*: the one before failed), a flood wait, a migration or a server error goes
    /// again on its own; a refusal marks its message.
    private func finish(_ inFlight: inout [InFlight], _ report: inout Report) throws {
        defer { inFlight = [] }
        for entry in inFlight {
            let attempt = try attempt {
                do {
                    return try client.answer(entry.started)
                } catch MTProtoError.rpc(let error) where !Self.isPermanent(error) {
                    logger.info("message sent again on its own", metadata: ["local": "\(entry.message.id.id)", "error": "\(error.message)"])
                    return try client.invoke(try textRequest(entry.message, randomId: entry.randomId), timeout: timeout)
                }
            }
            try record(attempt, of: entry.message, randomId: entry.randomId, &report)
        }
    }

    /// What a send came to: the server's answer, or a refusal sending again cannot change.
    private enum Attempt {
        case sent(Api.Updates)
        /// Why, in words; `rights`: the refusal says the account's rights in the chat changed.
        case refused(String, rights: Bool = false)
    }

    /// Runs a send; nil: nothing to record yet (it is on its way). What the connection failed
    /// at is thrown: the message stays waiting.
    private func attempt(_ send: () throws -> Api.Updates?) throws -> Attempt? {
        do {
            return try send().map(Attempt.sent)
        } catch let refusal as InputPeers.Unnamable {
            return .refused(refusal.reason)
        } catch let refusal as FileUploader.Refusal {
            return .refused(refusal.description)
        } catch let error as SystemError {
            // Only the attached file is read from disk here: gone or unreadable, it cannot go.
            return .refused("the file cannot be read: \(error)")
        } catch MTProtoError.rpc(let error) where Self.isPermanent(error) {
            return .refused(SendRefusal.text(error), rights: SendRefusal.isAboutRights(error))
        }
    }

    /// The message moved to the server's id (with the pts the answer brings), or marked refused.
    private func record(_ attempt: Attempt?, of message: Message, randomId: Int64, _ report: inout Report) throws {
        switch attempt {
        case nil:
            return
        case .refused(let reason, let rights):
            try fail(message, reason: reason, &report)
            if rights { learnRights(in: message.id.peerId) }
        case .sent(let answer):
            guard let sent = Self.sentMessage(in: answer, randomId: randomId) else {
                throw MTProtoError.badResult(method: "messages.send", reason: "no message id for random_id \(randomId)")
            }
            try postbox.transaction(durable: true) { t in
                let serverId = MessageId(peerId: message.id.peerId, id: sent.id)
                try t.recordServerMessageChats([serverId])
                // Deleted here while it was on its way: deleted for everyone there too, so the
                // next catch-up does not bring it back.
                if try t.markSent(message.id, serverId: sent.id, date: sent.date) == nil {
                    try t.recordForServer(.deleteMessages(serverId.peerId, ids: [serverId.id], revoke: true))
                }
                if let pts = sent.pts { try AccountUpdateState.advance(to: pts, count: sent.ptsCount, in: t, chat: message.id.peerId) }
            }
            report.sent += 1
            logger.info("message sent", metadata: ["local": "\(message.id.id)", "id": "\(sent.id)"])
        }
    }

    /// What this client cannot send over the network yet: the message stays, marked, instead of
    /// going as something it is not.
    private func unsendable(_ message: Message) -> String? {
        if message.extras.forward != nil {
            // The server copies its own message, file and all.
            return message.extras.outgoing?.forwardOf == nil ? "a forward of a message the server does not have" : nil
        }
        if message.extras.service != nil { return "a service message is not sent" }
        if !message.extras.media.isEmpty {
            guard message.extras.media.count == 1, let file = message.extras.media[0].file else {
                return "polls, contacts, locations and albums are not sent to the server yet"
            }
            // The first resource is the file; a photo's second is its thumbnail, made here.
            if !file.isIncluded || message.mediaResourceIds.isEmpty { return "the file is not here to send" }
            return nil
        }
        if !message.mediaResourceIds.isEmpty { return "a file without its description" }
        if message.text.isEmpty { return "an empty message" }
        return nil
    }

    /// messages.forwardMessages of `source` into the message's chat, under its random_id.
    private func forward(_ source: MessageId, as message: Message, randomId: Int64) throws -> Api.Updates {
        let peers = InputPeers(postbox: postbox, accountPeer: accountPeer)
        return try client.invoke(Api.functions.messages.ForwardMessages(fromPeer: try peers.peer(source.peerId), id: [source.id], randomId: [randomId],
                                                                        toPeer: try peers.peer(message.id.peerId)), timeout: timeout)
    }

    /// messages.sendMessage, or for a file its parts (FileUploader) then messages.sendMedia, the
    /// caption as its message.
    private func send(_ message: Message, randomId: Int64) throws -> Api.Updates {
        guard let file = message.extras.media.first?.file, let resource = message.mediaResourceIds.first else {
            return try client.invoke(try textRequest(message, randomId: randomId), timeout: timeout)
        }
        let peer = try InputPeers(postbox: postbox, accountPeer: accountPeer).peer(message.id.peerId)
        let replyTo = Self.replyTo(message)
        let entities = ServerEntities.api(message.extras.entities)
        let name = file.fileName ?? (file.isPhoto ? "photo.jpg" : "file")
        let uploaded = try FileUploader(client: client, timeout: timeout).upload(path: postbox.mediaBox.resourcePath(resource), fileId: randomId,
                                                                               name: name) { sent, total in
            logger.debug("uploading", metadata: ["local": "\(message.id.id)", "sent": "\(sent)", "of": "\(total)"])
        }
        let media: Api.InputMedia = file.isPhoto
            ? .inputMediaUploadedPhoto(spoiler: file.hasSpoiler, file: uploaded, stickers: nil, ttlSeconds: nil)
            : .inputMediaUploadedDocument(nosoundVideo: false, forceFile: false, spoiler: file.hasSpoiler, file: uploaded, thumb: nil,
                                          mimeType: file.mimeType ?? "application/octet-stream", attributes: [.documentAttributeFilename(fileName: name)],
                                          stickers: nil, videoCover: nil, videoTimestamp: nil, ttlSeconds: nil)
        do {
            return try client.invoke(Api.functions.messages.SendMedia(clearDraft: true, peer: peer, replyTo: replyTo, media: media, message: message.text,
                                                                      randomId: randomId, entities: entities), timeout: timeout)
        } catch MTProtoError.rpc(let error) where error.message.hasPrefix("FILE_PART_") && error.message.hasSuffix("_MISSING") {
            // The server lost parts (a restart): the next round uploads them all again.
            throw MTProtoError.badResult(method: "messages.sendMedia", reason: error.message)
        }
    }

    /// messages.sendMessage of a text message. Sending clears the chat's draft here, and so on the server.
    private func textRequest(_ message: Message, randomId: Int64) throws -> Api.functions.messages.SendMessage {
        let peer = try InputPeers(postbox: postbox, accountPeer: accountPeer).peer(message.id.peerId)
        return Api.functions.messages.SendMessage(clearDraft: true, peer: peer, replyTo: Self.replyTo(message), message: message.text,
                                                  randomId: randomId, entities: ServerEntities.api(message.extras.entities))
    }

    /// A reply to a message the server never took (refused) goes as a plain message.
    private static func replyTo(_ message: Message) -> Api.InputReplyTo? {
        message.extras.replyTo.flatMap { reply -> Api.InputReplyTo? in
            guard reply.peerId == nil || reply.peerId == message.id.peerId, reply.namespace == MessageId.cloudNamespace else { return nil }
            return InputPeers.reply(to: reply.id)
        }
    }

    /// The group or channel as the server has it now, so the chat says why nothing can be sent
    /// and the next message is refused here, before it is queued. Not learnt (the connection
    /// failed), the next catch-up or push still brings it.
    private func learnRights(in peerId: PeerId) {
        do {
            // Already learnt (an earlier refusal in this chat): one request is enough.
            guard try postbox.read({ try $0.peer(peerId)?.writeRestriction }) == nil else { return }
            let answer: Api.messages.Chats
            switch peerId.namespace {
            case .cloudChannel:
                let channel = try InputPeers(postbox: postbox, accountPeer: accountPeer).channel(peerId)
                answer = try client.invoke(Api.functions.channels.GetChannels(id: [channel]), timeout: timeout)
            case .cloudGroup:
                answer = try client.invoke(Api.functions.messages.GetChats(id: [peerId.id]), timeout: timeout)
            default:
                return
            }
            let chats: [Api.Chat]
            switch answer {
            case .chats(let all), .chatsSlice(_, let all): chats = all
            }
            try postbox.transaction { t in _ = try ServerObjects.store(chats, in: t) }
        } catch {
            logger.info("the chat's rights were not asked for again", metadata: ["peer": "\(peerId.toInt64())", "error": "\(error)"])
        }
    }

    private func fail(_ message: Message, reason: String, _ report: inout Report) throws {
        try postbox.transaction(durable: true) { t in try t.markSendFailed(message.id, reason: reason) }
        report.failed += 1
        logger.warning("message not sent", metadata: ["local": "\(message.id.id)", "reason": "\(reason)"])
    }

    /// A refusal that sending again cannot change (a 400 or 403: the request itself is wrong);
    /// a flood wait, a server error or a migration is the connection's to handle or to retry.
    static func isPermanent(_ error: RPCError) -> Bool {
        // MSG_WAIT_FAILED / MSG_WAIT_TIMEOUT: the request it was to follow failed or is slow.
        (error.code == 400 || error.code == 403) && !error.message.hasPrefix("MSG_WAIT_")
    }

    struct Sent: Equatable {
        var id: Int32
        var date: Int32
        var pts: Int32?
        var ptsCount: Int32
    }

    /// The server's id for the message sent with `randomId`: an updateShortSentMessage, or the
    /// updateMessageID (with the updateNewMessage's date and pts) of a full Updates.
    static func sentMessage(in updates: Api.Updates, randomId: Int64) -> Sent? {
        switch updates {
        case .updateShortSentMessage(_, let id, let pts, let ptsCount, let date, _, _, _):
            return Sent(id: id, date: date, pts: pts, ptsCount: ptsCount)
        case .updates(let list, _, _, let date, _), .updatesCombined(let list, _, _, let date, _, _):
            guard let id = list.lazy.compactMap({ update -> Int32? in
                if case .updateMessageID(let id, randomId) = update { return id }
                return nil
            }).first else { return nil }
            for update in list {
                switch update {
                case .updateNewMessage(let message, let pts, let ptsCount) where ServerObjects.messageId(message) == id,
                     .updateNewChannelMessage(let message, let pts, let ptsCount) where ServerObjects.messageId(message) == id:
                    return Sent(id: id, date: ServerObjects.messageDate(message) ?? date, pts: pts, ptsCount: ptsCount)
                default:
                    continue
                }
            }
            return Sent(id: id, date: date, pts: nil, ptsCount: 0)
        default:
            return nil
        }
    }
}
