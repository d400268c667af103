import Display

/// Display's `Window` already has the run loop's shape (layout, events, whole frames, animation
/// frames, quit); declared here, beside the protocol, so an app runs it with `session.run(window)`.
extension Window: TerminalApplication {}
