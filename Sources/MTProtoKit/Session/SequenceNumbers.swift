/// msg_seqno: twice the number of content-related messages sent before, plus one when this one
/// is content-related itself (a request or a result, not an ack, ping or container).
struct SequenceNumbers: Sendable {
    private var contentRelatedCount: Int32 = 0

    mutating func next(contentRelated: Bool) -> Int32 {
        defer { if contentRelated { contentRelatedCount += 1 } }
        return contentRelatedCount * 2 + (contentRelated ? 1 : 0)
    }
}
