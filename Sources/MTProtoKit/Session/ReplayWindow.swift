/// The server message ids a session has accepted: a replayed message id, or one older than
/// the window, is refused (core.telegram.org/mtproto/security_guidelines: "msg_id ... duplicates
/// must be ignored"; "too old" messages may be replays).
struct ReplayWindow: Sendable {
    static let capacity = 512
    private var seen: Set<Int64> = []
    private var order: [Int64] = []
    /// Below this, a message is older than anything the window still remembers.
    private var floor: Int64 = .min

    enum Verdict: Equatable { case fresh, duplicate, tooOld }

    mutating func admit(_ id: Int64) -> Verdict {
        if id <= floor { return .tooOld }
        if seen.contains(id) { return .duplicate }
        seen.insert(id)
        order.append(id)
        if order.count > Self.capacity {
            order.sort()
            let dropped = order.removeFirst()
            seen.remove(dropped)
            floor = max(floor, dropped)
        }
        return .fresh
    }
}
