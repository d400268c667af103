/// The person's keys: each action's keys (a key or a sequence such as `gg`), per context, made
/// from `DefaultKeyBindings` for a style and then the configuration file's rebindings. Screens
/// ask `action(for:in:)` (or read a sequence through `KeySequenceReader`); the key line and `?`
/// ask `hint(for:)`, so a rebinding shows where the key is named.
public struct KeyBindings: Hashable, Sendable {
    public private(set) var style: KeyStyle
    /// Each action's keys, in the order given (the first is the hint).
    private var keysByAction: [KeyAction: [[KeyEvent]]] = [:]
    /// The same, turned round for look-up.
    private var actionBySequence: [KeyContext: [[KeyEvent]: KeyAction]] = [:]

    public static let defaults = KeyBindings(style: .standard)

    public init(style: KeyStyle = .standard) {
        self.style = style
        let tables = style == .vim ? [DefaultKeyBindings.standard, DefaultKeyBindings.vim] : [DefaultKeyBindings.standard]
        for table in tables {
            for (action, keys) in table {
                // The tables are checked by the tests; a key that does not parse is a bug there, skipped here.
                keysByAction[action, default: []] += keys.compactMap { try? KeyNotation.parseSequence($0) }
            }
        }
        rebuild()
    }

    /// The action `key` alone is bound to in `context` (a sequence's first key is not).
    public func action(for key: KeyEvent, in context: KeyContext) -> KeyAction? {
        actionBySequence[context]?[[key]]
    }

    /// The action `keys` make in `context`, or whether they begin a longer binding.
    public func match(_ keys: [KeyEvent], in context: KeyContext) -> KeyMatch {
        guard let table = actionBySequence[context] else { return .none }
        if let action = table[keys] { return .action(action) }
        let isPrefix = table.keys.contains { $0.count > keys.count && Array($0.prefix(keys.count)) == keys }
        return isPrefix ? .prefix : .none
    }

    /// `action`'s keys, first the one hints show.
    public func keys(for action: KeyAction) -> [[KeyEvent]] {
        keysByAction[action] ?? []
    }

    /// How the key line and `?` name `action`'s key (`/`, `^G`, `gg`); nil when it has none.
    public func hint(for action: KeyAction) -> String? {
        keys(for: action).first.map(KeyNotation.hint(for:))
    }

    /// Every key of `action`, as `?` lists them (`↑ k`).
    public func hints(for action: KeyAction) -> String? {
        let all = keys(for: action)
        return all.isEmpty ? nil : all.map(KeyNotation.hint(for:)).joined(separator: " ")
    }

    /// Gives `action` exactly `keys` (none unbinds it); another action of the same context, or
    /// of a context layered with it, loses any of these keys, since the person's choice wins.
    public mutating func bind(_ action: KeyAction, to keys: [[KeyEvent]]) {
        let contexts = Set(KeyContext.layered.first { $0.contains(action.context) } ?? [action.context])
        for (other, otherKeys) in keysByAction where other != action && contexts.contains(other.context) {
            keysByAction[other] = otherKeys.filter { !keys.contains($0) }
        }
        keysByAction[action] = keys
        rebuild()
    }

    private mutating func rebuild() {
        actionBySequence = [:]
        for (action, sequences) in keysByAction {
            for sequence in sequences { actionBySequence[action.context, default: [:]][sequence] = action }
        }
    }
}

/// What keys typed so far mean in a context.
public enum KeyMatch: Hashable, Sendable {
    case action(KeyAction)
    /// The start of a longer binding (the first `g` of `gg`): wait for the next key.
    case prefix
    case none
}
