/// One entry of the window's key line: a key as `KeyHint` writes it and what it does there
/// (`⏎ open`, `Esc back`), as nano's and mc's bottom lines list what works on the screen at hand.
public struct KeyHintItem: Hashable, Sendable {
    public var key: String
    public var label: String

    public init(_ key: String, _ label: String) {
        self.key = key
        self.label = label
    }

    public init(_ key: KeyEvent, _ label: String) {
        self.init(KeyHint.text(for: key), label)
    }
}
