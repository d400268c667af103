import TelegramUI

/// A chat's actions done through the account's host (main is the writer), and logged.
@MainActor
final class ChatActionsBridge: ChatMessageActions {
    let account: any AccountHost
    let log: InterfaceLog
    /// Writes the clipboard escape to the terminal.
    let clipboard: (String) -> Void

    init(account: any AccountHost, log: InterfaceLog, clipboard: @escaping (String) -> Void) {
        self.account = account
        self.log = log
        self.clipboard = clipboard
    }

    func send(_ text: String, replyTo: ChatMessage.Index?, in chat: ChatId) throws {
        try account.send(text, replyTo: replyTo, to: chat)
        log.info("message sent from the interface", metadata: ["peer": "\(chat.packed)"])
    }

    func edit(_ message: ChatMessage.Index, text: String, in chat: ChatId) throws {
        try account.edit(message, text: text, in: chat)
    }

    func deleteChoices(for messages: [ChatMessage.Index], in chat: ChatId) throws -> [DeleteChoice] {
        try account.deleteChoices(for: messages, in: chat)
    }

    func delete(_ messages: [ChatMessage.Index], choice: DeleteChoice, in chat: ChatId) throws {
        try account.delete(messages, forEveryone: choice.forEveryone, in: chat)
    }

    func forwardTargets() throws -> [ForwardTarget] { try account.forwardTargets() }

    func forward(_ messages: [ChatMessage.Index], from chat: ChatId, to target: ChatId) throws {
        try account.forward(messages, from: chat, to: target)
    }

    var reactions: [String] { account.reactions }

    func toggleReaction(_ emoji: String, on message: ChatMessage.Index, in chat: ChatId) throws {
        try account.toggleReaction(emoji, on: message, in: chat)
    }

    func setPinned(_ message: ChatMessage.Index?, in chat: ChatId) throws {
        try account.setPinned(message, in: chat)
    }

    func saveDraft(_ draft: ComposerDraft?, in chat: ChatId) throws {
        try account.saveDraft(draft, in: chat)
    }

    func copy(_ text: String) { clipboard(text) }
}
