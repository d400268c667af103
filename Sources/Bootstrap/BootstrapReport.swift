import Formats
import TelegramCore

/// What `<extension> bootstrap` found, for people and (with --json) for programs.
public struct BootstrapReport: Codable, Sendable {
    public struct Account: Codable, Sendable {
        public let id: String
        public let peerId: Int64
    }

    public let processType: String
    public let bundleId: String
    public let appGroup: String
    public let rootPath: String
    public let accounts: [Account]
    public let currentAccountId: String?
    public let postboxReadOnly: Bool
    public let peerCount: Int64
    public let messageCount: Int64
    public let locked: Bool
    public let lockSummary: String
    /// The account's network at rest; null without an account.
    public let network: AccountNetworkState?
    public let steps: [StepTiming]
    public let totalMilliseconds: Double

    public init(_ b: ExtensionBootstrap) {
        processType = b.container.identity.processType
        bundleId = b.container.bundleId
        appGroup = b.container.appGroup
        rootPath = b.layout.rootPath
        accounts = b.accountManager.state.activeRecords.map { Account(id: String($0.id), peerId: $0.backupData?.peerId ?? 0) }
        currentAccountId = b.currentRecord.map { String($0.id) }
        postboxReadOnly = b.postbox?.isReadOnly ?? false
        peerCount = b.counters.peerCount
        messageCount = b.counters.messageCount
        locked = b.lockStatus.isLocked()
        lockSummary = b.lockStatus.summary
        network = b.networkState
        steps = b.timer.steps
        totalMilliseconds = b.timer.totalMilliseconds
    }

    /// Absent values are written as null, not left out, so readers find every key.
    public func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(processType, forKey: .processType)
        try c.encode(bundleId, forKey: .bundleId)
        try c.encode(appGroup, forKey: .appGroup)
        try c.encode(rootPath, forKey: .rootPath)
        try c.encode(accounts, forKey: .accounts)
        try c.encode(currentAccountId, forKey: .currentAccountId)
        try c.encode(postboxReadOnly, forKey: .postboxReadOnly)
        try c.encode(peerCount, forKey: .peerCount)
        try c.encode(messageCount, forKey: .messageCount)
        try c.encode(locked, forKey: .locked)
        try c.encode(lockSummary, forKey: .lockSummary)
        try c.encode(network, forKey: .network)
        try c.encode(steps, forKey: .steps)
        try c.encode(totalMilliseconds, forKey: .totalMilliseconds)
    }

    public var lines: [String] {
        var lines = [
            "\(processType) (\(bundleId)) in \(appGroup)",
            "  root:      \(rootPath)",
            "  accounts:  \(accounts.count), current \(currentAccountId ?? "none")",
            "  postbox:   \(currentAccountId == nil ? "not opened (no account)" : postboxReadOnly ? "opened read-only" : "opened")",
            "  store:     \(peerCount) peers, \(messageCount) messages",
            "  lock:      \(lockSummary)",
            "  network:   \(network?.summary ?? "no account")",
            "  bootstrap: \(formatMilliseconds(totalMilliseconds))",
        ]
        for step in steps { lines.append("    \(step.name): \(formatMilliseconds(step.milliseconds))") }
        return lines
    }
}

/// Start-up steps in milliseconds, as every report says them (Formats.DurationText).
public func formatMilliseconds(_ ms: Double) -> String { DurationText.text(milliseconds: ms) }
