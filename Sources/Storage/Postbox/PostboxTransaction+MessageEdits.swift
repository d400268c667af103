/// Changing a stored message in place: an edit, a reaction. The message keeps its id and place
/// (its timestamp is in the key), so the chat list, unread counters and id index stay as they
/// are; addMessages' replacing write takes the old words out of the search index and puts the
/// new ones in.
extension PostboxTransaction {
    /// Applies `change` to the message and stores it; the message as stored, or nil when there is
    /// no such message. The index is the row's name: a change to it is not kept.
    @discardableResult
    public func updateMessage(_ id: MessageId, _ change: (inout Message) throws -> Void) throws -> Message? {
        guard var message = try message(id) else { return nil }
        let index = message.index
        try change(&message)
        message.index = index
        try addMessages([message])
        return message
    }
}
