import Formats
import Storage

/// Builds the timeline from what the widget found, without touching the disk: the lock, the
/// current account and the read of widget-data go in, the entry comes out.
///
/// Stale data is still shown, flagged: main rewrites widget-data only when what it shows changes,
/// so an old `updateTimestamp` means "nothing changed since", not "wrong". The flag (and its note)
/// tells a reader how old the picture is; an empty widget would hide chats that are still right.
struct TimelineBuilder {
    /// Data unchanged for longer than this is flagged stale.
    static let staleAfter: Int64 = 7 * 86_400
    /// Data dated further than this in the future is flagged too (the clock moved back).
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
        let chats = published.peers.prefix(family.chatCount).map {
            chat($0, accountId: currentAccountId, accountPeerId: published.accountPeerId)
        }
        let age = Int64(now) - Int64(published.updateTimestamp)
        let stale = age > Self.staleAfter || age < -Self.futureTolerance
        let note = !stale ? nil : age < 0
            ? "dated \(WidgetTime.age(-age)) in the future: the clock may have changed"
            : "not changed for \(WidgetTime.age(age)): open Telegram to refresh"
        return WidgetTimeline(state: .chats, family: family, accountId: String(currentAccountId),
                              accountPeerId: published.accountPeerId,
                              entries: [.init(date: now, updated: published.updateTimestamp, stale: stale, note: note, chats: Array(chats))])
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
        case .unreadable, .otherAccount: return "Open Telegram to refresh the widget"
        case .noChats: return strings.widgetEmptyString
        }
    }

    func chat(_ peer: WidgetDataPeer, accountId: Int64, accountPeerId: Int64) -> WidgetTimeline.Chat {
        let message = peer.message.map {
            WidgetTimeline.Message(author: WidgetChatText.author($0, peerId: peer.id), text: WidgetChatText.preview($0),
                                   content: $0.content, timestamp: $0.timestamp, time: WidgetTime.label($0.timestamp, now: now))
        }
        let badge = peer.badge.flatMap { $0.count > 0 ? WidgetTimeline.Badge(count: $0.count, muted: $0.isMuted) : nil }
        return WidgetTimeline.Chat(peerId: peer.id, kind: PeerId(peer.id).kindName,
                                   title: WidgetChatText.title(peer, accountPeerId: accountPeerId), letters: peer.letters,
                                   gradientIndex: AvatarGradientIndex.widget(accountPeerId: accountPeerId, peerId: peer.id),
                                   avatarPath: peer.avatarPath, savedMessages: peer.id == accountPeerId, badge: badge,
                                   message: message,
                                   link: WidgetLink.chat(scheme: scheme, peerId: peer.id, accountId: accountId, family: family))
    }
}
