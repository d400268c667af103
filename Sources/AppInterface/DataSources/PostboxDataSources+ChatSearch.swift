import Storage
import TelegramUI

extension PostboxDataSources: ChatSearchDataSource {
    /// Up to 20 chats whose title matches (secret chats too), then the newest messages with the text.
    func search(_ query: String, messageLimit: Int) throws -> [ChatSearchResult] {
        try postbox.read { t in
            let chats = try t.searchPeers(matching: query, limit: 20, includeSecretChats: true)
                .map { ChatSearchResult.chat($0.id.chatId, title: $0.displayTitle) }
            guard messageLimit > 0 else { return chats }
            let hits = try MessageSearch(text: TextMatcher(query), limit: messageLimit).run(t)
            return chats + (try hits.map { hit in
                let message = hit.message
                return .message(message.id.peerId.chatId, title: try t.peer(message.id.peerId)?.displayTitle ?? "",
                                text: try MessagePreview.withSender(MessagePreview.firstLine(MessageSummary.text(of: message)), of: message, in: t),
                                index: message.index.chatIndex)
            })
        }
    }
}
