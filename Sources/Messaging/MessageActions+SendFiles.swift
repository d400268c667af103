import RequestChannel
import Storage

extension MessageActions {
    /// Sends files already in the MediaBox (described by OutgoingFile) with a caption: one
    /// message per file, the caption on the first, all in one durable transaction, so either every
    /// file is sent or none is. The ids, in order.
    @discardableResult
    public func send(files: [OutgoingFile], caption: String, entities: [MessageTextEntity] = [], replyTo: MessageReply? = nil,
                     to peerId: PeerId) throws -> [MessageId] {
        guard !files.isEmpty else { throw MessageActionRefusal("nothing to send: no files") }
        guard files.count <= ComposerLimits.maximumFiles else { throw MessageActionRefusal("more than \(ComposerLimits.maximumFiles) files") }
        guard caption.utf8.count <= ShareLimits.maximumTextBytes else {
            throw MessageActionRefusal("the caption is over \(ShareLimits.maximumTextBytes) bytes")
        }
        return try write { t, now in
            try Self.checkReply(replyTo, in: peerId, t)
            let ids = try OutgoingMessages.store(files: files, caption: caption, entities: entities, replyTo: replyTo, to: peerId, now: now, in: t)
            try t.setDraft(peerId, nil)
            return ids
        }
    }
}
