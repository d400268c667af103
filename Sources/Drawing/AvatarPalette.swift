/// One letters-avatar gradient: `top` at the top edge of the circle, `bottom` at the bottom.
public struct AvatarGradient: Sendable, Equatable {
    public let top: RGBColor
    public let bottom: RGBColor

    public init(top: RGBColor, bottom: RGBColor) {
        self.top = top
        self.bottom = bottom
    }
}

/// Telegram's seven letters-avatar gradients (`WidgetItemsUtils.swift`; telegram-internals.md §6).
/// Which one a peer gets is Formats' AvatarGradientIndex, chosen without loading Cairo.
public enum AvatarPalette {
    /// The pairs as Telegram lists them. It draws them with locations `[1.0, 0.0]` from y = 0 to
    /// y = height, so the FIRST colour of each pair lands at the bottom and the second at the top.
    static let telegramPairs: [(first: UInt32, second: UInt32)] = [
        (0xff516a, 0xff885e),
        (0xffa85c, 0xffcd6a),
        (0x665fff, 0x82b1ff),
        (0x54cb68, 0xa0de7e),
        (0x4acccd, 0x00fcfd),
        (0x2a9ef1, 0x72d5fd),
        (0xd669ed, 0xe0a2f3),
    ]

    public static let gradients: [AvatarGradient] = telegramPairs.map {
        AvatarGradient(top: RGBColor(hex: $0.second), bottom: RGBColor(hex: $0.first))
    }

    /// The gradient for any index, wrapped into range, so a caller's arithmetic can't index out of bounds.
    public static func gradient(at index: Int) -> AvatarGradient {
        gradients[Int(index.magnitude % UInt(gradients.count))]
    }
}
