import Display

/// Moving through a conversation by its replies: from a selected reply to the message it answers
/// (read from the store however far back, the window moved there, the message selected and so
/// marked), and back again, jump by jump, to where each started.
extension ChatController {
    func jumpToReply(from message: ChatMessage) {
        guard let target = message.content.replyTarget else {
            return note(message.content.reply == nil ? "This message is not a reply" : "The message it replies to is not here")
        }
        guard go(to: target) else { return }
        jumpOrigins.append(message.index)
        note("Reply target · ⌫ back")
    }

    func jumpBack() {
        guard let origin = jumpOrigins.popLast() else { return note("No jump to go back from") }
        if go(to: origin) { status = nil }
    }

    /// The window loaded around `index` unless it is there already, and the message selected.
    private func go(to index: ChatMessage.Index) -> Bool {
        if history.position(of: index) == nil {
            do { try history.load(around: index, source, peerId) } catch {
                readFailed("Cannot read the chat: \(error)")
                return false
            }
            version += 1
        }
        guard history.position(of: index) != nil else {
            note("The message is no longer here")
            return false
        }
        select(index)
        return true
    }
}
