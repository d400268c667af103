/// Telegram's seven letters-avatar colour pairs (`WidgetItemsUtils.swift`) as plain data: Drawing
/// paints its gradients with them, and main's interface colours the initials it shows where no
/// picture can be drawn — neither needs the other (nor Cairo) for it.
public enum AvatarColors {
    /// One pair as Telegram lists it, `0xRRGGBB`. Telegram draws it with locations `[1.0, 0.0]`
    /// from y = 0 to y = height, so `first` lands at the bottom of the circle and `second` at the top.
    public struct Pair: Sendable, Equatable {
        public let first: UInt32
        public let second: UInt32
    }

    public static let pairs: [Pair] = [
        Pair(first: 0xff516a, second: 0xff885e),
        Pair(first: 0xffa85c, second: 0xffcd6a),
        Pair(first: 0x665fff, second: 0x82b1ff),
        Pair(first: 0x54cb68, second: 0xa0de7e),
        Pair(first: 0x4acccd, second: 0x00fcfd),
        Pair(first: 0x2a9ef1, second: 0x72d5fd),
        Pair(first: 0xd669ed, second: 0xe0a2f3),
    ]

    /// The pair for any index (an `AvatarGradientIndex`), wrapped into range, so a caller's
    /// arithmetic can't index out of bounds.
    public static func pair(at index: Int) -> Pair {
        pairs[Int(index.magnitude % UInt(pairs.count))]
    }
}
