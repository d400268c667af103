/// How the terminal shows pictures (a chat's photos). Like `ColorDepth`, the backend finds out
/// which one the terminal has (by asking it), and the person may choose one instead.
public enum GraphicsMode: String, Hashable, Sendable, CaseIterable {
    /// kitty's graphics protocol: pixels, placed through Unicode placeholder cells.
    case kitty
    /// DEC sixel: pixels written over the picture's cells after each frame.
    case sixel
    /// Half-block symbols in 24-bit colour (needs a true-colour terminal).
    case symbols
    /// No picture: a "🖼 Photo" line.
    case none
}
