import TelegramCore
import TelegramUI

extension EngineDataSources: ChatSearchDataSource {
    /// Up to 20 chats whose title matches (secret chats too), then the newest messages with the text.
    func search(_ query: String, messageLimit: Int) throws -> [ChatSearchResult] {
        let chats = try engine.peers.search(query, limit: 20, includeSecretChats: true)
            .map { ChatSearchResult.chat($0.id.chatId, title: $0.displayTitle) }
        guard messageLimit > 0 else { return chats }
        let found = try engine.messages.search(EngineMessageSearch(text: EngineTextMatcher(query), limit: messageLimit))
        return chats + found.map { found in
            let message = found.message
            return .message(message.id.peerId.chatId, title: found.chat?.displayTitle ?? "",
                            text: MessagePreview.withSender(MessagePreview.firstLine(message.summaryText), of: message, author: found.author, in: found.chat),
                            index: message.index.chatIndex)
        }
    }
}
