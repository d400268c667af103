/// An opaque sRGB colour with components in 0…1, the form Cairo's `set_source_rgb` takes.
public struct RGBColor: Sendable, Equatable, Hashable, CustomStringConvertible {
    public var r: Double
    public var g: Double
    public var b: Double

    public init(r: Double, g: Double, b: Double) {
        self.r = r
        self.g = g
        self.b = b
    }

    /// `0xRRGGBB`, the way Telegram writes its palette (`UIColor(rgb:)`); the top byte is ignored.
    public init(hex: UInt32) {
        r = Double((hex >> 16) & 0xff) / 255.0
        g = Double((hex >> 8) & 0xff) / 255.0
        b = Double(hex & 0xff) / 255.0
    }

    /// Back to `0xRRGGBB`, rounding each component to the nearest 8-bit value.
    public var hex: UInt32 {
        func byte(_ v: Double) -> UInt32 { UInt32((min(max(v, 0), 1) * 255).rounded()) }
        return byte(r) << 16 | byte(g) << 8 | byte(b)
    }

    public var description: String {
        let digits = String(hex, radix: 16)
        return "#" + String(repeating: "0", count: 6 - digits.count) + digits
    }
}
