import Container
import TelegramCore
import TelegramUI

extension AccountContextHost {
    func chatListActions() -> (any ChatListActions)? { EngineChatListActions(account: account) }
}

/// The chat list's pins, mutes and deletions, through the engine's use cases (one durable transaction by
/// main each, then a word to the account's connection, which tells the server).
final class EngineChatListActions: ChatListActions {
    let account: Account

    init(account: Account) {
        self.account = account
    }

    func togglePinned(_ chat: ChatId) throws -> Bool {
        try account.engine.chatList.togglePinned(chat.peerId)
    }

    func toggleMuted(_ chat: ChatId) throws -> Bool {
        try account.engine.chatList.toggleMuted(chat.peerId, now: Int32(clamping: Clock.unixTime()))
    }

    func deleteChoices(_ chat: ChatId) throws -> [String] {
        try account.engine.chatList.deleteChoices(chat.peerId).map(\.title)
    }

    func delete(_ chat: ChatId, choice: Int) throws {
        let choices = try account.engine.chatList.deleteChoices(chat.peerId)
        guard choices.indices.contains(choice) else { return }
        try account.engine.chatList.delete(chat.peerId, choices[choice])
    }
}
