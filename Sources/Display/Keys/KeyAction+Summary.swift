extension KeyAction {
    /// What the action does, in a few words: `?` lists it beside its keys, and the docs' table
    /// says the same.
    public var summary: String {
        switch self {
        case .global(let action):
            switch action {
            case .quit: return "quit, after asking (on a root screen)"
            case .help: return "this help"
            case .nextTab: return "next tab"
            case .previousTab: return "previous tab"
            case .switchColumn: return "switch columns (wide terminal)"
            }
        case .list(let action):
            switch action {
            case .up: return "move up"
            case .down: return "move down"
            case .pageUp: return "page up"
            case .pageDown: return "page down"
            case .top: return "first row"
            case .bottom: return "last row"
            case .open: return "open"
            case .search: return "search (chat list), back to the query (results)"
            case .nextHit: return "next search result"
            case .nextUnreadChat: return "open the next chat with unread messages"
            case .pinChat: return "pin or unpin the chat (chat list)"
            case .muteChat: return "mute or unmute the chat (chat list)"
            case .deleteChat: return "delete, clear or leave the chat (chat list)"
            case .newChat: return "new group or channel (chat list)"
            case .addMembers: return "add members to the group or channel (chat list)"
            }
        case .chat(let action):
            switch action {
            case .select: return "select the newest message (empty composer)"
            case .pageUp: return "scroll the history up"
            case .pageDown: return "scroll the history down"
            case .top: return "the oldest message"
            case .bottom: return "back to the newest message"
            case .groupCall: return "start a group call"
            case .nextUnreadChat: return "next chat with unread messages"
            case .attach: return "attach files"
            case .search: return "find messages in the chat (the hit count shown: 3 of 17)"
            }
        case .selection(let action):
            switch action {
            case .up: return "older message"
            case .down: return "newer message"
            case .pageUp: return "a page older"
            case .pageDown: return "a page newer"
            case .top: return "oldest message"
            case .bottom: return "newest message"
            case .exit: return "back to the composer"
            case .reply: return "reply"
            case .edit: return "edit (your own)"
            case .delete: return "delete"
            case .forward: return "forward"
            case .react: return "react"
            case .pin: return "pin or unpin"
            case .copy: return "copy the text"
            case .details: return "details"
            case .mark: return "mark several (forward, delete)"
            case .open: return "open the file, photo or link"
            case .save: return "save the file to Downloads"
            case .jumpToReply: return "go to the message it replies to (Enter too, when nothing opens)"
            case .jumpBack: return "back to where the jump started"
            case .search: return "find messages in the chat"
            case .nextHit: return "the next hit, older"
            case .previousHit: return "the previous hit, newer"
            case .nextUnreadChat: return "next chat with unread messages"
            }
        case .composer(let action):
            switch action {
            case .send: return "send"
            case .newLine: return "new line"
            case .left: return "cursor left"
            case .right: return "cursor right"
            case .lineStart: return "start of the line"
            case .lineEnd: return "end of the line"
            case .wordLeft: return "word left"
            case .wordRight: return "word right"
            case .deleteBackward: return "delete before the cursor"
            case .deleteForward: return "delete at the cursor"
            case .deleteWordBackward: return "delete the word before"
            case .deleteToLineStart: return "delete to the start"
            case .deleteToLineEnd: return "delete to the end"
            case .externalEditor: return "edit in $VISUAL / $EDITOR"
            }
        }
    }
}
