import Display

/// Turns what the terminal sends (`RawInput`, in order) into Display's input events. Pure, so
/// every rule is unit-tested:
///
/// - Text. Printable characters that arrive in one burst (everything readable at once) are
///   grouped into grapheme clusters, one `.character` key per cluster: an emoji ZWJ sequence or
///   a letter with combining marks typed or sent at once is one key. A burst ends when nothing
///   more is waiting (`endOfBurst`), or at any non-text input.
/// - Alt. A terminal sends Alt-x as ESC x. ncurses waits `ESCDELAY` (25 ms) after an ESC for
///   more; an ESC followed in the same burst by a key makes that key's `.alt` variant; an ESC
///   alone, at the end of the burst, is Escape.
/// - Control characters: see `KeyMapping.key(forControl:)`; key codes: `KeyMapping.key(forCode:)`.
/// - Bracketed paste. Everything between the start and end markers, newlines and tabs included,
///   is one `.paste(String)` (see `PasteBuffer` for newlines and the 1 MiB cap). Key codes that
///   ncurses recognised inside the paste (pasted escape sequences) cannot be turned back into
///   their bytes and are dropped; a resize during a paste is still delivered. A paste whose end
///   marker never comes is delivered when the caller reports a timeout (`pasteTimedOut`).
/// - Escape sequences ncurses did not recognise (`EscapeSequenceParser`). The terminal's answers
///   to queries (kitty graphics, DA1) and its focus reports are not keys: they are taken out
///   (with `FocusReports`) and kept for `takeReplies`. Keys in another terminal's dialect than
///   `TERM` names (tmux, rxvt, kitty, modifyOtherKeys) are decoded by shape (`KeySequences`), or
///   dropped: never typed. A sequence cut between two reads waits for its rest; ESC, ESC [ and
///   ESC O followed by anything else stay Escape, Alt-[ and Alt-O.
public struct InputDecoder: Sendable {
    /// Codes ncurses assigned to extended key capabilities (see `ExtendedKeys`).
    public var extendedKeys: [Int32: KeyEvent]
    /// The most bytes of UTF-8 one paste keeps.
    public let pasteLimit: Int

    private var text = String.UnicodeScalarView()
    private var altOnText = false
    private var escapePending = false
    private var paste: PasteBuffer?
    private var sequences = EscapeSequenceParser()
    private var replies: [TerminalReply] = []

    public init(extendedKeys: [Int32: KeyEvent] = [:], pasteLimit: Int = 1 << 20) {
        self.extendedKeys = extendedKeys
        self.pasteLimit = pasteLimit
    }

    /// True between a paste's start marker and its end (or its timeout).
    public var isPasting: Bool { paste != nil }

    /// The events that `input` completes. Text waits for the end of the burst or the next
    /// non-text input.
    public mutating func feed(_ input: RawInput) -> [InputEvent] {
        if paste != nil { return feedPaste(input) }
        if case .keyCode(let code) = input, let focused = FocusReports.focus(forCode: code) {
            replies.append(.focus(focused))
            return []
        }
        if sequences.isActive {
            if case .character(let code) = input {
                switch sequences.feed(code) {
                case .consumed: return []
                case .reply(let reply): if let reply { replies.append(reply) }; return []
                case .key(let key): return flushText() + modified(key)
                case .paste(let start): return feedKey(start ? .pasteStart : .pasteEnd)
                case .notSequence(let characters): return characters.flatMap { feedKey(.character($0)) }
                }
            }
            return sequences.abandon().flatMap { feedKey(.character($0)) } + feed(input)
        }
        if case .character(27) = input {
            let events = flush()  // an earlier lone ESC was Escape
            sequences.begin()
            return events
        }
        return feedKey(input)
    }

    /// The replies decoded since the last call, in arrival order.
    public mutating func takeReplies() -> [TerminalReply] {
        defer { replies = [] }
        return replies
    }

    private mutating func feedKey(_ input: RawInput) -> [InputEvent] {
        switch input {
        case .character(let code) where KeyMapping.isPrintable(code):
            if escapePending {
                escapePending = false
                altOnText = true
            }
            text.append(Unicode.Scalar(code) ?? "\u{FFFD}")
            return []
        case .character(27):
            let events = flush()  // an earlier lone ESC was Escape
            escapePending = true
            return events
        case .character(let code):
            return flushText() + modified(KeyMapping.key(forControl: code))
        case .keyCode(let code):
            return flushText() + modified(KeyMapping.key(forCode: code, extended: extendedKeys))
        case .pasteStart:
            let events = flush()
            paste = PasteBuffer(limit: pasteLimit)
            return events
        case .pasteEnd:
            return flush()  // an end marker without a start: nothing to end
        case .mouse(let event):
            return flush() + [.mouse(event)]
        case .resize(let size):
            return flush() + [.resize(size)]
        }
    }

    /// Nothing more is waiting: the text read so far is complete, and a pending ESC was a press
    /// of Escape.
    public mutating func endOfBurst() -> [InputEvent] {
        if sequences.isInBody { return flushText() }
        let pending = sequences.abandon().flatMap { feedKey(.character($0)) }
        return pending + flush()
    }

    /// The paste's end marker did not come in time: deliver what arrived.
    public mutating func pasteTimedOut() -> [InputEvent] {
        guard let buffer = paste else { return [] }
        paste = nil
        return [.paste(buffer.text)]
    }

    private mutating func feedPaste(_ input: RawInput) -> [InputEvent] {
        switch input {
        case .character(let code): paste?.append(code); return []
        case .pasteEnd: return pasteTimedOut()
        case .resize(let size): return [.resize(size)]
        case .pasteStart, .keyCode, .mouse: return []
        }
    }

    /// `key` with Alt when an ESC came just before it.
    private mutating func modified(_ key: KeyEvent?) -> [InputEvent] {
        let alt = escapePending
        escapePending = false
        guard var key else { return [] }
        if alt { key.modifiers.insert(.alt) }
        return [.key(key)]
    }

    /// Pending text as one key per grapheme cluster, then a pending ESC as Escape.
    private mutating func flush() -> [InputEvent] {
        flushText() + flushEscapeOnly()
    }

    private mutating func flushEscapeOnly() -> [InputEvent] {
        guard escapePending else { return [] }
        escapePending = false
        return [.key(.escape)]
    }

    private mutating func flushText() -> [InputEvent] {
        guard !text.isEmpty else { return [] }
        var events: [InputEvent] = []
        for character in String(text) {
            events.append(.key(KeyEvent(.character(character), modifiers: altOnText ? .alt : [])))
            altOnText = false
        }
        text = String.UnicodeScalarView()
        return events
    }
}
