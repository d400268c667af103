/// The forms Telegram Desktop has written ids in, so an export of any year names the same peers
/// (telegramdesktop/tdesktop, Telegram/SourceFiles/export/):
///
/// - b5a65a4519 (2018-06, the first JSON writer): no ids at all — no chat `id`, no `from_id`.
/// - 87d4d46ce7 (2018-12, "Add IDs to JSON exports"): a chat's `id` is the writer's own PeerId,
///   `UserPeerId(id) = 1 << 32 | id` for one-to-one chats and `ChatPeerId(id) = 2 << 32 | id` for
///   groups and, through ParsePeerId, channels too (export_data_types.cpp's kUserPeerIdShift and
///   kChatPeerIdShift); `from_id` is the bare user id as a number.
/// - cc28ba4284 (2020-10, layer 120): `from_id`, `actor_id` and `reply_to_peer_id` become PeerIds
///   too, still numbers: `"actor_id": 10002534295` is 2 << 32 | 1412599703, a channel.
/// - 4625e7613b (2021-04, "Use data_peer_id in export"): `"user123"`, `"chat123"`,
///   `"channel123"` strings, and a chat's `id` is the bare id (PeerToBareId).
///
/// So a one-to-one chat from before April 2021 carries 4294967296 more than its user's id; read
/// as written it would land apart from the same chat in a newer export.
public enum ExportIdStyle: Sendable {
    /// Nothing seen yet says which.
    case unknown
    /// Numbers: the writer before April 2021.
    case numeric
    /// `user123`: the writer from April 2021 on (or any export with `date_unixtime`, from 2022).
    case prefixed
}

enum ExportLegacyIds {
    static let userShift: Int64 = 1 << 32
    static let chatShift: Int64 = 2 << 32

    /// A numeric `from_id`/`actor_id`/`reply_to_peer_id`: a bare user id (before October 2020)
    /// or a shifted PeerId (after). A shifted chat-or-channel as a sender is a channel (a basic
    /// group never sends as itself), unless it is the chat the message is in. 0 means none.
    static func peer(numeric value: Int64, chat: ExportChat?) -> ExportPeerRef? {
        guard value > 0 else { return nil }
        switch value >> 32 {
        case 0: return ExportPeerRef(kind: .user, id: value)
        case 1: return ExportPeerRef(kind: .user, id: value & 0xffff_ffff)
        case 2:
            let bare = value & 0xffff_ffff
            if let chat, chat.kind == .privateGroup, chat.id == bare { return ExportPeerRef(kind: .chat, id: bare) }
            return ExportPeerRef(kind: .channel, id: bare)
        default:
            // Past the shifted ranges: a bare id of a newer, wider kind; the namespace is unknown,
            // so a user, as most senders are.
            return ExportPeerRef.idRange.contains(value) ? ExportPeerRef(kind: .user, id: value) : nil
        }
    }

    /// A chat's bare id from the `id` the export wrote. In the numeric era it is shifted; a
    /// group's or channel's shifted id cannot be a bare one (Telegram's group and channel ids are
    /// below 2^32), a user's can (newer accounts' ids pass 2^32), so the style decides those,
    /// and, not knowing it, a chat without `date_unixtime` or string ids is taken as numeric.
    static func chatId(_ raw: Int64, kind: ExportChat.Kind, style: ExportIdStyle) -> Int64 {
        switch kind.peerKind {
        case .user:
            guard raw >> 32 == 1, style != .prefixed else { return raw }
            return raw & 0xffff_ffff
        case .chat, .channel:
            return raw >> 32 == 2 ? raw & 0xffff_ffff : raw
        }
    }

    /// An id for a chat the export wrote none for (before December 2018): the same for the same
    /// type and name in every import, above the ids Telegram gives today (2^48 and up) so it meets
    /// no real peer.
    static func syntheticChatId(kind: ExportChat.Kind, name: String?) -> Int64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in kind.rawValue.utf8 + [0] + (name ?? "").utf8 {
            hash ^= UInt64(byte)
            hash = hash &* 0x100_0000_01b3
        }
        return Int64(1 << 48) + Int64(hash % UInt64((1 << 52) - (1 << 48)))
    }
}
