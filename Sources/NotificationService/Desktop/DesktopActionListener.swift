import Container
import Cryptography
import DesktopNotifications
import Formats
import Logging
import RequestChannel

/// Something must be on the bus when the person clicks a notification, and notify-service lives
/// for one push. So the first post starts `notify-service listen` detached: one per container
/// (it holds `listener.lock`), it answers the server's signals for the notifications in the ids
/// file and exits once none of ours is open (or after an idle limit). "Open" hands the chat's
/// link to the running app as `main open` does, or starts main in a terminal; an inline reply
/// goes to main as a sendMessage request whose id is derived from the notification and the
/// text, so a signal seen twice is one request, applied once.
public struct DesktopActionListener {
    public struct Options: Sendable {
        /// Exit after this long without a signal even when notifications of ours are still open
        /// (servers keep them in history; a click there after this opens nothing).
        public var idleSeconds: Double
        /// With none of ours open, how long to wait for a post in flight before exiting.
        public var graceSeconds: Double

        public init(idleSeconds: Double = 3600, graceSeconds: Double = 5) {
            self.idleSeconds = idleSeconds
            self.graceSeconds = graceSeconds
        }
    }

    public enum Ending: String, Sendable {
        case alreadyRunning, noneOpen, idle, busGone
    }

    let layout: ContainerLayout
    let deviceKey: DeviceKey
    let environment: [String: String]
    let logger: Logger?

    public init(layout: ContainerLayout, deviceKey: DeviceKey, environment: [String: String], logger: Logger?) {
        self.layout = layout
        self.deviceKey = deviceKey
        self.environment = environment
        self.logger = logger
    }

    static func lockPath(_ layout: ContainerLayout) -> String { layout.desktopNotificationsPath + "/listener.lock" }

    /// Called after a post has recorded its id: starts a listener unless one holds the lock. (A
    /// listener that is exiting re-reads the ids after letting the lock go, so a post between
    /// its last look and its exit is not left without one.)
    public static func startIfNeeded(_ layout: ContainerLayout, environment: [String: String]) {
        guard !FileLock.isLocked(path: lockPath(layout)), let executable = DetachedProcess.currentExecutable() else { return }
        try? DetachedProcess.start([executable, "listen", "--container", layout.containerPath], environment: environment)
    }

    public func run(_ options: Options) throws(BusFailure) -> Ending {
        let lock = FileLock(path: Self.lockPath(layout))
        try? FileSystem.createDirectory(layout.desktopNotificationsPath)
        guard (try? lock.tryLock()) == true else { return .alreadyRunning }
        let server = try DesktopConnection.server(environment)
        try server.subscribe()
        let ids = DesktopNotificationIds(layout: layout)
        var lastSignal = Clock.monotonicNanoseconds()
        var noneOpenSince: UInt64?
        while true {
            guard let signals = server.receive(timeoutMilliseconds: 250) else { return .busGone }
            let now = Clock.monotonicNanoseconds()
            if !signals.isEmpty { lastSignal = now }
            for signal in signals { handle(signal, ids: ids) }
            if Double(now - lastSignal) / 1e9 >= options.idleSeconds { return .idle }
            if ids.entries().isEmpty {
                let since = noneOpenSince ?? now
                noneOpenSince = since
                if Double(now - since) / 1e9 >= options.graceSeconds {
                    lock.unlock()
                    // A post that recorded its id while we held the lock started no listener.
                    if ids.entries().isEmpty || (try? lock.tryLock()) != true { return .noneOpen }
                    noneOpenSince = nil
                }
            } else {
                noneOpenSince = nil
            }
        }
    }

    func handle(_ signal: NotificationSignal, ids: DesktopNotificationIds) {
        switch signal {
        case .actionInvoked(let id, let key) where key == DesktopNotification.defaultActionKey:
            // Once: the notification has done its job (servers close it on activation), so a
            // second ActionInvoked for it finds nothing to open.
            guard let entry = try? ids.remove(where: { $0.id == id }).first else { return }
            open(entry)
        case .replied(let id, let text):
            guard let entry = ids.entry(id: id) else { return }
            reply(entry, text: text)
        case .closed(let id, _):
            // Gone from the screen: the chat's next message posts anew, and nothing is left to click.
            _ = try? ids.remove { $0.id == id }
        default:
            break
        }
    }

    /// The link main already opens chats by.
    static func link(_ entry: DesktopNotificationIds.Entry) -> String {
        "tg://localpeer?id=\(entry.peerId)&accountId=\(entry.accountId)"
    }

    /// main beside this executable (the package installs them together).
    func mainExecutable() -> String {
        let directory = DetachedProcess.currentExecutable().map(FileSystem.parentPath) ?? "."
        return environment["TELEGRAM_MAIN_EXECUTABLE"] ?? directory + "/main"
    }

    /// Running app: `main open LINK`, which hands the link over through the request channel and
    /// the app shows the chat. None: main in a terminal, `<terminal...> main run --open LINK`.
    func open(_ entry: DesktopNotificationIds.Entry) {
        let main = mainExecutable()
        let link = Self.link(entry)
        let container = ["--container", layout.containerPath]
        let arguments: [String]
        if FileLock.isLocked(path: layout.writerLockPath) {
            arguments = [main, "open", link] + container
        } else {
            arguments = DesktopNotificationSettings.read(layout, environment: environment).terminal + [main, "run", "--open", link] + container
        }
        do {
            try DetachedProcess.start(arguments, environment: environment)
            logger?.info("desktop notification opened", metadata: ["peer": "\(entry.peerId)", "command": "\(arguments[0])"])
        } catch {
            logger?.warning("desktop notification not opened", metadata: ["error": "\(error)"])
        }
    }

    /// The reply's request id: the notification's posting time, then a hash of what identifies the
    /// reply (account, chat, notification, text). The same signal twice: the same id.
    static func replyRequestId(_ entry: DesktopNotificationIds.Entry, text: String) -> String {
        let digest = Digest.sha256(Array("\(entry.accountId)\u{0}\(entry.peerId)\u{0}\(entry.id)\u{0}\(text)".utf8))
        let random = digest.prefix(8).reduce(UInt64(0)) { $0 << 8 | UInt64($1) }
        return RequestDirectories.newId(nowMilliseconds: entry.postedAt, random: random)
    }

    func reply(_ entry: DesktopNotificationIds.Entry, text: String) {
        guard !text.isEmpty, text.utf8.count <= ShareLimits.maximumTextBytes else {
            logger?.warning("desktop reply refused", metadata: ["bytes": "\(text.utf8.count)"])
            return
        }
        do {
            let submitter = try RequestSubmitter(layout: layout, deviceKey: deviceKey)
            let draft = try submitter.begin(id: Self.replyRequestId(entry, text: text))
            do {
                _ = try submitter.commit(draft, accountId: entry.accountId, origin: "notify-service",
                                         action: .sendMessage(peerId: entry.peerId, text: text, attachments: []))
            } catch {
                // Already pending under this id: the first of the two signals is the one main applies.
                submitter.abandon(draft)
                throw error
            }
            logger?.info("desktop reply handed to main", metadata: ["id": "\(draft.id)", "peer": "\(entry.peerId)"])
        } catch {
            logger?.warning("desktop reply not handed over", metadata: ["error": "\(error)"])
        }
    }
}
