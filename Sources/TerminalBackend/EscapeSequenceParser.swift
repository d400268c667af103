import Display

/// The escape sequences ncurses hands over character by character because the terminfo entry
/// of `TERM` does not name them: the terminal's replies to queries, and keys sent in another
/// terminal's dialect (tmux's `ESC [1~` for Home under `TERM=xterm-256color`, rxvt's `ESC [7~`,
/// xterm's modifyOtherKeys, the kitty keyboard protocol's `CSI u`). After an ESC:
///
/// - `_` starts an application program command (kitty's graphics answer, up to `ESC \` or BEL);
/// - `[ ?` starts a private CSI, a reply that ends at its final byte (DA1 ends in `c`);
/// - any other `[` starts a CSI and `O` an SS3: the whole sequence is read to its final byte and
///   becomes a key (`KeySequences`) or, when the app has no key for it, nothing. A sequence is
///   never typed as text, whatever `TERM` says;
/// - a second ESC is Alt on the sequence after it (rxvt sends Alt-Up as `ESC ESC [A`).
///
/// Anything else after the ESC is not a sequence: the caller gets the characters back and
/// decodes them as keys (Alt-x stays Alt-x; ESC [ and ESC O alone stay Alt-[ and Alt-O).
struct EscapeSequenceParser: Sendable {
    /// What `feed` made of one character.
    enum Step: Equatable {
        /// Part of a sequence that is not finished.
        case consumed
        /// A whole reply (nil: a sequence of a kind the app does not use, dropped).
        case reply(TerminalReply?)
        /// A whole key sequence (nil: one the app has no key for, dropped).
        case key(KeyEvent?)
        /// A bracketed-paste marker that ncurses did not turn into its key code.
        case paste(start: Bool)
        /// Not a sequence after all: these characters are input, in order.
        case notSequence([UInt32])
    }

    private enum State: Equatable {
        case idle
        case escape(alt: Bool)
        case csi([UInt32], alt: Bool)
        case ss3([UInt32], alt: Bool)
        case privateCSI([UInt32])
        case apc([UInt32], escape: Bool)
        /// X10 mouse (`ESC [ M` and three bytes) outside ncurses' mouse: read and dropped.
        case skip(Int)
    }

    private var state = State.idle
    /// A sequence longer than this is not one (kitty's answers, DA1 and keys are short).
    static let limit = 512

    /// True while a sequence has started and not ended.
    var isActive: Bool { state != .idle }

    /// Only called after an ESC started (`begin`) or while active.
    mutating func begin() { state = .escape(alt: false) }

    mutating func feed(_ code: UInt32) -> Step {
        switch state {
        case .idle:
            return .notSequence([code])
        case .escape(let alt):
            switch code {
            case 0x5F where !alt: state = .apc([], escape: false); return .consumed   // _
            case 0x5B: state = .csi([], alt: alt); return .consumed                     // [
            case 0x4F: state = .ss3([], alt: alt); return .consumed                     // O
            case 27 where !alt: state = .escape(alt: true); return .consumed
            default: state = .idle; return .notSequence((alt ? [27, 27] : [27]) + [code])
            }
        case .csi(var body, let alt):
            if body.isEmpty && code == 0x3F && !alt { state = .privateCSI([]); return .consumed }   // ?
            if body.isEmpty && code == 0x4D { state = .skip(3); return .consumed }                   // M
            // rxvt ends its Shift+key sequences with `$`, an intermediate byte elsewhere.
            let rxvtShift = code == 0x24 && !body.isEmpty && body.allSatisfy { (0x30 ... 0x39).contains($0) }
            if (0x40 ... 0x7E).contains(code) || rxvtShift {
                state = .idle
                switch KeySequences.csi(parameters: body, final: code) {
                case .key(let key): return .key(key.map { alt ? $0.withAlt : $0 })
                case .pasteStart: return .paste(start: true)
                case .pasteEnd: return .paste(start: false)
                }
            }
            guard (0x20 ... 0x3F).contains(code), body.count < Self.limit else {
                state = .idle
                return .key(nil)
            }
            body.append(code)
            state = .csi(body, alt: alt)
            return .consumed
        case .ss3(var body, let alt):
            if (0x30 ... 0x3B).contains(code), body.count < 16 {   // an SS3 with modifiers: ESC O 1;5 P
                body.append(code)
                state = .ss3(body, alt: alt)
                return .consumed
            }
            state = .idle
            guard (0x40 ... 0x7E).contains(code) else { return .key(nil) }
            return .key(KeySequences.ss3(parameters: body, final: code).map { alt ? $0.withAlt : $0 })
        case .skip(let remaining):
            state = remaining > 1 ? .skip(remaining - 1) : .idle
            return remaining > 1 ? .consumed : .key(nil)
        case .privateCSI(var body):
            if (0x40 ... 0x7E).contains(code) {
                state = .idle
                return .reply(code == 0x63 ? .deviceAttributes(Self.numbers(body)) : nil)
            }
            guard (0x20 ... 0x3F).contains(code), body.count < Self.limit else {
                state = .idle
                return .reply(nil)
            }
            body.append(code)
            state = .privateCSI(body)
            return .consumed
        case .apc(var body, let escape):
            if code == 7 || (escape && code == 0x5C) {
                state = .idle
                return .reply(Self.apc(body))
            }
            if escape { body.append(27) }
            if code == 27 { state = .apc(body, escape: true); return .consumed }
            guard body.count < Self.limit else { state = .idle; return .reply(nil) }
            body.append(code)
            state = .apc(body, escape: false)
            return .consumed
        }
    }

    /// The characters of an unfinished beginning that never became a sequence: an ESC alone (or
    /// two), ESC [ (Alt-[) or ESC O (Alt-O). Longer beginnings are dropped.
    mutating func abandon() -> [UInt32] {
        defer { state = .idle }
        switch state {
        case .escape(let alt): return alt ? [27, 27] : [27]
        case .csi(let body, let alt) where body.isEmpty: return (alt ? [27, 27] : [27]) + [0x5B]
        case .ss3(let body, let alt) where body.isEmpty: return (alt ? [27, 27] : [27]) + [0x4F]
        default: return []
        }
    }

    /// Whether the state is a sequence's body rather than just its first bytes: an unfinished
    /// body waits for the next read instead of being abandoned at the end of a burst.
    var isInBody: Bool {
        switch state {
        case .privateCSI, .apc, .skip: return true
        case .csi(let body, _), .ss3(let body, _): return !body.isEmpty
        default: return false
        }
    }

    static func numbers(_ body: [UInt32]) -> [Int] {
        String(decoding: body.map { UInt8(truncatingIfNeeded: $0) }, as: UTF8.self)
            .split(separator: ";").compactMap { Int($0) }
    }

    /// `G<keys>;<message>` as kitty's answer; other commands are not the app's.
    static func apc(_ body: [UInt32]) -> TerminalReply? {
        let text = String(decoding: body.map { UInt8(truncatingIfNeeded: $0) }, as: UTF8.self)
        guard text.first == "G" else { return nil }
        let parts = text.dropFirst().split(separator: ";", maxSplits: 1, omittingEmptySubsequences: false)
        let keys = parts.first.map(String.init) ?? ""
        var id = 0
        for pair in keys.split(separator: ",") where pair.hasPrefix("i=") { id = Int(pair.dropFirst(2)) ?? 0 }
        return .kittyGraphics(id: id, message: parts.count > 1 ? String(parts[1]) : "")
    }
}

extension KeyEvent {
    var withAlt: KeyEvent { KeyEvent(key, modifiers: modifiers.union(.alt)) }
}
