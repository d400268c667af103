import Formats
import TelegramCore

/// Builds the timeline from what the widget found, without touching the disk: the lock, the
/// current account and the read of widget-data go in, the entry comes out.
///
/// Stale data is not shown: main confirms widget-data at least hourly (WidgetDataPublisher), so an
/// `updateTimestamp` a week old, or in the future, means data main has not vouched for in days;
/// the widget says to open the app instead of showing counts that may be long wrong.
struct TimelineBuilder {
    /// Data main has not confirmed for longer than this is stale.
    static let staleAfter: Int64 = 7 * 86_400
    /// Data dated further than this in the future is stale too (the clock moved back).
    static let futureTolerance: Int64 = 5 * 60

    var family: WidgetPicture.Family
    var now: Int32
    var scheme: String
    var strings: WidgetPresentationData

    /// The placeholder and nothing else: no account, no chats, no counts.
    func locked() -> WidgetTimeline {
        WidgetTimeline(state: .locked, family: family, entries: [.init(date: now, text: strings.widgetLockedString)])
    }

    func build(currentAccountId: Int64?, read: WidgetDataRead) -> WidgetTimeline {
        guard let currentAccountId else { return empty(.noAccount) }
        let data: WidgetData
        switch read {
        case .missing: return empty(.noData)
        case .unreadable(let reason): return empty(.unreadable, detail: reason)
        case .data(let found): data = found
        }
        guard data.accountId == currentAccountId else { return empty(.otherAccount) }
        guard case .peers(let published) = data.content, !published.peers.isEmpty else { return empty(.noChats) }
        let age = Int64(now) - Int64(published.updateTimestamp)
        if age > Self.staleAfter || age < -Self.futureTolerance {
            return empty(.stale, detail: age < 0
                ? "dated \(WidgetTime.age(-age)) in the future: the clock may have changed"
                : "not confirmed by the app for \(WidgetTime.age(age))")
        }
        let chats = published.peers.prefix(family.chatCount).map {
            chat($0, accountId: currentAccountId, accountPeerId: published.accountPeerId)
        }
        return WidgetTimeline(state: .chats, family: family, accountId: String(currentAccountId),
                              accountPeerId: published.accountPeerId,
                              entries: [.init(date: now, updated: published.updateTimestamp, chats: Array(chats))])
    }

    func empty(_ reason: WidgetTimeline.EmptyReason, detail: String? = nil) -> WidgetTimeline {
        WidgetTimeline(state: .empty, reason: reason, detail: detail, family: family,
                       entries: [.init(date: now, text: Self.emptyText(reason, strings: strings))])
    }

    /// The empty state's words: main's "No chats yet" when it published nothing, else what to do.
    static func emptyText(_ reason: WidgetTimeline.EmptyReason, strings: WidgetPresentationData) -> String {
        switch reason {
        case .noAccount: return "Log in to Telegram to see your chats here"
        case .noData: return "Open Telegram to show your chats here"
        case .unreadable, .otherAccount, .stale: return "Open Telegram to refresh the widget"
        case .noChats: return strings.widgetEmptyString
        }
    }

    func chat(_ peer: WidgetDataPeer, accountId: Int64, accountPeerId: Int64) -> WidgetTimeline.Chat {
        let message = peer.message.map {
            WidgetTimeline.Message(author: WidgetChatText.author($0, peerId: peer.id), text: WidgetChatText.preview($0),
                                   content: $0.content, timestamp: $0.timestamp, time: WidgetTime.label($0.timestamp, now: now))
        }
        let badge = peer.badge.flatMap { $0.count > 0 ? WidgetTimeline.Badge(count: $0.count, muted: $0.isMuted) : nil }
        return WidgetTimeline.Chat(peerId: peer.id, kind: EnginePeer.Id(peer.id).kindName,
                                   title: WidgetChatText.title(peer, accountPeerId: accountPeerId), letters: peer.letters,
                                   gradientIndex: AvatarGradientIndex.widget(accountPeerId: accountPeerId, peerId: peer.id),
                                   avatarPath: peer.avatarPath, savedMessages: peer.id == accountPeerId, badge: badge,
                                   message: message,
                                   link: WidgetLink.chat(scheme: scheme, peerId: peer.id, accountId: accountId, family: family))
    }
}
