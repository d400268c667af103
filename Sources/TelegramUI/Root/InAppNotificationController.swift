import Display

/// A message for a chat that is not on screen, shown as Telegram shows it inside the app: a
/// banner at the top right with the chat's title and, as the notification-preview setting allows,
/// the message; the app takes it away after a few seconds, and `^O` opens the chat. An overlay
/// that takes no input, so the person's typing goes on undisturbed beneath it.
@MainActor
public final class InAppNotificationController: ViewController {
    public let peerId: ChatId
    public let chatTitle: String
    public let body: String
    /// The key that opens the chat while the banner is up.
    public static let openKey = KeyEvent(.character("o"), modifiers: .control)

    public init(peerId: ChatId, chatTitle: String, body: String) {
        self.peerId = peerId
        self.chatTitle = chatTitle
        self.body = body
        super.init(title: chatTitle)
        displaysNavigationBar = false
    }

    /// Four rows at the top right, up to 48 columns (the whole width on a narrow window).
    override public func overlayFrame(in bounds: Rect) -> Rect {
        let width = min(48, bounds.width)
        return Rect(column: bounds.width - width, row: min(1, max(bounds.height - 4, 0)), width: width, height: min(4, bounds.height))
    }

    override public func drawContent(in canvas: inout Canvas, context: PresentationContext) {
        let theme = context.theme
        let width = max(canvas.size.width - 4, 0)
        canvas.clear(style: theme.content)
        canvas.drawBox(canvas.bounds, style: theme.sheetBorder)
        let hint = " " + KeyHint.text(for: Self.openKey) + " open "
        canvas.put(chatTitle, column: 2, row: 1, style: theme.content.with(attributes: .bold),
                   maxWidth: max(width - TextWidth.of(hint), 0))
        canvas.put(hint, column: max(canvas.size.width - 1 - TextWidth.of(hint), 2), row: 1, style: theme.secondaryText)
        canvas.put(body, column: 2, row: 2, style: theme.secondaryText, maxWidth: width)
    }
}
