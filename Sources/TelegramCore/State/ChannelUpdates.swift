import Storage
import TelegramApi

/// Channels' and supergroups' updates (core.telegram.org/api/updates): each channel numbers its
/// own, apart from the account's pts, so each is applied when its pts follows that channel's
/// stored pts (`PostboxTransaction.channelPts`), as Telegram's AccountStateManager keeps a
/// ChannelState per channel. What does not follow (a gap, a channel never synced) is left to
/// updates.getChannelDifference for that channel.
enum ChannelUpdates {
    /// The channel an update is about, with its pts and pts_count when it is a step of the
    /// channel's sequence; nil for updates of no channel.
    static func channel(of update: Api.Update) -> (channel: PeerId, pts: Int32?, count: Int32)? {
        func peer(_ id: Int64) -> PeerId { PeerId(namespace: .cloudChannel, id: id) }
        switch update {
        case .updateNewChannelMessage(let message, let pts, let count), .updateEditChannelMessage(let message, let pts, let count):
            guard case .peerChannel(let id)? = ServerObjects.messagePeer(message) else { return nil }
            return (peer(id), pts, count)
        case .updateDeleteChannelMessages(let id, _, let pts, let count), .updatePinnedChannelMessages(_, let id, _, let pts, let count):
            return (peer(id), pts, count)
        case .updateReadChannelInbox(_, let id, _, _, _), .updateReadChannelOutbox(let id, _), .updateChannelTooLong(let id, _),
             .updateChannel(let id), .updateChannelMessageViews(let id, _, _):
            return (peer(id), nil, 0)
        default:
            return nil
        }
    }

    /// Of pushed `updates`, those to apply now: the account's (their pts checked apart) and each
    /// channel's that follow its stored pts, with the pts each channel reaches. nil when one
    /// does not follow, or names a channel never synced: its channel is added to `behind` and
    /// the push is left to a catch-up.
    static func following(_ updates: [Api.Update], in t: PostboxTransaction,
                          behind: inout Set<PeerId>) throws -> (updates: [Api.Update], states: [PeerId: Int32])? {
        var states: [PeerId: Int32] = [:]
        var taken: [Api.Update] = []
        for update in updates {
            guard let (channel, pts, count) = channel(of: update) else {
                taken.append(update)
                continue
            }
            if case .updateChannelTooLong = update {
                behind.insert(channel)
                return nil
            }
            guard let pts else {
                taken.append(update)
                continue
            }
            let stored: Int32
            if let known = states[channel] {
                stored = known
            } else if let known = try t.channelPts(channel) {
                stored = known
            } else {
                behind.insert(channel)
                return nil
            }
            switch PtsOrder(stored: stored, pts: pts, count: count) {
            case .applied: continue
            case .gap:
                behind.insert(channel)
                return nil
            case .follows: states[channel] = pts
            }
            taken.append(update)
        }
        return (taken, states)
    }

    /// A channel as requests name it, with the access hash the server gave.
    static func input(_ channel: PeerId, in t: PostboxTransaction) throws -> Api.InputChannel? {
        guard channel.namespace == .cloudChannel, let hash = try t.accessHash(channel) else { return nil }
        return .inputChannel(channelId: channel.id, accessHash: hash)
    }
}
