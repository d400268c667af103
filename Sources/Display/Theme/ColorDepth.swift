/// How many colours the terminal can show. The theme picks its palette for it; the backend finds
/// out which one the terminal has.
public enum ColorDepth: Hashable, Sendable, CaseIterable {
    /// No colour at all: the theme speaks in attributes (bold, dim, reverse, underline).
    case monochrome
    /// The 16 ANSI colours (8 on the oldest terminals, which show the bright half as the dark).
    case ansi16
    /// xterm's 256-colour palette.
    case palette256
    /// 24-bit RGB.
    case trueColor
}
