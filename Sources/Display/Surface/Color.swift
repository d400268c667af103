/// A cell's foreground or background colour, as a terminal knows colours: the terminal's own
/// default, one of its 256 palette entries (0–15 are the themeable ANSI colours), or 24-bit RGB.
/// The backend maps what the terminal cannot show to what it can.
public enum Color: Hashable, Sendable {
    case `default`
    case palette(UInt8)
    case rgb(UInt8, UInt8, UInt8)
}

extension Color: CustomStringConvertible {
    public var description: String {
        switch self {
        case .default: return "default"
        case .palette(let index): return "palette(\(index))"
        case .rgb(let red, let green, let blue):
            return "#" + [red, green, blue].map { byte in
                let hex = String(byte, radix: 16)
                return hex.count == 1 ? "0" + hex : hex
            }.joined()
        }
    }
}
