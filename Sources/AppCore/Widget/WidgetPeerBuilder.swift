import Container
import Formats
import TelegramCore

/// One chat as the widget shows it: names, letters, the photo's path, the unread badge and the
/// last message with its author and content kind (Telegram's WidgetDataPeer).
struct WidgetPeerBuilder {
    let mediaBox: EngineMediaBox

    func peer(_ chat: EngineChatSummary) -> WidgetDataPeer {
        let peer = chat.peer
        let badge = chat.unreadCount > 0 ? WidgetDataPeer.Badge(count: Int(chat.unreadCount), isMuted: chat.isMuted) : nil
        let photo = peer.photoResourceId.map { mediaBox.resourcePath($0) }.flatMap { FileSystem.isRegularFile($0) ? $0 : nil }
        let isGroup = !peer.title.isEmpty
        return WidgetDataPeer(id: peer.id.toInt64(), name: isGroup ? peer.title : peer.firstName,
                              lastName: isGroup || peer.lastName.isEmpty ? nil : peer.lastName,
                              letters: peer.displayLetters, avatarPath: photo, badge: badge, message: lastMessage(chat))
    }

    private func lastMessage(_ chat: EngineChatSummary) -> WidgetDataPeer.Message? {
        guard let message = chat.lastMessage else { return nil }
        let author: WidgetDataPeer.Message.Author?
        if chat.peer.rights.contains(.broadcast) {
            // A channel's posts are the channel's, shown without an author, as in Telegram.
            author = nil
        } else if !message.isIncoming {
            author = .init(isMe: true, title: "")
        } else if let authorPeer = chat.lastMessageAuthor {
            author = .init(isMe: false, title: authorPeer.displayTitle)
        } else {
            author = nil
        }
        // Telegram's summary ("🖼 Photo", "📊 Poll: Lunch?"), so media without a caption still says what it is.
        return WidgetDataPeer.Message(author: author, text: message.summaryText, content: message.contentKind.name,
                                      timestamp: message.index.timestamp)
    }
}
