import Display

/// What an app gives `TerminalSession.run`: it lays out, takes events, draws whole frames and
/// says when it animates or is done. The loop owns the terminal and the timing.
@MainActor
public protocol TerminalApplication: AnyObject {
    /// The terminal's size: called before the first frame and on every resize (before the
    /// `.resize` event itself reaches `handle`).
    func layout(size: Size)
    /// One input event, in arrival order.
    func handle(_ event: InputEvent)
    /// Draws the whole frame into `surface` (blank, of the current size); the backend sends only
    /// what changed since the last frame.
    func render(into surface: inout Surface)
    /// True while a transition runs: the loop then wakes about 30 times a second.
    var wantsAnimationFrame: Bool { get }
    /// Moves running transitions one frame on (called at most every `frameInterval`).
    func advanceAnimationFrame()
    /// True once the app wants the loop to return.
    var shouldQuit: Bool { get }
    /// A frame reached the terminal: what can wait for the screen goes now.
    func frameDrawn()
}

extension TerminalApplication {
    public func frameDrawn() {}
}
