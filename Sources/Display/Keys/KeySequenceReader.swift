/// Reads keys that may form a sequence (`gg`) for one screen: the keys of a binding not yet
/// complete wait here. A key that continues no binding drops what waited and is read alone, as
/// vim drops a `g` followed by something `g` does not start.
public struct KeySequenceReader: Hashable, Sendable {
    public private(set) var pending: [KeyEvent] = []

    public init() {}

    public enum Result: Hashable, Sendable {
        case action(KeyAction)
        /// The key was taken as the start of a sequence.
        case pending
        /// Bound to nothing here: the screen may use it otherwise (a letter typed).
        case unbound
    }

    public mutating func read(_ key: KeyEvent, in context: KeyContext, bindings: KeyBindings) -> Result {
        if !pending.isEmpty {
            switch bindings.match(pending + [key], in: context) {
            case .action(let action):
                pending = []
                return .action(action)
            case .prefix:
                pending.append(key)
                return .pending
            case .none:
                pending = []
            }
        }
        switch bindings.match([key], in: context) {
        case .action(let action): return .action(action)
        case .prefix:
            pending = [key]
            return .pending
        case .none: return .unbound
        }
    }

    public mutating func reset() { pending = [] }
}
