import Logging
import MTProtoKit
import Storage
import TelegramApi

/// Brings the account's Postbox up to the server, as TelegramCore's AccountStateManager does at
/// launch and after a gap: the first time, the newest dialogs (messages.getDialogs) and the
/// server's state (updates.getState); then updates.getDifference from the stored state until the
/// server has nothing newer, each difference (or slice) applied in one transaction together with
/// the state it brings the account to. Only the writer (main) runs it.
public final class AccountStateManager {
    /// What one catch-up did.
    public struct Report: Codable, Sendable, Equatable {
        public var firstSync = false
        public var dialogs = 0
        public var newMessages = 0
        public var edits = 0
        /// Messages the server deleted (updateDeleteMessages) that were here.
        public var deletions = 0
        public var readStates = 0
        public var users = 0
        /// Basic groups and channels stored (their titles).
        public var chats = 0
        /// The account's contacts fetched (contacts.getContacts) on a first sync: whom it can
        /// write to without a chat yet.
        public var contacts = 0
        /// Differences asked for (slices included).
        public var differences = 0
        /// Channel differences asked for (updates.getChannelDifference, slices included).
        public var channelDifferences = 0
        /// differenceTooLong: the account was too far behind; it took the newest dialogs instead.
        public var tooLong = false
        public var state: AccountUpdateState?
        /// The account's messages sent before catching up (PendingMessageSender), and those the
        /// server refused.
        public var sent = 0
        public var notSent = 0
        /// The account's changes the server heard first (ServerOperationSender), refused ones included.
        public var operations = 0
        /// Drafts saved or cleared on another of the account's devices, taken here.
        public var drafts = 0
        /// Chats pinned, unpinned, muted or unmuted on another of the account's devices.
        public var chatSettings = 0

        /// What `other` applied, added to this (its state, when it has one, is the later).
        mutating func add(applied other: Report) {
            users += other.users
            chats += other.chats
            newMessages += other.newMessages
            edits += other.edits
            deletions += other.deletions
            readStates += other.readStates
            drafts += other.drafts
            chatSettings += other.chatSettings
            differences += other.differences
            channelDifferences += other.channelDifferences
            tooLong = tooLong || other.tooLong
            state = other.state ?? state
        }
    }

    let postbox: Postbox
    let client: MTProtoClient
    let accountPeer: PeerId
    let timeout: Double
    let logger: Logger
    /// Dialogs read per page on a first sync (or after differenceTooLong), and at most how many pages.
    public var dialogLimit: Int32 = 100
    public var maximumDialogPages = 50
    /// Unread messages below a dialog's top one fetched on a first sync, at most, a chat.
    public var unreadFetchLimit = 300
    /// A safety stop: a server that answers slices forever cannot keep the writer busy forever.
    public var maximumDifferences = 10_000
    /// Difference slices written in one transaction (catchUpAccount).
    public var slicesPerCommit = 10
    /// Messages asked for in one channel difference (Telegram asks 100).
    public var channelDifferenceLimit: Int32 = 100
    /// Channels whose updates were missed (a gap in a push, updateChannelTooLong, one never
    /// synced): each gets a channel difference at the next catch-up.
    private(set) var channelsBehind: Set<PeerId> = []
    /// Whether this manager's catch-ups have asked every channel once: pushes keep a connected
    /// account current, and the server names a channel that fell behind (updateChannelTooLong),
    /// so after the first only those are asked (a getChannelDifference a channel each round
    /// would cost an account of hundreds of channels hundreds of requests).
    private var channelsPolled = false
    /// Where the users' online statuses go (the running app's; nil: nowhere).
    var presence: AccountPresence?
    /// Chats the server's deletions left without a message here, for `checkEmptiedChats`.
    var emptiedChats: Set<PeerId> = []

    public init(postbox: Postbox, client: MTProtoClient, accountPeer: PeerId, timeout: Double = 30, logger: Logger = Logger(label: "sync")) {
        (self.postbox, self.client, self.accountPeer, self.timeout, self.logger) = (postbox, client, accountPeer, timeout, logger)
    }

    public func catchUp() throws -> Report {
        var report = Report()
        var state: AccountUpdateState
        if let stored = try postbox.read({ try AccountUpdateState.read($0) }) {
            state = stored
        } else {
            report.firstSync = true
            state = try loadDialogs(&report)
            try loadContacts(&report)
        }
        try catchUpAccount(from: state, &report)
        try catchUpChannels(&report)
        return report
    }

    /// updates.getDifference from `state` until the server has nothing newer. Slices are written
    /// `slicesPerCommit` at a time, each with the state it reaches, in one transaction: a
    /// commit rewrites the pages it touched, so a thousand slices of a long absence cost a
    /// thousand rewrites of the same index pages one at a time (a crash loses only slices the
    /// server gives again).
    private func catchUpAccount(from start: AccountUpdateState, _ report: inout Report) throws {
        var state = start
        var waiting: [Slice] = []
        defer { if !waiting.isEmpty { try? apply(waiting, &report) } }
        while report.differences < maximumDifferences {
            report.differences += 1
            let difference = try client.invoke(Api.functions.updates.GetDifference(pts: state.pts, date: state.date, qts: state.qts), timeout: timeout)
            switch difference {
            case .differenceEmpty(let date, let seq):
                try apply(waiting, &report)
                waiting = []
                state.date = date
                state.seq = seq
                try postbox.transaction { [state] t in try state.write(t) }
                report.state = state
                return
            case .difference(let messages, _, let others, let chats, let users, let next):
                state = AccountUpdateState(next)
                waiting.append(Slice(messages: messages, updates: others, users: users, chats: chats, state: state))
                try apply(waiting, &report)
                waiting = []
                report.state = state
                return
            case .differenceSlice(let messages, _, let others, let chats, let users, let intermediate):
                state = AccountUpdateState(intermediate)
                waiting.append(Slice(messages: messages, updates: others, users: users, chats: chats, state: state))
                if waiting.count >= slicesPerCommit {
                    try apply(waiting, &report)
                    waiting = []
                }
            case .differenceTooLong(let pts):
                try apply(waiting, &report)
                waiting = []
                // Too far behind to replay: start again from the newest dialogs at the server's pts.
                report.tooLong = true
                state = try loadDialogs(&report)
                state.pts = max(state.pts, pts)
                try postbox.transaction { [state] t in try state.write(t) }
            }
        }
        throw MTProtoError.badResult(method: "updates.getDifference", reason: "still not caught up after \(maximumDifferences) differences")
    }

    /// updates.getChannelDifference for each channel behind (and, the first time, for every
    /// channel with a stored pts), each until the server has nothing newer for it.
    private func catchUpChannels(_ report: inout Report) throws {
        if !channelsPolled {
            channelsBehind.formUnion(try postbox.read { try $0.channelsWithState() })
            channelsPolled = true
        }
        for channel in channelsBehind.sorted(by: { $0.id < $1.id }) {
            do {
                try catchUpChannel(channel, &report)
            } catch MTProtoError.rpc(let error) where PendingMessageSender.isPermanent(error) {
                // The channel refuses the account (left, removed, private now): the others go on.
                logger.warning("a channel refused its difference", metadata: ["channel": "\(channel.id)", "error": "\(error.message)"])
            }
            channelsBehind.remove(channel)
        }
    }

    private func catchUpChannel(_ channel: PeerId, _ report: inout Report) throws {
        // Not introduced by the server (no access hash): there is nothing to ask it about.
        guard let input = try postbox.read({ try ChannelUpdates.input(channel, in: $0) }) else { return }
        for _ in 0 ..< maximumDifferences {
            // A channel never synced asks from its start; a server answers that "too long",
            // with the channel's newest messages and its pts.
            let pts = try postbox.read { try $0.channelPts(channel) } ?? 1
            report.channelDifferences += 1
            let answer = try client.invoke(Api.functions.updates.GetChannelDifference(force: false, channel: input, filter: .channelMessagesFilterEmpty,
                                                                                       pts: pts, limit: channelDifferenceLimit), timeout: timeout)
            switch answer {
            case .channelDifferenceEmpty(_, let pts, _):
                try postbox.transaction { t in if try (t.channelPts(channel) ?? 0) < pts { try t.setChannelPts(channel, pts) } }
                return
            case .channelDifference(let final, let pts, _, let messages, let others, let chats, let users):
                try applyChannel(channel, reaching: pts, messages: messages, updates: others, chats: chats, users: users, &report)
                if final { return }
            case .channelDifferenceTooLong(_, _, let dialog, let messages, let chats, let users):
                // Too far behind to replay: the channel starts again from its newest messages,
                // what lies below them a hole, from the dialog's pts.
                guard case .dialog(_, _, _, _, _, _, _, _, _, _, _, let pts?, _, _, _) = dialog else {
                    throw MTProtoError.badResult(method: "updates.getChannelDifference", reason: "a channel's dialog without its pts")
                }
                try applyChannel(channel, reaching: pts, messages: messages, updates: Self.updates(dialog), chats: chats, users: users,
                                 dialog: dialog, &report)
                report.tooLong = true
                return
            }
        }
        throw MTProtoError.badResult(method: "updates.getChannelDifference", reason: "still not caught up after \(maximumDifferences) differences")
    }

    /// A channel difference in one transaction with the channel's pts it reaches; nothing when
    /// another catch-up got there first. `dialog`: a too-long answer's (a hole below its top).
    private func applyChannel(_ channel: PeerId, reaching pts: Int32, messages: [Api.Message], updates: [Api.Update], chats: [Api.Chat],
                              users: [Api.User], dialog: Api.Dialog? = nil, _ report: inout Report) throws {
        let done = try postbox.transaction { t -> Report? in
            if dialog == nil, let stored = try t.channelPts(channel), stored >= pts { return nil }
            let holes = try Self.holes(below: dialog.map { [$0] } ?? [], in: t)
            let report = try write(messages: messages, updates: updates, users: users, chats: chats, reaching: nil, channels: [channel: pts], in: t)
            for (chat, range) in holes { try t.addHistoryHole(chat, range) }
            return report
        }
        if let done { report.add(applied: done) }
    }

    /// The dialogs, a page at a time (pinned first, then newest), with their top messages and
    /// users, and the state to go on from (asked first, so nothing sent meanwhile falls between
    /// the two). Each page in its own transaction; at most `maximumDialogPages`.
    private func loadDialogs(_ report: inout Report) throws -> AccountUpdateState {
        let state = AccountUpdateState(try client.invoke(Api.functions.updates.GetState(), timeout: timeout))
        var offset = DialogsOffset()
        var seen = 0
        var unread: [(PeerId, Int32)] = []
        for page in 0 ..< maximumDialogPages {
            let answer = try client.invoke(Api.functions.messages.GetDialogs(offsetDate: offset.date, offsetId: offset.id, offsetPeer: offset.peer,
                                                                              limit: dialogLimit, hash: 0), timeout: timeout)
            let (list, messages, chats, users, total): ([Api.Dialog], [Api.Message], [Api.Chat], [Api.User], Int?)
            switch answer {
            case .dialogs(let d, let m, let c, let u): (list, messages, chats, users, total) = (d, m, c, u, nil)
            case .dialogsSlice(let count, let d, let m, let c, let u): (list, messages, chats, users, total) = (d, m, c, u, Int(count))
            case .dialogsNotModified:
                if page == 0 { try postbox.transaction { t in try state.write(t) } }
                fetchUnread(unread)
                return state
            }
            seen += list.count
            report.dialogs += list.count
            unread += list.compactMap(Self.unreadCount)
            // The pinned ones lead the first page: only it says which they are.
            let pins = page == 0 ? [Self.pinnedOrder(list)] : []
            try apply(messages: messages, updates: list.flatMap(Self.updates) + pins, users: users, chats: chats, reaching: state, dialogs: list,
                      continuing: page > 0, &report)
            guard let total, seen < total, let next = DialogsOffset(after: list, messages: messages, chats: chats, users: users),
                  next != offset else { break }
            offset = next
        }
        fetchUnread(unread)
        return state
    }

    /// A dialog's chat and how many of its messages are unread, when more than its top message.
    static func unreadCount(_ dialog: Api.Dialog) -> (PeerId, Int32)? {
        guard case .dialog(_, _, _, let peer, _, _, _, let count, _, _, _, _, _, _, _) = dialog, count > 1,
              let chat = ServerObjects.chatPeer(peer) else { return nil }
        return (chat, count)
    }

    /// Each chat with unread messages below its top one gets them now, a page at a time, until
    /// they are all here (at most `unreadFetchLimit` messages a chat): the chat opens at its first
    /// unread message and counts as many unread as the phone says, offline too. With more than
    /// that, the oldest page of them comes first (read forward from the read mark), so the chat
    /// still opens at its first unread one; the hole left between is fetched as it is read. At
    /// the first failure the rest are left as they are (their holes are fetched when the chats are
    /// read) and the sync goes on: a connection gone would otherwise cost a timeout a chat.
    private func fetchUnread(_ chats: [(PeerId, Int32)]) {
        for (index, (chat, count)) in chats.enumerated() {
            var fetched = 0
            do {
                if count > unreadFetchLimit, let mark = try postbox.read({ try $0.readState(chat)?.maxIncomingReadId }) {
                    // Until the message right above the mark is here (one page, unless the server
                    // gives fewer than asked).
                    while fetched < unreadFetchLimit, let hole = try postbox.read({ try $0.historyHole(chat, above: mark) }), hole.lowerBound == mark &+ 1 {
                        let added = try HistoryHoleFiller.fill(chat, .above(mark), postbox: postbox, client: client, accountPeer: accountPeer,
                                                               timeout: timeout)
                        if added == 0, try postbox.read({ try $0.historyHole(chat, above: mark) }) == hole { break }
                        fetched += max(added, 1)
                    }
                }
                while fetched < unreadFetchLimit, try postbox.read({ try ($0.readState(chat)?.unreadCount ?? 0) < count }) {
                    let added = try HistoryHoleFiller.fill(chat, .below(.max), postbox: postbox, client: client, accountPeer: accountPeer, timeout: timeout)
                    if added == 0, try postbox.read({ try $0.historyHole(chat, below: .max) }) == nil { break }
                    fetched += max(added, 1)
                }
                // Stopped at the limit: the rest are counted as the phone counts them, not fetched.
                try postbox.transaction { try $0.setServerUnreadCount(chat, count) }
            } catch {
                logger.warning("unread messages not fetched", metadata: ["error": "\(error)", "chatsLeft": "\(chats.count - index)"])
                return
            }
        }
    }

    /// Where the next page of dialogs starts: the last one's top message and peer.
    struct DialogsOffset: Equatable {
        var date: Int32 = 0
        var id: Int32 = 0
        var peer: Api.InputPeer = .inputPeerEmpty

        init() {}

        init?(after dialogs: [Api.Dialog], messages: [Api.Message], chats: [Api.Chat], users: [Api.User]) {
            guard case .dialog(_, _, _, let peer, let top, _, _, _, _, _, _, _, _, _, _)? = dialogs.last,
                  let message = messages.first(where: { ServerObjects.messageId($0) == top && ServerObjects.messagePeer($0) == peer }),
                  let date = ServerObjects.messageDate(message) else { return nil }
            (self.date, id) = (date, top)
            switch peer {
            case .peerUser(let userId):
                if let hash = users.lazy.compactMap(UserFields.init).first(where: { $0.id == userId })?.accessHash {
                    self.peer = .inputPeerUser(userId: userId, accessHash: hash)
                }
            case .peerChat(let chatId):
                self.peer = .inputPeerChat(chatId: chatId)
            case .peerChannel(let channelId):
                if let hash = chats.lazy.compactMap(ServerObjects.channelAccessHash).first(where: { $0.id == channelId })?.hash {
                    self.peer = .inputPeerChannel(channelId: channelId, accessHash: hash)
                }
            }
        }
    }

    /// The dialogs' pinned chats in the list's order (the server lists them first), as the update
    /// that would have said it.
    static func pinnedOrder(_ dialogs: [Api.Dialog]) -> Api.Update {
        let pinned = dialogs.compactMap { dialog -> Api.DialogPeer? in
            guard case .dialog(let isPinned, _, _, let peer, _, _, _, _, _, _, _, _, _, _, _) = dialog, isPinned else { return nil }
            return .dialogPeer(peer: peer)
        }
        return .updatePinnedDialogs(folderId: nil, order: pinned)
    }

    /// Between the newest message stored of each dialog's chat (none: its start) and the
    /// dialog's top message: ids the server has that are not loaded (fetched as the history is
    /// scrolled back to them).
    static func holes(below dialogs: [Api.Dialog], in t: PostboxTransaction) throws -> [(PeerId, ClosedRange<Int32>)] {
        try dialogs.compactMap { dialog in
            guard case .dialog(_, _, _, let peer, let top, _, _, _, _, _, _, _, _, _, _) = dialog, let chat = ServerObjects.chatPeer(peer) else { return nil }
            let newest = try t.messages(chat, before: nil, limit: 1).first?.id.id ?? 0
            return newest < top - 1 ? (chat, newest + 1 ... top - 1) : nil
        }
    }

    /// What a dialog says beyond its top message, as the updates that would have said it: how far
    /// the account read it and the other side read it, its draft (saved on another device) and
    /// whether it is muted, so one write path applies them all.
    static func updates(_ dialog: Api.Dialog) -> [Api.Update] {
        guard case .dialog(_, _, _, let peer, _, let readInbox, let readOutbox, let unread, _, _, let notifySettings, _, let draft, _, _) = dialog else {
            return []
        }
        var updates: [Api.Update] = [
            .updateReadHistoryInbox(folderId: nil, peer: peer, maxId: readInbox, stillUnreadCount: unread, pts: 0, ptsCount: 0),
            .updateReadHistoryOutbox(peer: peer, maxId: readOutbox, pts: 0, ptsCount: 0),
            .updateNotifySettings(peer: .notifyPeer(peer: peer), notifySettings: notifySettings),
        ]
        if let draft { updates.append(.updateDraftMessage(peer: peer, topMsgId: nil, savedPeerId: nil, draft: draft)) }
        return updates
    }

    /// The contact list's users and their access hashes, so a person can be found by name and
    /// written to before any chat with them exists (Telegram's ContactManager on login).
    private func loadContacts(_ report: inout Report) throws {
        guard case .contacts(let contacts, _, let users) = try client.invoke(Api.functions.contacts.GetContacts(hash: 0), timeout: timeout) else { return }
        try postbox.transaction { t in _ = try store(users, in: t) }
        report.contacts += contacts.count
    }

    /// Updates pushed to the connection, applied from their contents in one transaction when
    /// their pts follow the stored state's, as Telegram's clients apply them: no round trip. An
    /// update whose pts the state has passed was applied already (by a catch-up, or with the
    /// answer to a send). nil when one does not follow (a gap: something pushed was missed) or the
    /// account has not synced yet: a getDifference is due.
    func applyPushed(_ batch: PushedUpdates.Batch) throws -> Report? {
        try postbox.transaction { t -> Report? in
            guard let stored = try AccountUpdateState.read(t),
                  let (taken, state) = PushedUpdates.following(batch, from: stored) else { return nil }
            // A channel's updates follow its own pts; a gap there is a channel difference.
            guard let (updates, channels) = try ChannelUpdates.following(taken, in: t, behind: &channelsBehind) else { return nil }
            // A chat or author seen for the first time: a short message names only ids, and the
            // difference brings who they are.
            guard try namesOnlyKnownPeers(updates, batch: batch, in: t) else { return nil }
            var report = try write(messages: [], updates: updates, users: batch.users, chats: batch.chats, reaching: state, channels: channels, in: t)
            report.state = state
            return report
        }
    }

    /// One difference slice as it came: written in order with the state it reaches.
    struct Slice {
        var messages: [Api.Message]
        var updates: [Api.Update]
        var users: [Api.User]
        var chats: [Api.Chat]
        var state: AccountUpdateState
    }

    /// Slices in one transaction, each written as `apply` writes one.
    private func apply(_ slices: [Slice], _ report: inout Report) throws {
        guard !slices.isEmpty else { return }
        let done = try postbox.transaction { t -> Report in
            var done = Report()
            for slice in slices {
                if let applied = try write(slice.messages, slice.updates, slice.users, slice.chats, reaching: slice.state, in: t) {
                    done.add(applied: applied)
                }
            }
            return done
        }
        report.add(applied: done)
    }

    /// One transaction: the users, the new messages, the updates the Postbox keeps, and the state.
    /// `dialogs`: their top messages come without what lies below them, which is then a hole.
    /// `continuing`: a later page of what reached `state` (the dialogs' next page), which the
    /// same state stored does not make already applied.
    private func apply(messages: [Api.Message], updates: [Api.Update], users: [Api.User], chats: [Api.Chat], reaching state: AccountUpdateState,
                       dialogs: [Api.Dialog] = [], continuing: Bool = false, _ report: inout Report) throws {
        let done = try postbox.transaction { t -> Report? in
            try write(messages, updates, users, chats, reaching: state, dialogs: dialogs, continuing: continuing, in: t)
        }
        guard let done else { return }
        report.add(applied: done)
    }

    /// What `apply` writes in its transaction; nil when another catch-up got there first.
    private func write(_ messages: [Api.Message], _ updates: [Api.Update], _ users: [Api.User], _ chats: [Api.Chat], reaching state: AccountUpdateState,
                       dialogs: [Api.Dialog] = [], continuing: Bool = false, in t: PostboxTransaction) throws -> Report? {
        // Another catch-up of this account (`main sync` beside the running app's listener)
        // got there first: what this one fetched is already applied, and its state is older.
        if let stored = try AccountUpdateState.read(t),
           stored.pts > state.pts || (stored.pts == state.pts && !messages.isEmpty && !continuing) {
            return nil
        }
        let holes = try Self.holes(below: dialogs, in: t)
        let report = try write(messages: messages, updates: updates, users: users, chats: chats, reaching: state,
                               channels: Self.channelStates(dialogs), in: t)
        for (chat, range) in holes { try t.addHistoryHole(chat, range) }
        return report
    }

    /// The channels' pts their dialogs give (a channel's updates go on from there).
    static func channelStates(_ dialogs: [Api.Dialog]) -> [PeerId: Int32] {
        var states: [PeerId: Int32] = [:]
        for case .dialog(_, _, _, .peerChannel(let id), _, _, _, _, _, _, _, let pts?, _, _, _) in dialogs {
            states[PeerId(namespace: .cloudChannel, id: id)] = pts
        }
        return states
    }

    /// Whether every chat and author of the new messages in `updates` is stored already or comes
    /// with the batch.
    private func namesOnlyKnownPeers(_ updates: [Api.Update], batch: PushedUpdates.Batch, in t: PostboxTransaction) throws -> Bool {
        var known = Set(batch.users.compactMap(UserFields.init).map { PeerId(namespace: .cloudUser, id: $0.id) })
        known.formUnion(batch.chats.compactMap(ServerObjects.chatId))
        for update in updates {
            let new: Api.Message
            switch update {
            case .updateNewMessage(let message, _, _), .updateNewChannelMessage(let message, _, _): new = message
            default: continue
            }
            guard let (chat, author) = ServerObjects.chatAndAuthor(new, accountPeer: accountPeer) else { continue }
            for peer in [chat, author] where !known.contains(peer) {
                guard try t.peer(peer) != nil else { return false }
                known.insert(peer)
            }
        }
        return true
    }

    /// Without the messages of chats the account left and deleted from its list (the service
    /// message of its own leaving, which the difference brings after): nothing new comes from a
    /// chat one is out of, and a deleted chat's row comes back only with something new.
    static func notReviving(_ messages: [Message], in t: PostboxTransaction) throws -> [Message] {
        var gone: [PeerId: Bool] = [:]
        return try messages.filter { message in
            let chat = message.id.peerId
            if gone[chat] == nil {
                gone[chat] = try t.chatListKey(chat) == nil && t.peer(chat)?.rights.isOut == true
            }
            return gone[chat] != true
        }
    }

    /// The users and their access hashes stored, their online statuses to the running app's
    /// presence; how many were stored.
    private func store(_ users: [Api.User], in t: PostboxTransaction) throws -> Int {
        presence?.take(users)
        return try ServerObjects.store(users, in: t)
    }

    /// The users, the new messages, the updates the Postbox keeps, and the state they reach; what
    /// was written, counted.
    /// `state`: the account's state reached (nil: a channel difference, which leaves it);
    /// `channels`: the pts each channel reaches.
    private func write(messages: [Api.Message], updates: [Api.Update], users: [Api.User], chats: [Api.Chat],
                       reaching state: AccountUpdateState?, channels: [PeerId: Int32] = [:], in t: PostboxTransaction) throws -> Report {
        let decoded = messages.compactMap { ServerObjects.pinnedMessage($0, accountPeer: accountPeer) }
        var stored = decoded.map(\.message)
        var edits: [Message] = []
        // Each with the server's count of what is still unread after it.
        var readInbox: [(PeerId, Int32, Int32)] = []
        var readOutbox: [(PeerId, Int32)] = []
        var deletedIds: [Int32] = []
        var channelDeletions: [MessageId] = []
        // Pinned or unpinned elsewhere, in order; a new message that comes pinned is one too.
        var pins = decoded.filter(\.pinned).map { ($0.message.id, true) }
        var drafts: [(PeerId, ChatDraft?, Int32?)] = []
        var settings = ChatSettingsUpdates()
        for update in updates {
            if settings.take(update) { continue }
            switch update {
            case .updateDraftMessage(let peer, nil, nil, let draft):
                if let chat = ServerObjects.chatPeer(peer) {
                    let (text, date) = ServerObjects.draft(draft)
                    drafts.append((chat, text, date))
                }
            case .updateNewMessage(let api, _, _), .updateNewChannelMessage(let api, _, _):
                if let (message, pinned) = ServerObjects.pinnedMessage(api, accountPeer: accountPeer) {
                    stored.append(message)
                    if pinned { pins.append((message.id, true)) }
                }
            case .updatePinnedMessages(let pinned, let peer, let ids, _, _):
                if let chat = ServerObjects.chatPeer(peer) { pins += ids.map { (MessageId(peerId: chat, id: $0), pinned) } }
            case .updatePinnedChannelMessages(let pinned, let channelId, let ids, _, _):
                pins += ids.map { (MessageId(peerId: PeerId(namespace: .cloudChannel, id: channelId), id: $0), pinned) }
            case .updateEditMessage(let message, _, _), .updateEditChannelMessage(let message, _, _):
                if let message = ServerObjects.message(message, accountPeer: accountPeer) { edits.append(message) }
            case .updateDeleteChannelMessages(let channelId, let ids, _, _):
                let channel = PeerId(namespace: .cloudChannel, id: channelId)
                channelDeletions += ids.map { MessageId(peerId: channel, id: $0) }
            case .updateReadChannelInbox(_, let channelId, let maxId, let stillUnread, _):
                readInbox.append((PeerId(namespace: .cloudChannel, id: channelId), maxId, stillUnread))
            case .updateReadChannelOutbox(let channelId, let maxId):
                readOutbox.append((PeerId(namespace: .cloudChannel, id: channelId), maxId))
            case .updateChannelTooLong(let channelId, _), .updateChannel(let channelId):
                // Something changed in the channel that this does not say: its difference will.
                channelsBehind.insert(PeerId(namespace: .cloudChannel, id: channelId))
            case .updateReadHistoryInbox(_, let peer, let maxId, let stillUnread, _, _):
                if let chat = ServerObjects.chatPeer(peer) { readInbox.append((chat, maxId, stillUnread)) }
            case .updateReadHistoryOutbox(let peer, let maxId, _, _):
                if let chat = ServerObjects.chatPeer(peer) { readOutbox.append((chat, maxId)) }
            case .updateDeleteMessages(let ids, _, _):
                deletedIds += ids
            default:
                logger.debug("update not applied yet", metadata: ["update": "\(String(describing: update).prefix(40))"])
            }
        }
        var report = Report()
        report.users = try store(users, in: t)
        report.chats = try ServerObjects.store(chats, in: t)
        stored = try Self.notReviving(stored, in: t).map { try ServerObjects.named($0, in: t) }
        if !stored.isEmpty {
            try t.addMessages(stored)
            try t.recordServerMessageChats(stored.map(\.id))
        }
        // An edit of a message not here (deleted here, or never fetched) does not bring it back;
        // one of a message whose file was fetched keeps the file.
        if !edits.isEmpty {
            try t.addMessages(try edits.compactMap { edit in try t.message(edit.id).map { ServerObjects.keepingFetchedFile(of: $0, in: edit) } })
        }
        var deleted = deletedIds.isEmpty ? [] : try t.deleteMessages(try t.serverMessages(withIds: deletedIds))
        if !channelDeletions.isEmpty { deleted += try t.deleteMessages(channelDeletions) }
        report.deletions = deleted.count
        if !deleted.isEmpty { emptiedChats.formUnion(try Self.emptied(by: deleted, in: t)) }
        for (id, pinned) in pins { try t.setMessagePinned(id, pinned: pinned) }
        for (chat, maxId, stillUnread) in readInbox {
            _ = try t.markIncomingRead(chat, upTo: maxId)
            // What the server counts beyond the stored messages lies in holes (setServerUnreadCount).
            try t.setServerUnreadCount(chat, stillUnread)
        }
        for (chat, maxId) in readOutbox { _ = try t.markOutgoingRead(chat, upTo: maxId) }
        // Saved on another device: it replaces this one's unless this one was saved later.
        for (chat, draft, date) in drafts where try (t.draft(chat)?.timestamp ?? .min) <= (date ?? .max) {
            try t.setDraft(chat, draft)
            report.drafts += 1
        }
        // After the messages: a pinned chat must be in the list to take its place there.
        report.chatSettings = try settings.apply(in: t)
        try state?.write(t)
        for (channel, pts) in channels { try t.setChannelPts(channel, pts) }
        report.newMessages = stored.count
        report.edits = edits.count
        report.readStates = readInbox.count + readOutbox.count
        return report
    }
}
