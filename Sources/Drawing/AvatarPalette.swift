import Formats

/// One letters-avatar gradient: `top` at the top edge of the circle, `bottom` at the bottom.
public struct AvatarGradient: Sendable, Equatable {
    public let top: RGBColor
    public let bottom: RGBColor

    public init(top: RGBColor, bottom: RGBColor) {
        self.top = top
        self.bottom = bottom
    }
}

/// Telegram's seven letters-avatar gradients, from Formats' `AvatarColors` (the pairs as plain data,
/// shared with main's interface). Which one a peer gets is Formats' AvatarGradientIndex, chosen
/// without loading Cairo.
public enum AvatarPalette {
    /// Telegram's first colour of each pair is drawn at the bottom, the second at the top.
    public static let gradients: [AvatarGradient] = AvatarColors.pairs.map {
        AvatarGradient(top: RGBColor(hex: $0.second), bottom: RGBColor(hex: $0.first))
    }

    /// The gradient for any index, wrapped into range, so a caller's arithmetic can't index out of bounds.
    public static func gradient(at index: Int) -> AvatarGradient {
        gradients[Int(index.magnitude % UInt(gradients.count))]
    }
}
