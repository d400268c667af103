/// The one table of default keys: the controllers, the key line and `?` all read it through
/// `KeyBindings`, and docs/configuration.md lists it. Keys in `KeyNotation`; the first key of an
/// action is the one its hint shows.
public enum DefaultKeyBindings {
    public static let standard: [(KeyAction, [String])] = [
        (.global(.quit), ["q"]),
        (.global(.help), ["?"]),
        (.global(.nextTab), ["tab"]),
        (.global(.previousTab), ["shift-tab"]),
        (.global(.switchColumn), ["f6"]),

        (.list(.up), ["up"]),
        (.list(.down), ["down"]),
        (.list(.pageUp), ["pgup"]),
        (.list(.pageDown), ["pgdn"]),
        (.list(.top), ["home"]),
        (.list(.bottom), ["end"]),
        (.list(.open), ["enter"]),
        (.list(.search), ["/"]),
        (.list(.nextHit), []),
        (.list(.nextUnreadChat), ["alt-n"]),

        (.chat(.select), ["up"]),
        (.chat(.pageUp), ["pgup"]),
        (.chat(.pageDown), ["pgdn"]),
        (.chat(.top), ["ctrl-home"]),
        (.chat(.bottom), ["ctrl-end"]),
        (.chat(.groupCall), ["ctrl-g"]),
        (.chat(.nextUnreadChat), ["alt-n"]),
        (.chat(.attach), ["ctrl-t"]),

        (.selection(.up), ["up"]),
        (.selection(.down), ["down"]),
        (.selection(.pageUp), ["pgup"]),
        (.selection(.pageDown), ["pgdn"]),
        (.selection(.top), ["home"]),
        (.selection(.bottom), ["end"]),
        (.selection(.exit), ["esc"]),
        (.selection(.reply), ["r"]),
        (.selection(.edit), ["e"]),
        (.selection(.delete), ["d"]),
        (.selection(.forward), ["f"]),
        (.selection(.react), ["+"]),
        (.selection(.pin), ["p"]),
        (.selection(.copy), ["y"]),
        (.selection(.details), ["i"]),
        (.selection(.mark), ["space"]),
        (.selection(.search), []),
        (.selection(.nextHit), []),
        (.selection(.nextUnreadChat), ["alt-n"]),

        (.composer(.send), ["enter"]),
        (.composer(.newLine), ["alt-enter"]),
        (.composer(.left), ["left"]),
        (.composer(.right), ["right"]),
        (.composer(.lineStart), ["home", "ctrl-a"]),
        (.composer(.lineEnd), ["end", "ctrl-e"]),
        (.composer(.wordLeft), ["alt-b"]),
        (.composer(.wordRight), ["alt-f"]),
        (.composer(.deleteBackward), ["backspace"]),
        (.composer(.deleteForward), ["delete"]),
        (.composer(.deleteWordBackward), ["ctrl-w"]),
        (.composer(.deleteToLineStart), ["ctrl-u"]),
        (.composer(.deleteToLineEnd), ["ctrl-k"]),
        (.composer(.externalEditor), ["alt-e"]),
    ]

    /// What `style = "vim"` adds to the standard keys: j/k to move, gg/G to the top and bottom,
    /// / to search and n for the next hit, in lists and in the message selection.
    public static let vim: [(KeyAction, [String])] = [
        (.list(.up), ["k"]),
        (.list(.down), ["j"]),
        (.list(.top), ["g g"]),
        (.list(.bottom), ["G"]),
        (.list(.nextHit), ["n"]),

        (.selection(.up), ["k"]),
        (.selection(.down), ["j"]),
        (.selection(.top), ["g g"]),
        (.selection(.bottom), ["G"]),
        (.selection(.search), ["/"]),
        (.selection(.nextHit), ["n"]),
    ]
}
