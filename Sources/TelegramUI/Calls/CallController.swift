import Display

/// A group call's live figures, as the call screen and its minimized box show them. A plain
/// value: the app fills it from its call's statistics once a second (TelegramUI knows nothing of
/// how a call runs).
public struct CallFigures: Equatable, Sendable {
    /// Seconds since the call started.
    public var duration: Int
    /// Frames received in the last second, and on average since the first.
    public var fps: Double
    public var averageFps: Double
    public var framesReceived: UInt64
    /// Frames proven whole (the synthetic source's checksum).
    public var framesVerified: UInt64
    public var framesDropped: UInt64
    /// The broadcast extension's state: its keepalive says it captures for this call.
    public var extensionActive: Bool
    /// "active", or "inactive: <reason>".
    public var extensionStatus: String
    /// The frame file's state: waiting, open, truncated, missing, unreadable, closed.
    public var frameSource: String

    public init(duration: Int = 0, fps: Double = 0, averageFps: Double = 0, framesReceived: UInt64 = 0,
                framesVerified: UInt64 = 0, framesDropped: UInt64 = 0, extensionActive: Bool = false,
                extensionStatus: String = "inactive", frameSource: String = "waiting") {
        self.duration = duration
        self.fps = fps
        self.averageFps = averageFps
        self.framesReceived = framesReceived
        self.framesVerified = framesVerified
        self.framesDropped = framesDropped
        self.extensionActive = extensionActive
        self.extensionStatus = extensionStatus
        self.frameSource = frameSource
    }

    /// One short line for the corner box: `30 fps · 245 ✓ · active` (✓: frames verified).
    public var summary: String {
        "\(Self.whole(fps)) fps · \(framesVerified) ✓ · \(extensionActive ? "active" : "inactive")"
    }

    /// `0:05`, `12:34`, `1:02:03`.
    public static func durationText(_ seconds: Int) -> String {
        let s = max(seconds, 0)
        let two = { (n: Int) in n < 10 ? "0\(n)" : "\(n)" }
        return s >= 3600 ? "\(s / 3600):\(two(s / 60 % 60)):\(two(s % 60))" : "\(s / 60):\(two(s % 60))"
    }

    static func whole(_ value: Double) -> Int { value.isFinite ? Int(value.rounded()) : 0 }

    /// One decimal, for the average.
    static func oneDecimal(_ value: Double) -> String {
        let tenths = value.isFinite ? Int((value * 10).rounded()) : 0
        return "\(tenths / 10).\(abs(tenths % 10))"
    }
}

/// The group call screen (Telegram's VoiceChatController, for a call that receives a screencast):
/// the chat's title, how long the call has run, the screencast's figures, and the key that ends
/// the call. It is full-window (a flat modal). Leaving it — Esc, or its Close item — does not end
/// the call: the call goes into the corner box (Display's minimized container) with its figures
/// on the box's second line while the person goes on using the app; F7 brings the screen back.
///
/// Keys: `e` ends the call (the bar's item). Esc or Close: back to the app, the call in the corner.
/// In the corner box: F7 opens this screen, F8 ends the call (a running call never hides: the box
/// is the only sign that the screencast goes on).
@MainActor
public final class CallController: ViewController, MinimizableController {
    public let callId: UInt32
    public let peerId: ChatId
    public let peerTitle: String
    public private(set) var figures: CallFigures
    /// A failure to show under the figures (the call could not be ended).
    public private(set) var status: String?
    /// Ends the call; true once it has ended (the app then takes the screen or the box away).
    public var onEnd: (() -> Bool)?

    public static let endKey = KeyEvent(.character("e"))

    public init(callId: UInt32, peerId: ChatId, peerTitle: String, figures: CallFigures) {
        self.callId = callId
        self.peerId = peerId
        self.peerTitle = peerTitle
        self.figures = figures
        super.init(title: "📞 " + peerTitle)
        navigationPresentation = .flatModal
        subtitle = figures.summary
        rightBarItems = [BarButtonItem(title: "End call", key: Self.endKey) { [unowned self] in _ = endCall() }]
    }

    /// The latest figures (once a second): the screen and the box's line follow them.
    public func update(_ figures: CallFigures) {
        self.figures = figures
        subtitle = figures.summary
    }

    public func showStatus(_ text: String?) {
        status = text
    }

    @discardableResult
    func endCall() -> Bool {
        onEnd?() ?? false
    }

    /// The screen's lines: a label column and its value.
    var rows: [(String, String)] {
        let f = figures
        return [
            ("Duration", CallFigures.durationText(f.duration)),
            ("Frame rate", "\(CallFigures.whole(f.fps)) fps (\(CallFigures.oneDecimal(f.averageFps)) average)"),
            ("Frames verified", "\(f.framesVerified) of \(f.framesReceived) received, \(f.framesDropped) dropped"),
            ("Extension", f.extensionStatus),
            ("Frame file", f.frameSource),
        ]
    }

    override public func drawContent(in canvas: inout Canvas, context: PresentationContext) {
        let theme = context.theme
        let width = max(canvas.size.width - 4, 0)
        canvas.put("Group call with " + peerTitle, column: 2, row: 1, style: theme.accent.with(attributes: .bold), maxWidth: width)
        let labelWidth = rows.map { TextWidth.of($0.0) }.max() ?? 0
        for (index, (label, value)) in rows.enumerated() {
            let row = 3 + index
            canvas.put(label, column: 2, row: row, style: theme.secondaryText, maxWidth: width)
            canvas.put(value, column: 4 + labelWidth, row: row, style: theme.content, maxWidth: max(width - labelWidth - 2, 0))
        }
        var row = 4 + rows.count
        if let status {
            canvas.put(status, column: 2, row: row, style: theme.accent, maxWidth: width)
            row += 2
        }
        let hints = [KeyHint.text(for: Self.endKey) + " ends the call.",
                     "Esc goes back to the app; the call stays in the corner (F7 opens it, F8 ends it)."]
        for (index, hint) in hints.enumerated() {
            canvas.put(hint, column: 2, row: row + index, style: theme.secondaryText, maxWidth: width)
        }
    }

    /// Esc minimizes (the call goes on in the corner), as the Close item does.
    override public func handle(_ event: InputEvent) -> Bool {
        if event == .key(.escape) {
            performPreviousAction()
            return true
        }
        return super.handle(event)
    }

    override public var previousActionHint: String? { "to corner" }

    override public func performPreviousAction() {
        navigationController?.minimize(self)
    }

    // MARK: MinimizableController

    public var minimizedCloseTitle: String { "end call" }

    /// F8 on the box ends the call; the box stays if it could not be ended.
    public func minimizedCloseRequested() -> Bool {
        endCall()
    }
}
