import Storage

extension OutgoingMessages {
    /// Files sent together, in the caller's transaction: one message per file, in order, the
    /// caption (with its entities and the reply) on the first. Telegram sends several files as
    /// grouped messages, each with its own media; the store's message carries one file (its
    /// first resource is the file, the second its thumbnail), so each file is a message of its
    /// own, and the first carries what was written, as Telegram's album shows its caption once.
    public static func store(files: [OutgoingFile], caption: String, entities: [MessageTextEntity] = [],
                             replyTo: MessageReply? = nil, to peerId: PeerId, now: Int32,
                             in t: PostboxTransaction) throws -> [MessageId] {
        try files.enumerated().map { i, file in
            let extras = MessageExtras(entities: i == 0 ? entities : [], replyTo: i == 0 ? replyTo : nil, media: [.file(file.media)])
            return try store(text: i == 0 ? caption : "", to: peerId, now: now, contentKind: MessageContentKind(fileKind: file.media.kind),
                             mediaResourceIds: file.resourceIds, extras: extras, in: t)
        }
    }
}
