import MTProtoKit

/// A server's refusal of a message in words a person reads, the server's code kept after them
/// (what a bug report needs); and which refusals say the account's rights in the chat changed,
/// so the chat is asked for again and the composer learns it.
enum SendRefusal {
    private static let words: [String: String] = [
        "CHAT_WRITE_FORBIDDEN": "you cannot write in this chat",
        "CHAT_ADMIN_REQUIRED": "only the chat's admins can do this",
        "USER_BANNED_IN_CHANNEL": "you are banned from sending messages here",
        "CHANNEL_PRIVATE": "the channel is private, or you were removed from it",
        "CHAT_RESTRICTED": "this chat is restricted",
        "CHAT_SEND_PLAIN_FORBIDDEN": "text messages are not allowed in this chat",
        "CHAT_SEND_MEDIA_FORBIDDEN": "files are not allowed in this chat",
        "CHAT_SEND_PHOTOS_FORBIDDEN": "photos are not allowed in this chat",
        "CHAT_SEND_DOCS_FORBIDDEN": "files are not allowed in this chat",
        "USER_IS_BLOCKED": "this person cannot receive your messages (blocked)",
        "YOU_BLOCKED_USER": "you blocked this person: unblock them first",
        "PEER_ID_INVALID": "the server does not know this chat",
        "INPUT_USER_DEACTIVATED": "this account was deleted",
        "USER_DEACTIVATED": "this account was deleted",
        "MESSAGE_TOO_LONG": "the message is too long",
        "MESSAGE_EMPTY": "the message is empty",
        "ENTITY_BOUNDS_INVALID": "the message's formatting is not valid",
        "MEDIA_CAPTION_TOO_LONG": "the caption is too long",
        "FILE_PARTS_INVALID": "the file's parts do not add up",
    ]

    /// Refusals that mean the account's rights in the chat are not what the Postbox says.
    private static let aboutRights: Set<String> = [
        "CHAT_WRITE_FORBIDDEN", "CHAT_ADMIN_REQUIRED", "USER_BANNED_IN_CHANNEL", "CHANNEL_PRIVATE", "CHAT_RESTRICTED",
        "CHAT_SEND_PLAIN_FORBIDDEN", "CHAT_SEND_MEDIA_FORBIDDEN", "CHAT_SEND_PHOTOS_FORBIDDEN", "CHAT_SEND_DOCS_FORBIDDEN",
    ]

    /// "you cannot write in this chat (CHAT_WRITE_FORBIDDEN)"; an error it has no words for, as the server said it.
    static func text(_ error: RPCError) -> String {
        words[error.message].map { "\($0) (\(error.message))" } ?? error.message
    }

    static func isAboutRights(_ error: RPCError) -> Bool { aboutRights.contains(error.message) }
}
