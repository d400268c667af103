import Container
import Formats
import FoundationEssentials
import TelegramCore

/// main's side of the widget (Telegram's WidgetDataContext): what the widget shows — the chats the
/// user chose with `widget configure --select`, else the top of the chat list — written to the
/// sealed `widget-data` and `widgetPresentationData.json` whenever it changed. A one-shot writer
/// command publishes once at its end; `main run` checks once a second, which coalesces bursts.
public final class WidgetDataPublisher {
    /// Peers published: enough for the large family.
    static let peerCount = 8

    let shared: SharedAccountContext
    private let file: WidgetDataFile
    /// What was last written, without its timestamp: unchanged data is not rewritten...
    private var lastContent: WidgetData?
    /// ...unless it was last confirmed this long ago: the widget treats data a week old as stale.
    static let confirmEvery: Int32 = 3600
    private var lastTimestamp: Int32 = 0

    public init(shared: SharedAccountContext) {
        self.shared = shared
        file = WidgetDataFile(layout: shared.layout, deviceKey: shared.deviceKey)
    }

    /// Writes widget-data if what the widget shows changed; true when it wrote.
    @discardableResult
    public func publish(current: Account?, now: Int32 = Int32(clamping: Clock.unixTime())) throws -> Bool {
        try publishPresentationData()
        let data = try compute(current: current, now: now)
        if lastContent == nil, let existing = (try? file.read()).flatMap({ $0 }) {
            lastContent = Self.withoutTimestamp(existing)
            lastTimestamp = Self.timestamp(existing)
        }
        guard Self.withoutTimestamp(data) != lastContent || now - lastTimestamp >= Self.confirmEvery else { return false }
        try file.write(data)
        lastContent = Self.withoutTimestamp(data)
        lastTimestamp = now
        return true
    }

    private func compute(current: Account?, now: Int32) throws -> WidgetData {
        guard shared.accountManager.state.currentRecord != nil else { return WidgetData(accountId: 0, content: .empty) }
        let account = try shared.accountContext(nil, current: current)
        let chosen = (try? JSONFile.read(WidgetConfiguration.self, from: shared.layout.widgetConfigurationPath, limit: 64 * 1024))
            .flatMap { $0.accountId == account.record.id ? $0.peerIds : nil }
        let engine = account.engine
        let (accountPeerId, chats) = try engine.chatList.widgetChats(chosen: chosen.map { $0.map(EnginePeer.Id.init) },
                                                                     limit: Self.peerCount, now: now)
        let builder = WidgetPeerBuilder(mediaBox: engine.mediaBox)
        guard !chats.isEmpty, let accountPeerId else { return WidgetData(accountId: account.record.id, content: .empty) }
        return WidgetData(accountId: account.record.id,
                          content: .peers(WidgetDataPeers(accountPeerId: accountPeerId.toInt64(), peers: chats.map(builder.peer), updateTimestamp: now)))
    }

    private func publishPresentationData() throws {
        let published = WidgetPresentationData(strings: shared.presentationData.strings)
        if (try? JSONFile.read(WidgetPresentationData.self, from: shared.layout.widgetPresentationDataPath, limit: 64 * 1024)) != published {
            try JSONFile.write(published, to: shared.layout.widgetPresentationDataPath)
        }
    }

    static func timestamp(_ data: WidgetData) -> Int32 {
        if case .peers(let peers) = data.content { return peers.updateTimestamp }
        return 0
    }

    static func withoutTimestamp(_ data: WidgetData) -> WidgetData {
        var copy = data
        if case .peers(var peers) = copy.content {
            peers.updateTimestamp = 0
            copy.content = .peers(peers)
        }
        return copy
    }
}

extension LaunchedApp {
    /// What the widget shows may have changed (a message, a read mark, a pin, a switch, a lock):
    /// published again; a failure is logged, never the caller's.
    public func publishWidgetData(publisher: WidgetDataPublisher? = nil) {
        do {
            try (publisher ?? WidgetDataPublisher(shared: shared)).publish(current: account)
        } catch {
            logger.warning("widget data not published", metadata: ["error": "\(error)"])
        }
    }
}
