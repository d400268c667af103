import Container
import Logging
import MTProtoKit
import Storage
import Synchronization
import TelegramApi

/// Groups and channels the person makes, and members they add (TelegramCore's createGroup,
/// createChannel, addGroupMember, addChannelMembers), asked for by the interface and run on the
/// updates listener's thread (its connection). The server's answer carries the updates that say
/// what it made (the chat, its service message), applied as a push is; its chat is the outcome
/// the interface opens. Never sent again by itself: a second createChat is a second group, so a
/// request whose answer was lost fails and says the chat may be there (the next catch-up brings it).
public final class ServerChatCreations: Sendable {
    public enum Request: Sendable, Equatable {
        /// A basic group of the account and `members` (users), named `title`.
        case group(title: String, members: [PeerId])
        /// A broadcast channel, or a supergroup.
        case channel(title: String, about: String, supergroup: Bool)
        /// Users added to a basic group (one request each, as the API has it) or a channel.
        case addMembers([PeerId], to: PeerId)
    }

    public enum Outcome: Sendable, Equatable {
        /// The chat made, or the one members were added to; how many the server could not add.
        case done(PeerId, notAdded: Int)
        case failed(String)
    }

    private let requests = ConnectionRequests<Int, Request, Outcome>()
    private let tickets = Atomic<Int>(0)

    public init() {}

    /// Queues a request; its ticket, for `takeOutcome`.
    public func request(_ request: Request) -> Int {
        let ticket = tickets.add(1, ordering: .relaxed).newValue
        _ = requests.enqueue(ticket, request)
        return ticket
    }

    /// The outcome of `ticket`, once (nil: still on its way). After `patience` seconds without
    /// one that has not gone out yet (no connection), it is given up and fails; one that went
    /// out waits for its answer (or its request's timeout).
    public func takeOutcome(_ ticket: Int, patience: Double) -> Outcome? {
        requests.take(ticket, patience: patience, waitingOnly: true) { .failed("no connection to the server in \(Int(patience)) s") }
    }

    /// One request on a connection of its own (`main group`, while the app is not running or beside
    /// it): the account's waiting messages and changes go first, as every round of the listener
    /// sends them; then the request, its answer applied. A refusal throws, in a person's words.
    public static func once(_ request: Request, engine: TelegramEngine, build: BuildConfiguration, timeout: Double = 30,
                            logger: Logger = Logger(label: "group")) throws -> (chat: PeerId, title: String, notAdded: Int) {
        let postbox = engine.postbox
        let (client, own) = try AccountSync.connect(postbox: postbox, build: build, timeout: timeout, logger: logger)
        defer { client.close() }
        _ = try AccountSync.sendWaiting(postbox: postbox, client: client, accountPeer: own, timeout: timeout, logger: logger)
        let manager = AccountStateManager(postbox: postbox, client: client, accountPeer: own, timeout: timeout, logger: logger)
        do {
            guard case .done(let chat, let notAdded) = try perform(request, postbox: postbox, manager: manager, timeout: timeout) else {
                throw Refused(reason: "the server's answer names no chat")
            }
            return (chat, try engine.peers.peer(chat)?.displayTitle ?? "", notAdded)
        } catch {
            throw refusal(error).map(Refused.init) ?? error
        }
    }

    /// A refusal in a person's words: the server's, or a person who cannot be named to it; nil
    /// for any other failure (the connection's).
    static func refusal(_ error: any Error) -> String? {
        switch error {
        case MTProtoError.rpc(let error): reason(error)
        case let error as InputPeers.Unnamable: error.reason
        default: nil
        }
    }

    /// The server refused a request, or it named what cannot be asked.
    public struct Refused: Error, CustomStringConvertible {
        public let reason: String
        public var description: String { reason }
    }

    /// Runs every waiting request with `manager`'s connection; `changed` after each.
    func run(postbox: Postbox, manager: AccountStateManager, timeout: Double, logger: Logger, changed: () -> Void) {
        requests.run({ request in
            do {
                let outcome = try Self.perform(request, postbox: postbox, manager: manager, timeout: timeout)
                logger.info("chat made or members added", metadata: ["outcome": "\(outcome)"])
                return outcome
            } catch {
                // Refused: nothing was made.
                if let refusal = Self.refusal(error) { return .failed(refusal) }
                logger.warning("chat not made", metadata: ["error": "\(error)"])
                return .failed("\(error); if the server made it, it comes with the next catch-up")
            }
        }, changed: changed)
    }

    static func perform(_ request: Request, postbox: Postbox, manager: AccountStateManager, timeout: Double) throws -> Outcome {
        let client = manager.client
        let peers = InputPeers(postbox: postbox, accountPeer: manager.accountPeer)
        var answers: [Api.Updates] = []
        var notAdded = 0
        let chat: PeerId?
        switch request {
        case .group(let title, let members):
            let users = try members.map(peers.user)
            let answer = try client.invoke(Api.functions.messages.CreateChat(users: users, title: title), timeout: timeout)
            guard case .invitedUsers(let updates, let missing) = answer else { throw Unanswered() }
            answers.append(updates)
            notAdded = missing.count
            chat = madeChat(in: updates, group: true)
        case .channel(let title, let about, let supergroup):
            let updates = try client.invoke(Api.functions.channels.CreateChannel(broadcast: !supergroup, megagroup: supergroup, title: title,
                                                                                 about: about),
                                            timeout: timeout)
            answers.append(updates)
            chat = madeChat(in: updates, group: false)
        case .addMembers(let members, let target):
            let users = try members.map(peers.user)
            if target.namespace == .cloudGroup {
                for user in users {
                    let answer = try client.invoke(Api.functions.messages.AddChatUser(chatId: target.id, userId: user, fwdLimit: 100), timeout: timeout)
                    guard case .invitedUsers(let updates, let missing) = answer else { throw Unanswered() }
                    answers.append(updates)
                    notAdded += missing.count
                }
            } else {
                let answer = try client.invoke(Api.functions.channels.InviteToChannel(channel: try peers.channel(target), users: users), timeout: timeout)
                guard case .invitedUsers(let updates, let missing) = answer else { throw Unanswered() }
                answers.append(updates)
                notAdded = missing.count
            }
            chat = target
        }
        // What the answers say, applied as a push is; what does not follow the stored state (a
        // new channel's own pts) a catch-up brings.
        for updates in answers {
            guard case .updates(let batch) = PushedUpdates.read(updates, accountPeer: manager.accountPeer),
                  try manager.applyPushed(batch) != nil else {
                _ = try manager.catchUp()
                break
            }
        }
        guard let chat else { throw Unanswered() }
        if try postbox.read({ try $0.peer(chat) }) == nil { _ = try manager.catchUp() }
        return .done(chat, notAdded: notAdded)
    }

    /// An answer that names no chat: it may still have been made.
    struct Unanswered: Error, CustomStringConvertible {
        var description: String { "the server's answer names no chat" }
    }

    /// The group or channel an answer names.
    static func madeChat(in updates: Api.Updates, group: Bool) -> PeerId? {
        let chats: [Api.Chat]
        switch updates {
        case .updates(_, _, let list, _, _), .updatesCombined(_, _, let list, _, _, _): chats = list
        default: return nil
        }
        let namespace: PeerId.Namespace = group ? .cloudGroup : .cloudChannel
        return chats.lazy.compactMap(ServerObjects.chatId).first { $0.namespace == namespace }
    }

    /// The server's refusal as a person reads it.
    static func reason(_ error: RPCError) -> String {
        switch error.message {
        case "CHAT_TITLE_EMPTY": "the name is empty"
        case "USERS_TOO_FEW": "a group needs at least one other member"
        case "USERS_TOO_MUCH": "too many members for a group"
        case "USER_ALREADY_PARTICIPANT": "already a member"
        case "CHAT_ADMIN_REQUIRED": "only the chat's admins may do this"
        case "USER_PRIVACY_RESTRICTED": "their privacy settings do not allow it"
        case "USER_ID_INVALID", "PEER_ID_INVALID": "the server does not know that user"
        case "CHANNELS_TOO_MUCH": "the account is in too many channels"
        default:
            if let seconds = error.floodWaitSeconds { "too many requests: wait \(seconds) s" } else { "\(error)" }
        }
    }
}
