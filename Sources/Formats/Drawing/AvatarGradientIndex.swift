/// Which of Telegram's seven letters-avatar gradients a peer gets.
/// Here, not in Drawing, because callers choose the gradient without loading the drawing library.
public enum AvatarGradientIndex {
    public static let count = AvatarColors.pairs.count

    /// The notification service's choice: `abs(peerId.id) % 7` on the peer's raw (namespace-free) id.
    /// `magnitude` instead of `abs` so `Int64.min` cannot trap.
    public static func notification(peerRawId: Int64) -> Int {
        Int(peerRawId.magnitude % UInt64(count))
    }

    /// The widget's choice: `abs(accountPeerId + peerId) % 7` on the packed Int64 ids. The sum wraps
    /// (where Swift's `+` would trap on overflow) and `magnitude` cannot trap on `Int64.min`.
    public static func widget(accountPeerId: Int64, peerId: Int64) -> Int {
        Int((accountPeerId &+ peerId).magnitude % UInt64(count))
    }
}
