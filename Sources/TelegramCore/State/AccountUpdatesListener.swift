import Container
import Logging
import MTProtoKit
import Storage
import TelegramApi

/// The running app's connection to its account's server, as TelegramCore keeps one for Telegram
/// iOS while the app is active: on a thread of its own, with a Postbox connection of its own (a
/// connection is never used by two threads; SQLite takes the app's and this one's writes in
/// turn). It catches up at once, then at least every `interval` seconds and whenever what the
/// server pushes (the session asked for updates with its first getDifference) cannot be applied
/// from its contents (a gap in pts, updatesTooLong: PushedUpdates); what can is applied as it
/// comes. It sends what the app stored to send (`sendSoon`: PendingMessageSender,
/// ServerOperationSender) before anything else, and tells the app after anything was applied or
/// sent. A failure is logged and retried with backoff; it never stops the app.
public final class AccountUpdatesListener: @unchecked Sendable {
    /// Opens the listener's own writer connection, on its thread: nothing of it on the launch path.
    private let openPostbox: @Sendable () throws -> Postbox
    private let build: BuildConfiguration
    private let logger: Logger
    private let applied: @Sendable (AccountStateManager.Report) -> Void
    private let interval: Double
    /// Registered once per listener, on its first connection (nil: no push relay here).
    private let pushTokenRegistration: PushTokenRegistration?
    /// The files the person asked for, fetched on this listener's connection.
    public let downloads = ServerFileDownloads()
    /// Usernames the person's links named that no chat here has, looked up on this connection.
    public let lookups = ServerUsernameLookups()
    /// Older history the person scrolled to, fetched on this connection a page at a time.
    public let history = ServerHistoryFetches()
    public let pinned = ServerPinnedFetches()
    /// Groups and channels the person makes, and members added, on this connection.
    public let creations = ServerChatCreations()
    /// Who is in a group or channel the person adds people to, asked on this connection.
    public let members = ServerChatMembers()
    /// Who is typing, from the updates pushed to this listener's connection.
    public let presence = AccountPresence()
    private let state = ConditionLock()
    // Guarded by `state`.
    private var pushed = false
    /// What the server pushed, read, waiting to be applied on the listener's thread.
    private var pushedBatches: [PushedUpdates.Batch] = []
    /// A getDifference is due: a new connection, the interval, or a push not applicable as it is.
    private var catchUpDue = true
    /// The account's user on the server, known once connected (a short message's author).
    private var accountPeer: PeerId?
    /// Chats the person is typing in, for messages.setTyping on the next wake (no catch-up).
    private var typingToSend: Set<PeerId> = []
    private var stopped = false
    private var client: MTProtoClient?
    private var thread: JoinableThread?

    /// `openPostbox`: a writer connection for this listener alone (`openPostbox(…, tracked: false)`).
    public init(openPostbox: @escaping @Sendable () throws -> Postbox, build: BuildConfiguration, interval: Double = 25,
                pushTokenRegistration: PushTokenRegistration? = nil, logger: Logger = Logger(label: "updates"),
                applied: @escaping @Sendable (AccountStateManager.Report) -> Void) {
        (self.openPostbox, self.build, self.interval, self.logger, self.applied) = (openPostbox, build, interval, logger, applied)
        self.pushTokenRegistration = pushTokenRegistration
    }

    /// Whether the account lives on a server (an offline one has nothing to listen to). Read as
    /// the Postbox reads it when a message is stored (`accountHasServer`): an entry that does not
    /// decode still means a server, whose listener then fails and says why, instead of messages
    /// waiting for a server nobody connects to.
    public static func hasServer(_ postbox: Postbox) -> Bool {
        (try? postbox.read { try $0.accountHasServer() }) ?? false
    }

    public func start() {
        let thread = JoinableThread { [self] in run() }
        self.thread = thread
        if !thread.start() { logger.error("cannot start the updates thread") }
    }

    /// Ends the loop; a request in flight is abandoned with the client's close. Once: later
    /// calls return at once.
    public func stop() {
        let (open, first) = state.withLock { () -> (MTProtoClient?, Bool) in
            defer { stopped = true }
            state.broadcast()
            return (client, !stopped)
        }
        guard first else { return }
        open?.close()
        thread?.join()
    }

    private func run() {
        var failures = 0
        var manager: AccountStateManager?
        var postbox: Postbox?
        while !isStopped {
            do {
                if postbox == nil { postbox = try openPostbox() }
                guard let postbox else { break }
                if manager == nil {
                    // One connection kept across catch-ups: the session the server pushes to.
                    let (made, own) = try AccountSync.connect(postbox: postbox, build: build, timeout: 30, logger: logger) { [weak self] body in
                        self?.received(body)
                    }
                    let keep = state.withLock { () -> Bool in
                        if stopped { return false }
                        client = made
                        accountPeer = own
                        return true
                    }
                    guard keep else { made.close(); break }
                    manager = AccountStateManager(postbox: postbox, client: made, accountPeer: own, timeout: 30, logger: logger)
                    manager?.presence = presence
                }
                // What waits to be sent goes first: a catch-up after a restart would otherwise
                // bring the server's copy of a message sent before the restart beside the local
                // one still waiting for its answer.
                let (sent, done) = try AccountSync.sendWaiting(postbox: postbox, client: manager!.client, accountPeer: manager!.accountPeer,
                                                               timeout: 30, logger: logger)
                // Pushed during the send or before: after it, so that the answer to a send (and the
                // pts it brings) is stored before the server's copy of that message comes by.
                let (batches, due) = state.withLock { () -> ([PushedUpdates.Batch], Bool) in
                    defer { (pushedBatches, catchUpDue) = ([], false) }
                    return (pushedBatches, catchUpDue)
                }
                // An answer that carried a new message (a pin's service message) is caught up too.
                var report = try due || done.carriedMessages > 0 ? manager!.catchUp() : applyPushed(batches, manager: manager!)
                (report.sent, report.notSent, report.operations) = (sent.sent, sent.failed, done.done + done.refused)
                failures = 0
                // After the first catch-up: what the person waits for comes before these.
                sayOnline(client: manager!.client)
                registerForPushes(postbox: postbox, client: manager!.client)
                lookups.run(postbox: postbox, client: manager!.client, timeout: 15, logger: logger) { [applied] in
                    applied(AccountStateManager.Report())
                }
                creations.run(postbox: postbox, manager: manager!, timeout: 30, logger: logger) { [applied] in
                    applied(AccountStateManager.Report())
                }
                members.run(postbox: postbox, client: manager!.client, accountPeer: manager!.accountPeer, timeout: 15, logger: logger) { [applied] in
                    applied(AccountStateManager.Report())
                }
                history.run(postbox: postbox, client: manager!.client, accountPeer: manager!.accountPeer, timeout: 30, logger: logger) { [applied] in
                    applied(AccountStateManager.Report())
                }
                pinned.run(postbox: postbox, client: manager!.client, accountPeer: manager!.accountPeer, timeout: 30, logger: logger) { [applied] in
                    applied(AccountStateManager.Report())
                }
                downloads.run(postbox: postbox, client: manager!.client, timeout: 30, logger: logger) { [applied] in
                    applied(AccountStateManager.Report())
                }
                if report.newMessages + report.edits + report.deletions + report.readStates + report.dialogs + report.sent + report.notSent
                    + report.operations + report.drafts + report.chatSettings > 0 {
                    applied(report)
                }
                // After the screen heard the deletions: whether the chats they emptied still are
                // (kept for the next round when the server cannot say now).
                do {
                    if try manager!.checkEmptiedChats() > 0 { applied(AccountStateManager.Report()) }
                } catch {
                    logger.warning("emptied chats not asked of the server", metadata: ["error": "\(error)"])
                }
            } catch {
                failures += 1
                if !isStopped { logger.warning("catching up with the server failed", metadata: ["error": "\(error)", "failures": "\(failures)"]) }
                // A new connection next time; the chats still on screen ask for their pages again.
                history.dropWaiting()
                pinned.dropWaiting()
                manager = nil
                pushRegistrationTried = false
                state.withLock { client }?.close()
                state.withLock {
                    client = nil
                    accountPeer = nil
                    (pushedBatches, catchUpDue) = ([], true)
                }
                onlineSaid = nil
            }
            // After a failure: 1, 2, 4 … 30 s; otherwise until a push or the interval. Meanwhile
            // typing notices go as they are asked for, and the screen hears when one it shows ends.
            let wait = failures == 0 ? interval : min(30, Double(1 << min(failures - 1, 5)))
            let deadline = Clock.monotonicNanoseconds() + UInt64(wait * 1e9)
            var due = false
            while !due && !isStopped {
                let expiry = presence.nextExpiry
                let typing = state.withLock { () -> Set<PeerId> in
                    var waiting = true
                    while !pushed && !stopped && typingToSend.isEmpty && waiting {
                        waiting = state.wait(until: min(deadline, expiry ?? deadline))
                    }
                    let expired = Clock.monotonicNanoseconds() >= deadline
                    if expired { catchUpDue = true }
                    due = pushed || expired
                    if due { pushed = false }
                    defer { typingToSend = [] }
                    return typingToSend
                }
                if !typing.isEmpty, let manager, let postbox { sendTyping(typing, postbox: postbox, manager: manager) }
                if let expiry, Clock.monotonicNanoseconds() >= expiry { applied(AccountStateManager.Report()) }
            }
        }
        state.withLock { client }?.close()
    }

    /// The app stored a message to send: the loop runs now instead of at its next push or interval.
    public func sendSoon() { push() }

    /// The person is typing in `chat`: the other side is told (messages.setTyping), at most once
    /// every few seconds, without a catch-up.
    public func typing(in chat: PeerId) {
        state.withLock {
            typingToSend.insert(chat)
            state.broadcast()
        }
    }

    /// When each chat's typing notice last went, so one goes every few seconds at most.
    private var typingSent: [PeerId: UInt64] = [:]  // the listener's thread only

    private func sendTyping(_ chats: Set<PeerId>, postbox: Postbox, manager: AccountStateManager) {
        let now = Clock.monotonicNanoseconds()
        for chat in chats where now - (typingSent[chat] ?? 0) > (AccountPresence.typingSeconds - 2) * 1_000_000_000 {
            typingSent[chat] = now
            do {
                let peer = try InputPeers(postbox: postbox, accountPeer: manager.accountPeer).peer(chat)
                _ = try manager.client.invoke(Api.functions.messages.SetTyping(peer: peer, action: .sendMessageTypingAction), timeout: 10)
            } catch {
                logger.debug("typing notice not sent", metadata: ["error": "\(error)"])
            }
        }
    }

    /// Updates pushed to the connection (on its receiving thread): a typing notice is shown at
    /// once; the rest wakes the loop, which applies them, or catches up when they cannot be.
    private func received(_ body: [UInt8]) {
        guard let own = state.withLock({ accountPeer }) else { return push(catchingUp: true) }
        switch PushedUpdates.read(body, accountPeer: own) {
        case .live(let notices):
            for notice in notices {
                switch notice {
                case .typing(let chat, let user, let on): presence.set(chat, typist: user, typing: on)
                case .status(let user, let status): presence.set(user, status: status)
                }
            }
            applied(AccountStateManager.Report())
        case .updates(let batch):
            state.withLock {
                pushedBatches.append(batch)
                pushed = true
                state.broadcast()
            }
        case .catchUp:
            push(catchingUp: true)
        }
    }

    /// The batches in order, each in its transaction; at the first that does not follow the
    /// stored pts, a catch-up instead (it brings that batch's updates and the rest).
    private func applyPushed(_ batches: [PushedUpdates.Batch], manager: AccountStateManager) throws -> AccountStateManager.Report {
        var total = AccountStateManager.Report()
        for batch in batches {
            guard let report = try manager.applyPushed(batch) else {
                logger.debug("pushed updates do not follow the stored pts: catching up")
                total.add(applied: try manager.catchUp())
                return total
            }
            total.add(applied: report)
        }
        return total
    }

    /// Fetches a message's file from the server into the MediaBox (the loop runs now); progress
    /// in `downloads`, and `applied` is called as it goes.
    public func download(_ id: MessageId, resourceId: String) {
        if downloads.request(id, resourceId: resourceId) { push() }
    }

    /// Asks the server who has `username` (the loop runs now); the answer in `lookups`, and
    /// `applied` is called when it is there.
    public func lookUp(_ username: String) {
        if lookups.request(username) { push() }
    }

    /// Makes a group or a channel, or adds members (the loop runs now); its ticket for
    /// `creations`, and `applied` is called when the outcome is there.
    public func create(_ request: ServerChatCreations.Request) -> Int {
        let ticket = creations.request(request)
        push()
        return ticket
    }

    /// Asks the server who is in `chat` (the loop runs now); the answer in `members`, and
    /// `applied` is called when it is there.
    public func askMembers(of chat: PeerId) {
        if members.request(chat) { push() }
    }

    /// Fetches the page of `chat`'s history at `end` of a hole (the loop runs now); `applied` is
    /// called when it is stored.
    public func fetchHistory(_ chat: PeerId, _ end: HistoryHoleEnd) {
        if history.request(chat, end) { push() }
    }

    /// Fetches the pinned messages of `chat` (opened on screen) once a run (the loop runs now);
    /// `applied` is called when they changed.
    public func fetchPinned(_ chat: PeerId) {
        if pinned.request(chat) { push() }
    }

    /// When this connection last said the account is online (nil: not on this connection).
    private var onlineSaid: UInt64?  // the listener's thread only
    /// The server takes "online" for five minutes: said again before that runs out.
    static let onlineRepeatSeconds: UInt64 = 240

    /// account.updateStatus(offline: false) while the app runs, as Telegram's clients say it
    /// while active; the server makes the account offline when its connection closes.
    private func sayOnline(client: MTProtoClient) {
        let now = Clock.monotonicNanoseconds()
        if let said = onlineSaid, now - said < Self.onlineRepeatSeconds * 1_000_000_000 { return }
        do {
            _ = try client.invoke(Api.functions.account.UpdateStatus(offline: false), timeout: 10)
            onlineSaid = now
        } catch {
            logger.debug("online status not said", metadata: ["error": "\(error)"])
        }
    }

    private var registeredForPushes = false  // the listener's thread only
    private var pushRegistrationTried = false  // on this connection; the listener's thread only

    /// Once per connection until it succeeds: a failure is logged and tried again on the next
    /// connection, as the app works without pushes while it runs (it keeps its own connection).
    private func registerForPushes(postbox: Postbox, client: MTProtoClient) {
        guard let pushTokenRegistration, !registeredForPushes, !pushRegistrationTried else { return }
        pushRegistrationTried = true
        do {
            try pushTokenRegistration.register(postbox: postbox, client: client, timeout: 10, logger: logger)
            registeredForPushes = true
        } catch {
            logger.warning("registering for pushes failed", metadata: ["error": "\(error)"])
        }
    }

    private var isStopped: Bool { state.withLock { stopped } }

    private func push(catchingUp: Bool = false) {
        state.withLock {
            pushed = true
            if catchingUp { catchUpDue = true }
            state.broadcast()
        }
    }
}
