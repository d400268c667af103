/// One message of an export, as export_output_json.cpp's SerializeMessage writes it, every field
/// it has read into its place.
public struct ExportMessage: Sendable {
    /// Telegram's id; negative for a group's history from before it became a supergroup
    /// (kMigratedMessagesIdShift, −1,000,000,000, in export_data_types.cpp).
    public var id: Int32
    public var date: Int32
    /// The date came from `date` alone (exports before June 2022), read in the import's zone.
    public var dateIsLocal = false
    public var edited: Int32?
    public var isService: Bool
    /// `from_id` for a message, `actor_id` for a service message.
    public var fromId: ExportPeerRef?
    /// `from` / `actor`: the name the export shows.
    public var fromName: String?
    public var text: String
    public var entities: [ExportTextEntity]
    public var reply: ExportReply?
    public var forward: ExportForward?
    public var viaBot: String?
    /// `author`: a channel post's signature.
    public var signature: String?
    public var media: ExportMedia?
    public var attachment: ExportAttachment?
    public var reactions: [ExportReaction] = []
    public var buttons: [[ExportButton]] = []
    /// A service message's `action` (nil for `information_text` ones).
    public var action: String?
    /// The service action's data, under the export's keys, in the order written: `message_id`,
    /// `duration_seconds`, `discard_reason`, `members`, `title`, ...
    public var actionFields: [(key: String, value: JSONValue)] = []
    /// The byte offset of the message's object in result.json.
    public var offset: Int

    public func actionText(_ key: String) -> String? {
        switch actionFields.first(where: { $0.key == key })?.value {
        case .string(let s)?: return s
        case .integer(let v)?: return String(v)
        case .array(let items)?:
            return items.map { if case .string(let s) = $0 { return s } else { return "someone" } }.joined(separator: ", ")
        default: return nil
        }
    }
}

public struct ExportReply: Sendable, Equatable {
    public var id: Int32
    /// `reply_to_peer_id`: the replied message is in another chat.
    public var peer: ExportPeerRef?
}

public struct ExportForward: Sendable, Equatable {
    /// `forwarded_from`: nil when the export wrote null (a sender who hides their account).
    public var name: String?
    public var fromId: ExportPeerRef?
    public var savedFrom: String?
}

/// A message's photo or document.
public struct ExportMedia: Sendable, Equatable {
    /// `media_type`, or `photo` for a photo, `file` for a document without one.
    public var type: String
    public var file: ExportFileRef?
    public var fileName: String?
    public var fileSize: Int64?
    public var mimeType: String?
    public var thumbnail: ExportFileRef?
    public var duration: Int32?
    public var width: Int32?
    public var height: Int32?
    public var performer: String?
    public var title: String?
    public var stickerEmoji: String?
    public var hasSpoiler = false
    public var selfDestructSeconds: Int32?
}

/// What a message carries that is not a file.
public enum ExportAttachment: Sendable, Equatable {
    public struct PollAnswer: Sendable, Equatable {
        public var text: String
        public var voters: Int32
        public var chosen: Bool
    }

    public struct TodoItem: Sendable, Equatable {
        public var id: Int32
        public var text: String
    }

    case poll(question: String, answers: [PollAnswer], totalVoters: Int32, closed: Bool)
    case todo(title: String, items: [TodoItem], othersCanAppend: Bool, othersCanComplete: Bool)
    case contact(firstName: String, lastName: String, phone: String, vcard: ExportFileRef?)
    case location(latitude: Double?, longitude: Double?, title: String?, address: String?, livePeriod: Int32?)
    case game(title: String, description: String, link: String?)
    case invoice(title: String, description: String, amount: Int64, currency: String)
}

public struct ExportReaction: Sendable, Equatable {
    /// `emoji`, `custom_emoji` or `paid`.
    public var type: String
    public var emoji: String?
    public var documentId: String?
    public var count: Int32
}

public struct ExportButton: Sendable, Equatable {
    public var type: String
    public var text: String
    public var data: String?
}

/// A formatted piece of a message's text (`text_entities`' non-plain parts), in UTF-16 units of
/// the plain text as Telegram counts entity offsets.
public struct ExportTextEntity: Sendable, Equatable {
    /// tdesktop's names: mention, hashtag, bot_command, link, email, bold, italic, code, pre,
    /// text_link, mention_name, phone, cashtag, underline, strikethrough, blockquote, bank_card,
    /// spoiler, custom_emoji, unknown.
    public var type: String
    public var offset: Int
    public var length: Int
    /// href (text_link), user_id (mention_name), language (pre), document_id (custom_emoji),
    /// "collapsed" (a collapsed blockquote).
    public var value: String?
}
