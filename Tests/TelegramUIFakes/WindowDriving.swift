import Display

/// A screen test's two moves on a window: keys pressed one by one, and the text it draws.
extension Window {
    public func press(_ keys: Key...) {
        for key in keys { handle(.key(KeyEvent(key))) }
    }

    public var screenLines: [String] {
        var surface = Surface(width: 0, height: 0)
        render(into: &surface)
        return surface.textLines
    }
}
