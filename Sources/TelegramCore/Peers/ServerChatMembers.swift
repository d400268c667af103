import Logging
import MTProtoKit
import Storage
import TelegramApi

/// Who is in a group or channel already, asked of the server for the Add Members picker, which
/// shows them as members instead of offering them (Telegram iOS reads the participants the
/// same way: messages.getFullChat for a basic group, channels.getParticipants for a channel).
/// Run on the updates listener's thread (its connection); nothing is stored.
public final class ServerChatMembers: Sendable {
    public enum Outcome: Sendable, Equatable {
        /// The members' user ids (`complete` false: a channel longer than `limit`, read in part).
        case members(Set<PeerId>, complete: Bool)
        case failed(String)
    }

    /// The most members read of a channel: pages of 200, as the server gives them.
    static let limit = 1_000

    private let requests = ConnectionRequests<PeerId, PeerId, Outcome>()

    public init() {}

    /// Queues a question about `chat`; false when one is already waiting.
    @discardableResult
    public func request(_ chat: PeerId) -> Bool { requests.enqueue(chat, chat) }

    /// The answer about `chat`, once (nil: still waiting); after `patience` seconds without one it fails.
    public func takeOutcome(_ chat: PeerId, patience: Double) -> Outcome? {
        requests.take(chat, patience: patience, waitingOnly: false) { .failed("the server did not answer in \(Int(patience)) s") }
    }

    /// Asks about every waiting chat with `client`; `changed` after each.
    func run(postbox: Postbox, client: MTProtoClient, accountPeer: PeerId, timeout: Double, logger: Logger, changed: () -> Void) {
        requests.run({ chat in
            do {
                return try Self.members(of: chat, peers: InputPeers(postbox: postbox, accountPeer: accountPeer), client: client, timeout: timeout)
            } catch {
                if let refusal = ServerChatCreations.refusal(error) { return .failed(refusal) }
                logger.warning("members not read", metadata: ["error": "\(error)"])
                return .failed("\(error)")
            }
        }, changed: changed)
    }

    static func members(of chat: PeerId, peers: InputPeers, client: MTProtoClient, timeout: Double) throws -> Outcome {
        switch chat.namespace {
        case .cloudGroup:
            guard case .chatFull(let full, _, _) = try client.invoke(Api.functions.messages.GetFullChat(chatId: chat.id), timeout: timeout),
                  case .chatFull(_, _, _, _, _, let participants, _, _, _, _, _, _, _, _, _, _, _, _, _, _) = full else {
                return .failed("the server did not say who is in the group")
            }
            switch participants {
            case .chatParticipants(_, let list, _): return .members(Set(list.map(userId)), complete: true)
            case .chatParticipantsForbidden: return .failed("the account is no longer in the group")
            }
        case .cloudChannel:
            var members = Set<PeerId>()
            let channel = try peers.channel(chat)
            // Paged by the participants read (banned and gone ones included), not the members kept.
            var offset = 0
            while offset < limit {
                let page = try client.invoke(Api.functions.channels.GetParticipants(channel: channel, filter: .channelParticipantsRecent,
                                                                                    offset: Int32(offset), limit: 200, hash: 0),
                                             timeout: timeout)
                guard case .channelParticipants(let count, let participants, _, _) = page else { break }
                members.formUnion(participants.compactMap(userId))
                offset += participants.count
                if participants.isEmpty || offset >= Int(count) { return .members(members, complete: true) }
            }
            return .members(members, complete: false)
        default:
            return .failed("only groups and channels have members")
        }
    }

    private static func userId(_ participant: Api.ChatParticipant) -> PeerId {
        switch participant {
        case .chatParticipant(let id, _, _), .chatParticipantCreator(let id), .chatParticipantAdmin(let id, _, _):
            PeerId(namespace: .cloudUser, id: id)
        }
    }

    /// A member's user; nil for one banned or gone.
    private static func userId(_ participant: Api.ChannelParticipant) -> PeerId? {
        switch participant {
        case .channelParticipant(let id, _, _), .channelParticipantSelf(_, let id, _, _, _), .channelParticipantCreator(let id, _, _),
             .channelParticipantAdmin(_, _, let id, _, _, _, _, _):
            PeerId(namespace: .cloudUser, id: id)
        case .channelParticipantBanned, .channelParticipantLeft:
            nil
        }
    }
}
