import Container
import Formats
import Logging
import TelegramCore
#if canImport(Glibc)
import Glibc
#endif

/// The running app. `sendEvent` is the single dispatch hook every event passes through, as the
/// Telegram's custom `Application.sendEvent` sees every UIEvent before any view does; it is what
/// counts user activity for auto-lock.
public final class Application {
    public let app: LaunchedApp
    private let lock: AppLockController
    private let widgetData: WidgetDataPublisher
    private var lastUserActivity: MonotonicTimestamp
    private var lastWrittenActivity: MonotonicTimestamp?
    public private(set) var handledEvents = 0
    public private(set) var shouldStop = false
    /// Set by `main call start` when it is the app for its call: the app stops when the call ends.
    public var stopsWhenCallEnds = false
    /// Set by an interface that draws frames: the tick's widget publish (a read and a durable
    /// file write) then waits for the frame drawn after it (`publishWidgetDataIfDue`), so a push
    /// drained with a tick is on the screen first.
    public var defersWidgetPublish = false
    private var widgetPublishDue = false
    /// The current account's connection to its server, while the app runs (none offline), and
    /// the account it follows (a logout, a switch or a login moves it to the new current one).
    private var updatesListener: AccountUpdatesListener?
    private var listenedAccount: (context: ObjectIdentifier, id: Int64)?
    private var deliverServerUpdates: (@Sendable (AppEvent) -> Void)?

    public init(app: LaunchedApp) {
        self.app = app
        lock = AppLockController(app: app)
        widgetData = WidgetDataPublisher(shared: app.shared)
        // Opening the app is the user's first activity.
        lastUserActivity = .now()
    }

    public func sendEvent(_ event: AppEvent) {
        handledEvents += 1
        if event.isUserInteraction { lastUserActivity = .now() }
        switch event {
        case .tick:
            refreshActivityTimestamp()
            // The poll behind inotify: a request whose event was missed waits at most a second,
            // and so does the answer of a background command (an import) that ended.
            if let requests = app.requests, requests.hasPending || requests.hasFinishedBackgroundCommand { drainRequests() }
            // Once a second at most, so a burst of changes is one write.
            if defersWidgetPublish { widgetPublishDue = true } else { app.publishWidgetData(publisher: widgetData) }
            CallHost.endIfDue(app)
            followCurrentAccount()
        case .requestsPending:
            drainRequests()
        case .userInput(let line):
            if line.trimmingWhitespace() == "quit" { stop(reason: "quit") }
        case .interfaceInput, .interfaceWork:
            break
        case .serverUpdates:
            // The widget hears at the next tick, within a second: a burst of pushes is one write,
            // and the screen showing them is drawn first.
            break
        case .signal(let number):
            stop(reason: number == SIGINT ? "SIGINT" : number == SIGTERM ? "SIGTERM" : "signal \(number)")
        case .deadline:
            stop(reason: "duration elapsed")
        }
        // A handed-over `main call end` (or the call's deadline) ended the call this app is for.
        if stopsWhenCallEnds && app.call == nil && !shouldStop { stop(reason: "call ended") }
    }

    /// While unlocked, the lock state carries the last user activity, so extensions see the app
    /// lock itself once the user has been away for the auto-lock timeout.
    private func refreshActivityTimestamp() {
        guard lock.hasPasscode, lastWrittenActivity != lastUserActivity else { return }
        do {
            // recordActivity itself refuses while locked: activity after auto-lock does not unlock.
            if try lock.recordActivity(lastUserActivity) { lastWrittenActivity = lastUserActivity }
        } catch {
            app.logger.error("cannot write lock state", metadata: ["error": "\(error)"])
        }
    }

    /// The tick's widget publish, when one waits for the frame (`defersWidgetPublish`).
    public func publishWidgetDataIfDue() {
        guard widgetPublishDue else { return }
        widgetPublishDue = false
        app.publishWidgetData(publisher: widgetData)
    }

    private func drainRequests() {
        guard let requests = app.requests else { return }
        let summary = requests.drain()
        if let failure = app.shared.accountManager.writeFailure, !shouldStop {
            // Requests stay pending; the next launch applies them from what is on the disk.
            app.logger.error("a store write failed: stopping", metadata: ["error": "\(failure)"])
            stop(reason: "a store write failed")
        }
        if summary.applied > 0 {
            // Right away, as Telegram reloads the widget's timelines right after writing.
            app.publishWidgetData(publisher: widgetData)
            app.account?.changesForServer?()
        }
        if summary.applied + summary.rejected + summary.alreadyApplied > 0 {
            app.logger.info("requests handled", metadata: ["applied": "\(summary.applied)", "rejected": "\(summary.rejected)",
                                                          "alreadyApplied": "\(summary.alreadyApplied)", "deferred": "\(summary.deferred)"])
        }
    }

    /// Connects the current account to its server, if it has one, on a thread and a Postbox
    /// connection of its own (AccountUpdatesListener); what it applies arrives as `.serverUpdates`.
    func startServerUpdates(deliver: @escaping @Sendable (AppEvent) -> Void) {
        deliverServerUpdates = deliver
        followCurrentAccount()
    }

    /// The listener of the current account: the old one stopped when the account changed (its
    /// key may be revoked by now), a new one started for an account on a server.
    private func followCurrentAccount() {
        // The context, not only the id: an account switched away from and back gets a new one.
        guard let deliver = deliverServerUpdates, app.account.map(ObjectIdentifier.init) != listenedAccount?.context else { return }
        if let old = updatesListener {
            old.stop()
            updatesListener = nil
            app.logger.info("stopped listening to the previous account's server", metadata: ["account": "\(listenedAccount?.id ?? 0)"])
        }
        listenedAccount = app.account.map { (ObjectIdentifier($0), $0.record.id) }
        guard let account = app.account, AccountUpdatesListener.hasServer(account.postbox) else { return }
        // The manager is used on the listener's thread only to open that thread's connection
        // (AccountManager.openPostbox with tracked: false touches nothing the app's thread uses).
        nonisolated(unsafe) let manager = app.shared.accountManager
        let accountId = account.record.id
        let listener = AccountUpdatesListener(openPostbox: { try manager.openConnection(accountId: accountId) },
                                              build: app.storage.container.configuration, pushTokenRegistration: app.pushTokenRegistration,
                                              logger: app.logger) { _ in
            deliver(.serverUpdates)
        }
        listener.start()
        updatesListener = listener
        account.changesForServer = { listener.sendSoon() }
        account.endServerConnection = { listener.stop() }
        account.downloadFromServer = { id, resource in listener.download(id, resourceId: resource) }
        account.serverDownloads = listener.downloads
        account.lookUpOnServer = { listener.lookUp($0) }
        account.serverLookups = listener.lookups
        account.fetchHistoryFromServer = { listener.fetchHistory($0, $1) }
        account.serverHistory = listener.history
        account.fetchPinnedFromServer = { listener.fetchPinned($0) }
        account.createOnServer = { listener.create($0) }
        account.serverCreations = listener.creations
        account.askMembersOnServer = { listener.askMembers(of: $0) }
        account.serverMembers = listener.members
        account.serverPresence = listener.presence
        account.typingInChat = { listener.typing(in: $0) }
        app.logger.info("listening to the account's server", metadata: ["account": "\(accountId)"])
    }

    /// Stops the app (the interface's quit key, an error in it).
    public func stop(reason: String) {
        app.logger.info("stopping", metadata: ["reason": "\(reason)", "events": "\(handledEvents)"])
        publishWidgetDataIfDue()
        shouldStop = true
        updatesListener?.stop()
        updatesListener = nil
        // The call ends cleanly with the app: final statistics, its files removed.
        CallHost.endForShutdown(app, reason: reason)
    }
}
