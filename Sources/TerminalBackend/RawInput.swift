import Display

/// One result of reading the terminal, before it is decoded: what `wget_wch` and `getmouse`
/// said, with ncurses' special codes already told apart. `InputDecoder` turns a sequence of
/// these into `InputEvent`s; tests feed it by hand.
public enum RawInput: Hashable, Sendable {
    /// `wget_wch` returned OK: a character (text or a control code).
    case character(UInt32)
    /// `wget_wch` returned KEY_CODE_YES with a key code (not mouse, resize or paste).
    case keyCode(Int32)
    /// KEY_MOUSE, decoded by `MouseDecoder`.
    case mouse(MouseEvent)
    /// KEY_RESIZE: ncurses has resized its screen to this size.
    case resize(Size)
    /// The bracketed-paste start marker (`ESC [200~`, registered with `define_key`).
    case pasteStart
    /// The bracketed-paste end marker (`ESC [201~`).
    case pasteEnd
}
