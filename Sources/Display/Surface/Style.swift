/// How a cell is drawn: its colours and attributes. A value, compared whole, so the diff and the
/// backend can tell when the terminal's pen has to change.
public struct Style: Hashable, Sendable {
    /// Text attributes a terminal can combine.
    public struct Attributes: OptionSet, Hashable, Sendable {
        public let rawValue: UInt8
        public init(rawValue: UInt8) { self.rawValue = rawValue }
        public static let bold = Attributes(rawValue: 1 << 0)
        public static let dim = Attributes(rawValue: 1 << 1)
        public static let underline = Attributes(rawValue: 1 << 2)
        public static let reverse = Attributes(rawValue: 1 << 3)
        public static let italic = Attributes(rawValue: 1 << 4)
    }

    public var foreground: Color
    public var background: Color
    public var attributes: Attributes

    public init(foreground: Color = .default, background: Color = .default, attributes: Attributes = []) {
        self.foreground = foreground
        self.background = background
        self.attributes = attributes
    }

    /// The terminal's default colours, no attributes: what a cleared surface holds.
    public static let plain = Style()
}

extension Style {
    /// This style with `attributes` added.
    public func with(attributes extra: Attributes) -> Style {
        var copy = self
        copy.attributes.formUnion(extra)
        return copy
    }

    /// This style's foreground and attributes on `other`'s background.
    public func withBackground(of other: Style) -> Style {
        var copy = self
        copy.background = other.background
        return copy
    }
}

extension Style: CustomStringConvertible {
    /// "plain", or the parts that differ from it: "fg palette(1) bg #102030 bold underline".
    public var description: String {
        var parts: [String] = []
        if foreground != .default { parts.append("fg \(foreground)") }
        if background != .default { parts.append("bg \(background)") }
        let names: [(Attributes, String)] = [
            (.bold, "bold"), (.dim, "dim"), (.underline, "underline"), (.reverse, "reverse"), (.italic, "italic"),
        ]
        for (attribute, name) in names where attributes.contains(attribute) { parts.append(name) }
        return parts.isEmpty ? "plain" : parts.joined(separator: " ")
    }
}
