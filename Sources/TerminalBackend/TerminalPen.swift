import Display

/// A style as one terminal can show it: ncurses colour numbers (-1 is the terminal's own default
/// colour) and the attributes to set. What `ColorMapper` makes of a `Style`.
public struct TerminalPen: Hashable, Sendable {
    /// -1: the terminal's default foreground.
    public var foreground: Int32
    /// -1: the terminal's default background.
    public var background: Int32
    public var attributes: Style.Attributes

    public init(foreground: Int32 = -1, background: Int32 = -1, attributes: Style.Attributes = []) {
        self.foreground = foreground
        self.background = background
        self.attributes = attributes
    }

    /// Default colours, no attributes.
    public static let plain = TerminalPen()
}
