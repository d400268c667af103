/// Whether a chat is in the chat list at all. Telegram takes a chat the account left out of the
/// list and keeps its history (ChatListIndexTable's `.notIncluded`): its messages can still be
/// read by id, but the list, the widget, the share sheet and a search over all chats pass it by.
/// An import marks the chats of an export's `left_chats`; a later export that lists the chat
/// again brings it back. The mark is chatListIndex's value for the chat, in place of its key.
extension PostboxTransaction {
    public func isIncludedInChatList(_ peerId: PeerId) throws -> Bool {
        try valueBox.get(PostboxTable.chatListIndex, PostboxKeys.peer(peerId)) != PostboxKeys.notIncludedInChatList
    }

    /// Takes the chat out of the list (its entry, and its pin, go) or puts it back at its newest
    /// message. Either way its history is left as it is.
    public func setIncludedInChatList(_ peerId: PeerId, _ included: Bool) throws {
        let indexKey = PostboxKeys.peer(peerId)
        if included {
            guard try !isIncludedInChatList(peerId) else { return }
            try valueBox.remove(PostboxTable.chatListIndex, indexKey)
            if let newest = try latestMessages(peerId, limit: 1).first { try updateChatListTop(peerId, candidate: newest.index) }
        } else {
            guard try isIncludedInChatList(peerId) else { return }
            if let entry = try chatListKey(peerId) { try valueBox.remove(PostboxTable.chatList, entry.key) }
            try valueBox.set(PostboxTable.chatListIndex, indexKey, PostboxKeys.notIncludedInChatList)
        }
    }
}
