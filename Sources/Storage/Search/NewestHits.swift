/// Search results' order, newest first: MessageIndex order (timestamp, namespace, id), and the chat
/// between messages equal in those. MessageIndex alone does not order two chats' messages with
/// the same timestamp and id, which would let the scan (chat by chat) and the index (bucket by
/// bucket) keep different ones of them at the limit.
enum SearchOrder {
    static func isNewer(_ a: MessageIndex, than b: MessageIndex) -> Bool {
        if b < a { return true }
        if a < b { return false }
        return a.id.peerId.toInt64() > b.id.peerId.toInt64()
    }

    static func isNewer(_ a: PostingEntry, than b: PostingEntry) -> Bool {
        if a.timestamp != b.timestamp { return a.timestamp > b.timestamp }
        if a.namespace != b.namespace { return a.namespace > b.namespace }
        if a.id != b.id { return a.id > b.id }
        return a.peer > b.peer
    }
}

/// The newest `limit` hits so far, newest first.
struct NewestHits {
    let limit: Int
    private(set) var items: [MessageSearch.Hit] = []

    init(limit: Int) { self.limit = limit }

    /// The bar a message must clear once the list is full.
    var oldestIfFull: MessageIndex? { items.count >= limit ? items.last?.message.index : nil }

    mutating func insert(_ hit: MessageSearch.Hit) {
        let index = hit.message.index
        let position = items.firstIndex { SearchOrder.isNewer(index, than: $0.message.index) } ?? items.count
        guard position < limit else { return }
        items.insert(hit, at: position)
        if items.count > limit { items.removeLast() }
    }
}
