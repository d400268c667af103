/// A mouse event, where the terminal reports them, at a cell of the window.
public struct MouseEvent: Hashable, Sendable {
    public enum Button: Hashable, Sendable { case left, middle, right }

    public enum Kind: Hashable, Sendable {
        case press(Button)
        case release(Button)
        case scrollUp
        case scrollDown
        /// Movement with a button held, where the terminal reports it.
        case drag(Button)
    }

    public var kind: Kind
    public var position: Point
    public var modifiers: KeyModifiers

    public init(_ kind: Kind, at position: Point, modifiers: KeyModifiers = []) {
        self.kind = kind
        self.position = position
        self.modifiers = modifiers
    }
}
