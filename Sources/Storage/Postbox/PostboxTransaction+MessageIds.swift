extension PostboxTransaction {
    /// The highest message id stored for a chat in a namespace, 0 when it has none: one step
    /// through the id index, so a writer of many messages (an import) can tell that a whole run
    /// of higher ids is new without looking each one up.
    public func maxMessageId(_ peerId: PeerId, namespace: Int32 = MessageId.cloudNamespace) throws -> Int32 {
        try MessageIdIndex.maxId(valueBox, peerId, namespace: namespace)
    }
}
