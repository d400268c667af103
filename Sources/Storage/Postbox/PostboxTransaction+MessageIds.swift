extension PostboxTransaction {
    /// The highest message id stored for a chat in a namespace, 0 when it has none: one step
    /// through the id index, so a writer of many messages (an import) can tell that a whole run
    /// of higher ids is new without looking each one up.
    public func maxMessageId(_ peerId: PeerId, namespace: Int32 = MessageId.cloudNamespace) throws -> Int32 {
        let prefix = PostboxKeys.historyPrefix(peerId, namespace: namespace)
        var found: Int32 = 0
        // Keys are peerId ‖ namespace ‖ id ‖ timestamp: the last one in the chat has the highest id.
        try valueBox.range(PostboxTable.messageIdIndex, start: prefix.successor, end: prefix, limit: 1, values: false) { key, _ in
            found = key.int32(at: 12)
            return false
        }
        return found
    }
}
