import Display

/// Which pictures the terminal shows, found by asking it, never from `$TERM`. Pure: the session
/// sends `queries` at start and feeds the replies in; tests feed byte streams.
///
/// - kitty's graphics protocol answers a query command (`a=q`, an id, one pixel) with
///   `ESC _ G i=31;OK ESC \`; a terminal that does not know it says nothing.
/// - DA1 (`ESC [ c`), which every terminal answers, comes after: its attribute 4 is sixel.
///   Outside tmux the terminal answers in order, so DA1 without a kitty answer before it means
///   no kitty.
/// - In tmux, tmux itself answers DA1 (its own sixel, or none); the kitty query goes to the
///   terminal outside wrapped for passthrough, and its answer, if passthrough is allowed at all,
///   may come after tmux's DA1: a late OK still switches to kitty.
///
/// Until the answers come (the first frame never waits for them) the mode is the fallback:
/// symbols on a true-colour terminal, else none. An override (the environment or the
/// configuration file) is the mode from the start, and nothing is asked.
public struct GraphicsDetection: Hashable, Sendable {
    /// The id of the query command, to tell its answer from a picture's.
    public static let queryId = 31
    /// One 24-bit pixel, transmitted directly (`t=d`), only queried (`a=q`): nothing is stored.
    static let kittyQuery = "\u{1B}_Gi=\(queryId),s=1,v=1,a=q,t=d,f=24;AAAA\u{1B}\\"
    static let deviceAttributesQuery = "\u{1B}[c"

    public private(set) var mode: GraphicsMode
    /// Whether kitty's sequences must be wrapped for tmux's passthrough.
    public let inTmux: Bool
    /// True once the answers decided (or an override made asking needless).
    public private(set) var settled: Bool
    private let fallback: GraphicsMode
    /// kitty's placeholder cells carry the picture's id in their colour: exact only in 256
    /// colours or more.
    private let placeholdersWork: Bool
    private let overridden: Bool

    /// - Parameters:
    ///   - override: the mode chosen by the person; nil to detect.
    ///   - colorDepth: symbols need 24-bit colour (the fallback), kitty's placeholders 256 colours.
    ///   - inTmux: `$TMUX` is set.
    public init(override: GraphicsMode?, colorDepth: ColorDepth, inTmux: Bool) {
        fallback = colorDepth == .trueColor ? .symbols : .none
        placeholdersWork = colorDepth == .trueColor || colorDepth == .palette256
        self.inTmux = inTmux
        overridden = override != nil
        if let override {
            // Asked for where it cannot work (symbols or kitty on too few colours): the placeholder.
            switch override {
            case .symbols where colorDepth != .trueColor, .kitty where !placeholdersWork: mode = .none
            default: mode = override
            }
            settled = true
        } else {
            mode = fallback
            settled = false
        }
    }

    /// The bytes to send once at start (nothing after an override).
    public var queries: [UInt8] {
        guard !settled else { return [] }
        let kitty = Array(Self.kittyQuery.utf8)
        return (inTmux ? TmuxPassthrough.wrap(kitty) : kitty) + Array(Self.deviceAttributesQuery.utf8)
    }

    /// Takes one reply; true when the mode changed.
    @discardableResult
    public mutating func receive(_ reply: TerminalReply) -> Bool {
        let before = mode
        switch reply {
        case .kittyGraphics(let id, let message) where id == Self.queryId && message == "OK" && placeholdersWork:
            // After DA1 only in tmux, whose own DA1 overtakes the outer terminal's answer.
            if !overridden, !settled || inTmux { mode = .kitty }
        case .deviceAttributes(let attributes) where !settled:
            settled = true
            if mode != .kitty { mode = attributes.dropFirst().contains(4) ? .sixel : fallback }
        default:
            break
        }
        return mode != before
    }

    /// The mode named by `TELEGRAM_GRAPHICS` (beats the file) or the configuration file
    /// (`configured`, nil for "auto"); nil to detect. A value that names no mode is reported and
    /// detection goes on.
    public static func override(environment: String?, configured: GraphicsMode?) -> (mode: GraphicsMode?, problem: String?) {
        guard let environment, !environment.isEmpty else { return (configured, nil) }
        if environment == "auto" { return (nil, nil) }
        if let mode = GraphicsMode(rawValue: environment) { return (mode, nil) }
        let names = (["auto"] + GraphicsMode.allCases.map(\.rawValue)).joined(separator: ", ")
        return (configured, "TELEGRAM_GRAPHICS=\(environment) is not one of \(names); ignored")
    }
}
