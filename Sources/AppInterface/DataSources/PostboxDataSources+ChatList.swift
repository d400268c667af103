import Storage
import TelegramUI

extension PostboxDataSources: ChatListDataSource {
    /// The top of the chat list and the unread totals in one transaction. The account's own chat
    /// is Saved Messages, as in Telegram's list (and the widget's).
    func chatList(limit: Int, now: Int32, unreadIncludingMuted: Bool) throws -> ChatListPage {
        try postbox.read { t in
            let accountPeerId = try t.accountPeerId()
            let items = try t.topChatListEntries(count: limit).map { entry in
                let isSavedMessages = entry.peerId == accountPeerId
                let message = try t.message(entry.topMessageIndex)
                let text = message.map { MessagePreview.firstLine(MessageSummary.text(of: $0)) } ?? ""
                let preview = try message.map { try MessagePreview.withSender(text, of: $0, in: t) } ?? text
                var item = ChatListItem(peerId: entry.peerId.chatId,
                                        title: isSavedMessages ? Self.savedMessagesTitle : entry.peer?.displayTitle ?? "",
                                        isPinned: entry.pinningIndex != nil,
                                        isMuted: try t.isMuted(entry.peerId, at: now),
                                        isSecret: entry.peerId.namespace == .secretChat,
                                        unreadCount: entry.readState?.unreadCount ?? 0, preview: preview,
                                        timestamp: entry.topMessageIndex.timestamp,
                                        letters: isSavedMessages ? ["S", "M"] : entry.peer?.displayLetters ?? [],
                                        photoResourceId: isSavedMessages ? nil : entry.peer?.photoResourceId)
                item.topMessage = message?.index.chatIndex
                item.topMessageIsIncoming = message?.isIncoming ?? false
                item.topMessageText = text
                item.draft = try t.draft(entry.peerId).flatMap { $0.text.isEmpty ? nil : MessagePreview.firstLine($0.text) }
                return item
            }
            return ChatListPage(items: items, unreadChats: try t.unreadTotals(includeMuted: unreadIncludingMuted, now: now).chats)
        }
    }
}
