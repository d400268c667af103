import Display

extension ColorDepth {
    /// The depth for what ncurses reports (`has_colors`, `COLORS`). Eight colours count as
    /// `ansi16` (Display's theme has one ANSI palette); `ColorMapper` is told the real count.
    ///
    /// True colour needs a colour count that holds 24 bits: ncurses sends colour numbers through
    /// `setaf`, and only a `*-direct` terminfo (which also sets the `RGB` flag) encodes them as
    /// RGB there. The `RGB` flag on a 256-colour entry would have numbers over 255 sent as palette
    /// indices, so the flag alone does not count.
    public init(hasColors: Bool, colors: Int) {
        switch colors {
        case _ where !hasColors: self = .monochrome
        case (1 << 24)...: self = .trueColor
        case 256...: self = .palette256
        case 8...: self = .ansi16
        default: self = .monochrome
        }
    }
}
