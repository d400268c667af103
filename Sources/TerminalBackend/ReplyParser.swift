/// Recognises the terminal's replies in the characters ncurses hands over one by one (it knows
/// none of them as keys): after an ESC, `_` starts an application program command (kitty's
/// graphics answer, up to `ESC \` or BEL), and `[ ?` starts a private CSI that ends at its final
/// byte (DA1 ends in `c`). Anything else after the ESC is not a reply: the caller gets the
/// characters back and decodes them as keys (Alt-[ stays Alt-[).
struct ReplyParser: Sendable {
    /// What `feed` made of one character.
    enum Step: Equatable {
        /// Part of a reply that is not finished.
        case consumed
        /// A whole reply (nil: a sequence of a kind the app does not use, dropped).
        case reply(TerminalReply?)
        /// Not a reply after all: these characters are input, in order.
        case notReply([UInt32])
    }

    private enum State: Equatable {
        case idle
        case escape
        case csi
        case privateCSI([UInt32])
        case apc([UInt32], escape: Bool)
    }

    private var state = State.idle
    /// A reply longer than this is not one (kitty's answers and DA1 are short).
    static let limit = 512

    /// True while a reply has started and not ended.
    var isActive: Bool { state != .idle }

    /// Only called after an ESC started (`begin`) or while active.
    mutating func begin() { state = .escape }

    mutating func feed(_ code: UInt32) -> Step {
        switch state {
        case .idle:
            return .notReply([code])
        case .escape:
            switch code {
            case 0x5F: state = .apc([], escape: false); return .consumed       // _
            case 0x5B: state = .csi; return .consumed                          // [
            default: state = .idle; return .notReply([27, code])
            }
        case .csi:
            if code == 0x3F { state = .privateCSI([]); return .consumed }      // ?
            state = .idle
            return .notReply([27, 0x5B, code])
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

    /// The characters of an unfinished sequence that never became a reply: an ESC alone, or
    /// ESC [ (Alt-[). Longer beginnings are dropped.
    mutating func abandon() -> [UInt32] {
        defer { state = .idle }
        switch state {
        case .escape: return [27]
        case .csi: return [27, 0x5B]
        default: return []
        }
    }

    /// Whether the state is a reply's body rather than just its first bytes: an unfinished
    /// body waits for the next read instead of being abandoned at the end of a burst.
    var isInBody: Bool {
        switch state {
        case .privateCSI, .apc: return true
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
