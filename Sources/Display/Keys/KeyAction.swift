/// Everything a key can be bound to, one enum per context, their raw values the names the
/// configuration file uses (`[keys.list] down = "j"`).
public enum GlobalKeyAction: String, CaseIterable, Hashable, Sendable {
    case quit, help, nextTab, previousTab, switchColumn
}

public enum ListKeyAction: String, CaseIterable, Hashable, Sendable {
    case up, down, pageUp, pageDown, top, bottom, open, search, nextHit, nextUnreadChat
    /// The chat list's selected chat pinned or unpinned, muted or unmuted; deleted, cleared or left.
    case pinChat, muteChat, deleteChat
    /// A new group or channel (chat list); members added to the selected group or channel.
    case newChat, addMembers
}

public enum ChatKeyAction: String, CaseIterable, Hashable, Sendable {
    /// Selects the newest message (from an empty composer).
    case select
    case pageUp, pageDown, top, bottom, groupCall, nextUnreadChat
    /// Opens the path entry that attaches files (any time, not only from an empty composer).
    case attach
    /// Opens the query line that finds messages in the chat (any time).
    case search
}

public enum SelectionKeyAction: String, CaseIterable, Hashable, Sendable {
    case up, down, pageUp, pageDown, top, bottom, exit
    case reply, edit, delete, forward, react, pin, copy, details, mark
    /// Opens the message's file, photo or link; saves its file to the downloads folder.
    case open, save
    /// Jumps to the message a reply answers; `jumpBack` returns to where the jump started.
    case jumpToReply, jumpBack
    case search, nextHit, previousHit, nextUnreadChat
}

public enum ComposerKeyAction: String, CaseIterable, Hashable, Sendable {
    case send, newLine, left, right, lineStart, lineEnd, wordLeft, wordRight
    case deleteBackward, deleteForward, deleteWordBackward, deleteToLineStart, deleteToLineEnd
    case externalEditor
}

/// One action with its context: what `KeyBindings` maps keys to.
public enum KeyAction: Hashable, Sendable {
    case global(GlobalKeyAction)
    case list(ListKeyAction)
    case chat(ChatKeyAction)
    case selection(SelectionKeyAction)
    case composer(ComposerKeyAction)

    public var context: KeyContext {
        switch self {
        case .global: return .global
        case .list: return .list
        case .chat: return .chat
        case .selection: return .selection
        case .composer: return .composer
        }
    }

    /// The name in the configuration file.
    public var name: String {
        switch self {
        case .global(let action): return action.rawValue
        case .list(let action): return action.rawValue
        case .chat(let action): return action.rawValue
        case .selection(let action): return action.rawValue
        case .composer(let action): return action.rawValue
        }
    }

    /// The action named `name` in `context`, nil for a name the context does not have.
    public init?(context: KeyContext, name: String) {
        switch context {
        case .global: guard let action = GlobalKeyAction(rawValue: name) else { return nil }; self = .global(action)
        case .list: guard let action = ListKeyAction(rawValue: name) else { return nil }; self = .list(action)
        case .chat: guard let action = ChatKeyAction(rawValue: name) else { return nil }; self = .chat(action)
        case .selection: guard let action = SelectionKeyAction(rawValue: name) else { return nil }; self = .selection(action)
        case .composer: guard let action = ComposerKeyAction(rawValue: name) else { return nil }; self = .composer(action)
        }
    }

    /// Every action of `context`, in the order the help lists them.
    public static func all(in context: KeyContext) -> [KeyAction] {
        switch context {
        case .global: return GlobalKeyAction.allCases.map(KeyAction.global)
        case .list: return ListKeyAction.allCases.map(KeyAction.list)
        case .chat: return ChatKeyAction.allCases.map(KeyAction.chat)
        case .selection: return SelectionKeyAction.allCases.map(KeyAction.selection)
        case .composer: return ComposerKeyAction.allCases.map(KeyAction.composer)
        }
    }
}
