/// The styles every Display element draws with (Telegram's `NavigationControllerTheme` with its
/// `NavigationBarTheme`, plus the tab bar's and lists'). Made from a palette for the terminal's
/// colour depth; on a monochrome terminal every distinction is an attribute instead.
public struct Theme: Hashable, Sendable {
    /// Day and night paint their own background; `terminal` keeps the terminal's own foreground
    /// and background (the default colours) and takes only accents from a palette.
    public enum Appearance: Hashable, Sendable { case day, night, terminal }

    public var appearance: Appearance
    public var depth: ColorDepth

    /// Content: plain text on the background.
    public var content: Style
    public var secondaryText: Style
    public var accent: Style
    /// A selected row or item.
    public var selection: Style
    public var emptyArea: Style

    public var barBackground: Style
    public var barTitle: Style
    public var barSubtitle: Style
    /// The back / Close item and right-hand items.
    public var barButton: Style
    /// A right-hand item's key hint (`^N`).
    public var keyHint: Style
    public var separator: Style

    public var badge: Style
    public var tabItem: Style
    public var selectedTabItem: Style
    /// A sheet's border and the minimized box's.
    public var sheetBorder: Style
    /// An error under a field, a destructive action (log out, end call).
    public var destructive: Style

    public init(_ appearance: Appearance, depth: ColorDepth) {
        self.appearance = appearance
        self.depth = depth
        if depth == .monochrome {
            content = .plain
            secondaryText = Style(attributes: .dim)
            accent = Style(attributes: .bold)
            selection = Style(attributes: .reverse)
            emptyArea = .plain
            barBackground = .plain
            barTitle = Style(attributes: .bold)
            barSubtitle = Style(attributes: .dim)
            barButton = Style(attributes: .underline)
            keyHint = Style(attributes: .dim)
            separator = .plain
            badge = Style(attributes: [.reverse, .bold])
            tabItem = .plain
            selectedTabItem = Style(attributes: [.reverse, .bold])
            sheetBorder = Style(attributes: .bold)
            destructive = Style(attributes: [.bold, .underline])
            return
        }
        let palette: ThemePalette
        switch appearance {
        case .day: palette = .day(depth)
        case .night: palette = .night(depth)
        case .terminal: palette = .terminal(depth)
        }
        content = Style(foreground: palette.text, background: palette.background)
        secondaryText = Style(foreground: palette.secondaryText, background: palette.background)
        accent = Style(foreground: palette.accent, background: palette.background)
        selection = Style(foreground: palette.selectionText ?? palette.text, background: palette.selectionBackground)
        emptyArea = Style(foreground: palette.secondaryText, background: palette.emptyArea)
        barBackground = Style(foreground: palette.text, background: palette.barBackground)
        barTitle = Style(foreground: palette.text, background: palette.barBackground, attributes: .bold)
        barSubtitle = Style(foreground: palette.secondaryText, background: palette.barBackground)
        barButton = Style(foreground: palette.accent, background: palette.barBackground)
        keyHint = Style(foreground: palette.secondaryText, background: palette.barBackground)
        separator = Style(foreground: palette.separator, background: palette.barBackground)
        badge = Style(foreground: palette.badgeText, background: palette.badgeBackground, attributes: .bold)
        tabItem = Style(foreground: palette.secondaryText, background: palette.barBackground)
        selectedTabItem = Style(foreground: palette.accent, background: palette.barBackground, attributes: .bold)
        sheetBorder = Style(foreground: palette.separator, background: palette.background)
        destructive = Style(foreground: palette.badgeBackground, background: palette.background)
    }

    public static let dayMonochrome = Theme(.day, depth: .monochrome)
}
