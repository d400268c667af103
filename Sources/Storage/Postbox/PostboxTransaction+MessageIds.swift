extension PostboxTransaction {
    /// The highest message id ≥ 1 stored for a chat in a namespace, 0 when it has none (a chat
    /// may also have negative ids: a group's history exported inside the supergroup it became):
    /// one step through the id index, so a writer of many messages (an import) can tell that a
    /// whole run of higher ids is new without looking each one up.
    public func maxMessageId(_ peerId: PeerId, namespace: Int32 = MessageId.cloudNamespace) throws -> Int32 {
        try MessageIdIndex.maxId(valueBox, peerId, namespace: namespace)
    }

    /// How many ids a chat's messages span (MessageIdIndex.idSpan): what reading it all may cost.
    func messageIdSpan(_ peerId: PeerId, namespace: Int32 = MessageId.cloudNamespace) throws -> Int64 {
        try MessageIdIndex.idSpan(valueBox, peerId, namespace: namespace)
    }
}
