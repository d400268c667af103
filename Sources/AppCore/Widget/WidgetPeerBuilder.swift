import Container
import Formats
import Storage

/// One chat as the widget shows it: names, letters, the photo's path, the unread badge and the
/// last message with its author and content kind (Telegram's WidgetDataPeer).
struct WidgetPeerBuilder {
    let mediaBox: MediaBox
    let now: Int32

    func peer(_ peer: Peer, in t: PostboxTransaction) throws -> WidgetDataPeer {
        let state = try t.readState(peer.id)
        let muted = try t.isMuted(peer.id, at: now)
        let badge = (state?.unreadCount ?? 0) > 0 ? WidgetDataPeer.Badge(count: Int(state!.unreadCount), isMuted: muted) : nil
        let photo = peer.photoResourceId.map { mediaBox.resourcePath($0) }.flatMap { FileSystem.isRegularFile($0) ? $0 : nil }
        let isGroup = !peer.title.isEmpty
        return WidgetDataPeer(id: peer.id.toInt64(), name: isGroup ? peer.title : peer.firstName,
                              lastName: isGroup || peer.lastName.isEmpty ? nil : peer.lastName,
                              letters: peer.displayLetters, avatarPath: photo, badge: badge,
                              message: try lastMessage(peer, in: t))
    }

    private func lastMessage(_ peer: Peer, in t: PostboxTransaction) throws -> WidgetDataPeer.Message? {
        guard let message = try t.latestMessages(peer.id, limit: 1).first else { return nil }
        let author: WidgetDataPeer.Message.Author?
        if !message.isIncoming {
            author = .init(isMe: true, title: "")
        } else if let authorId = message.authorId, authorId != peer.id, let authorPeer = try t.peer(authorId) {
            author = .init(isMe: false, title: authorPeer.displayTitle)
        } else {
            author = nil
        }
        // Telegram's summary ("🖼 Photo", "📊 Poll: Lunch?"), so media without a caption still says what it is.
        return WidgetDataPeer.Message(author: author, text: MessageSummary.text(of: message), content: message.contentKind.name,
                                      timestamp: message.index.timestamp)
    }
}
