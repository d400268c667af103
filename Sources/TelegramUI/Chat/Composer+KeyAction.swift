import Display

extension Composer {
    /// A composer action as the person's keys name it (`[keys.composer]`); false where it does
    /// nothing here, so the key goes on to the screen: moving in an empty draft (the chat's keys
    /// then), a new line where the field takes none. Send and the external editor are the screen's.
    public mutating func perform(_ action: ComposerKeyAction) -> Bool {
        switch action {
        case .send, .externalEditor: return false
        case .newLine:
            guard allowsNewlines else { return false }
            insert("\n")
        case .left, .right, .lineStart, .lineEnd, .wordLeft, .wordRight:
            guard !isEmpty else { return false }
            switch action {
            case .left: moveLeft()
            case .right: moveRight()
            case .lineStart: moveToLineStart()
            case .lineEnd: moveToLineEnd()
            case .wordLeft: moveWordBackward()
            default: moveWordForward()
            }
        case .deleteBackward: deleteBackward()
        case .deleteForward: deleteForward()
        case .deleteWordBackward: deleteWordBackward()
        case .deleteToLineStart: deleteToLineStart()
        case .deleteToLineEnd: deleteToLineEnd()
        }
        return true
    }
}
