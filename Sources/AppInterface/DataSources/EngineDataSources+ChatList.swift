import TelegramCore
import TelegramUI

extension EngineDataSources: ChatListDataSource {
    /// The top of the chat list and the unread totals in one transaction. The account's own chat
    /// is Saved Messages, as in Telegram's list (and the widget's).
    func chatList(limit: Int, now: Int32, unreadIncludingMuted: Bool) throws -> ChatListPage {
        let list = try engine.chatList.top(limit: limit, now: now, unreadIncludingMuted: unreadIncludingMuted)
        let items = list.entries.map { entry in
            let isSavedMessages = entry.peerId == list.accountPeerId
            let message = entry.topMessage
            let text = message.map { MessagePreview.firstLine($0.summaryText) } ?? ""
            let preview = message.map { MessagePreview.withSender(text, of: $0, author: entry.topMessageAuthor, in: entry.peer) } ?? text
            var item = ChatListItem(peerId: entry.peerId.chatId,
                                    title: isSavedMessages ? Self.savedMessagesTitle : entry.peer?.displayTitle ?? "",
                                    isPinned: entry.isPinned, isMuted: entry.isMuted,
                                    isSecret: entry.peerId.namespace == .secretChat,
                                    unreadCount: entry.unreadCount, preview: preview,
                                    timestamp: entry.topMessageIndex.timestamp,
                                    letters: isSavedMessages ? ["S", "M"] : entry.peer?.displayLetters ?? [],
                                    photoResourceId: isSavedMessages ? nil : entry.peer?.photoResourceId)
            item.topMessage = message?.index.chatIndex
            item.topMessageIsIncoming = message?.isIncoming ?? false
            item.topMessageText = text
            item.draft = entry.draftText.flatMap { $0.isEmpty ? nil : MessagePreview.firstLine($0) }
            return item
        }
        return ChatListPage(items: items, unreadChats: list.unreadTotals.chats)
    }
}
