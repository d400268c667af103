import AppCore
import ArgumentParser
import Bootstrap
import CommandLineSupport
import Container
import Formats
import ScreencastCall
import TelegramCore

/// What `main status` reports: the launch, the state, the root, the accounts, the lock and the store.
struct StatusReport: Codable {
    struct Launch: Codable {
        let phases: [StepTiming]
        /// The two launch stages, each with its phases' names and their summed time.
        let stages: [Stage]
        let totalMilliseconds: Double
        let buildConfiguration: String
    }
    struct Stage: Codable {
        let name: String
        let phases: [String]
        let milliseconds: Double
    }
    struct Lock: Codable {
        let locked: Bool
        let summary: String
        let passcodeSet: Bool
    }
    struct RunningApp: Codable {
        let pid: Int32?
        /// Stopped (Ctrl-Z, SIGSTOP): it holds the writer lock and applies nothing until resumed.
        let stopped: Bool
    }

    let launch: Launch
    let state: String
    let rootTabs: [String]
    let selectedTab: String?
    let chatList: ChatListSummary?
    let currentAccountId: String?
    let accounts: [AccountsListing.Entry]
    let lock: Lock
    let store: EngineStoreCounters?
    let runningApp: RunningApp?
    /// The latest call's statistics (call-stats.json), null when no call has run.
    let call: CallStatusSection?
    /// Why call-stats.json could not be read, when it could not.
    let callError: String?

    init(_ app: LaunchedApp) throws {
        launch = Launch(phases: app.phases,
                        stages: app.stages.map { Stage(name: $0.name, phases: $0.phases, milliseconds: app.milliseconds(ofStage: $0.name)) },
                        totalMilliseconds: app.totalMilliseconds,
                        buildConfiguration: app.configurationSource ?? "defaults (no build-input/configuration.json)")
        state = app.context.stateName
        switch app.context {
        case .authorized(let authorized):
            rootTabs = authorized.root.tabs.map(\.rawValue)
            selectedTab = authorized.root.selectedTab.rawValue
            chatList = authorized.root.chatList
            store = try authorized.context.engine.account.counters()
        case .unauthorized(let unauthorized):
            rootTabs = [unauthorized.rootController]
            selectedTab = nil
            chatList = nil
            store = nil
        }
        let listing = AccountsListing(app.shared.accountManager)
        currentAccountId = listing.currentAccountId
        accounts = listing.accounts
        let reader = app.shared.accountManager.lockReader(app.layout)
        let status = reader.read()
        lock = Lock(locked: status.isLocked(), summary: status.summary, passcodeSet: reader.passcodeSet)
        let lockPath = app.layout.writerLockPath
        runningApp = FileLock.isLocked(path: lockPath) ? RunningApp(WriterLockHeld.probe(lockPath)) : nil
        switch CallStatisticsLookup.read(layout: app.layout) {
        case .none: (call, callError) = (nil, nil)
        case .unreadable(let reason): (call, callError) = (nil, reason)
        case .report(let report): (call, callError) = (CallStatusSection(report), nil)
        }
    }

    /// Absent values are written as null, not left out.
    func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(launch, forKey: .launch)
        try c.encode(state, forKey: .state)
        try c.encode(rootTabs, forKey: .rootTabs)
        try c.encode(selectedTab, forKey: .selectedTab)
        try c.encode(chatList, forKey: .chatList)
        try c.encode(currentAccountId, forKey: .currentAccountId)
        try c.encode(accounts, forKey: .accounts)
        try c.encode(lock, forKey: .lock)
        try c.encode(store, forKey: .store)
        try c.encode(runningApp, forKey: .runningApp)
        try c.encode(call, forKey: .call)
        try c.encode(callError, forKey: .callError)
    }

    var lines: [String] {
        var lines = ["state: \(state)", "root: \(rootTabs.joined(separator: " | "))\(selectedTab.map { " (selected: \($0))" } ?? "")"]
        if let chatList { lines.append("chat list: \(chatList.loadedEntries) entries loaded, \(chatList.pinnedEntries) pinned") }
        lines.append("accounts: \(accounts.count), current \(currentAccountId ?? "none")")
        lines.append("lock: \(lock.summary)\(lock.passcodeSet ? ", passcode set" : "")")
        if let store {
            lines.append("store: \(store.peerCount) peers, \(store.messageCount) messages, \(store.totalUnreadMessages) unread in \(store.totalUnreadChats) chats")
        }
        lines.append("running app: \(runningApp.map(\.line) ?? "none")")
        lines.append(call.map(\.line) ?? callError.map { "call: statistics unreadable (\($0))" } ?? "call: none")
        lines.append("launch: \(formatMilliseconds(launch.totalMilliseconds)) (\(launch.buildConfiguration))")
        for stage in launch.stages {
            lines.append("  \(stage.name): \(formatMilliseconds(stage.milliseconds))")
            for phase in launch.phases where stage.phases.contains(phase.name) {
                lines.append("    \(phase.name): \(formatMilliseconds(phase.milliseconds))")
            }
        }
        return lines
    }
}

extension StatusReport.RunningApp {
    init(_ holder: WriterLockHeld) {
        self.init(pid: holder.pid, stopped: holder.holderStopped)
    }

    var line: String {
        let pid = self.pid.map(String.init) ?? "?"
        return stopped ? "pid \(pid), stopped: it applies nothing until resumed (`kill -CONT \(pid)`)" : "pid \(pid)"
    }
}

struct StatusCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "status",
        abstract: "Launch read-only and report phases, state, root tabs, accounts, lock, store and call.",
        discussion: """
        Takes no lock and changes no database, so it works while `main run` runs. `call` is the \
        latest group call's statistics as `main call stats --json` prints them (null when no call \
        has run; `callError` says why they could not be read).
        """)

    @OptionGroup var options: ContainerOptions
    @Flag(help: "Print JSON.") var json = false

    func run() throws {
        let report = try withReadingApp(options) { try StatusReport($0) }
        json ? printJSON(try JSONFile.text(report)) : printLines(report.lines)
    }
}
