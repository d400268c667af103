import Container
import Formats
import TelegramCore

/// The words a widget row shows for a chat, from widget-data alone.
public enum WidgetChatText {
    public static let savedMessages = "Saved Messages"
    static let you = "You"

    /// "First Last" for a user, the title for a group; the account's own chat is Saved Messages.
    static func title(_ peer: WidgetDataPeer, accountPeerId: Int64) -> String {
        if peer.id == accountPeerId { return savedMessages }
        guard let lastName = peer.lastName, !lastName.isEmpty else { return peer.name }
        return peer.name.isEmpty ? lastName : peer.name + " " + lastName
    }

    /// The author line: in groups and channels only (a private chat's author is obvious), "You"
    /// for the account's own messages.
    static func author(_ message: WidgetDataPeer.Message, peerId: Int64) -> String? {
        guard let author = message.author, EnginePeer.Id(peerId).namespace != .cloudUser, EnginePeer.Id(peerId).namespace != .secretChat else { return nil }
        return author.isMe ? you : author.title
    }

    /// The message's text, or what it is when it has none (a photo without a caption).
    static func preview(_ message: WidgetDataPeer.Message) -> String {
        let text = message.text.trimmingWhitespace()
        return text.isEmpty ? contentLabel(message.content) : text
    }

    /// Telegram's widget content kinds in words.
    static func contentLabel(_ content: String) -> String {
        switch content {
        case "image": return "Photo"
        case "video": return "Video"
        case "file": return "File"
        case "gif": return "GIF"
        case "music": return "Music"
        case "voiceMessage": return "Voice Message"
        case "videoMessage": return "Video Message"
        case "sticker": return "Sticker"
        case "call": return "Call"
        case "mapLocation": return "Location"
        case "game": return "Game"
        case "poll": return "Poll"
        case "autodeleteTimer": return "Auto-Delete Timer"
        default: return ""
        }
    }
}
