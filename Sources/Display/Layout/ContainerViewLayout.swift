/// The layout handed from the window down through every container to each controller
/// (Telegram's `ContainerViewLayout`), in cells. Containers pass on a modified copy: a smaller size,
/// more insets, or no input height for a controller that takes no text.
public struct ContainerViewLayout: Hashable, Sendable {
    public var size: Size
    public var metrics: LayoutMetrics
    /// Cells the content must not use (the safe-area counterpart: e.g. a border a backend keeps).
    public var safeInsets: Insets
    /// Rows at the top taken by the status line; nil when there is none, as in Telegram.
    public var statusBarHeight: Int?
    /// Rows at the bottom taken by the composer (the keyboard's counterpart); nil when no input is up.
    public var inputHeight: Int?
    /// Insets a container adds for its children (a tab bar below, a panel above), on top of `safeInsets`.
    public var additionalInsets: Insets

    public init(size: Size, metrics: LayoutMetrics? = nil, safeInsets: Insets = .zero,
                statusBarHeight: Int? = nil, inputHeight: Int? = nil, additionalInsets: Insets = .zero) {
        self.size = size
        self.metrics = metrics ?? LayoutMetrics(size: size)
        self.safeInsets = safeInsets
        self.statusBarHeight = statusBarHeight
        self.inputHeight = inputHeight
        self.additionalInsets = additionalInsets
    }

    /// The same layout without the composer: what a container gives a controller that takes no text
    /// input, so its content is not pushed up by input it does not own.
    public func withoutInputHeight() -> ContainerViewLayout {
        var copy = self
        copy.inputHeight = nil
        return copy
    }

    /// Everything kept clear on each side. The status bar adds to the top; the input covers the
    /// bottom inset rather than adding to it (the keyboard covers the home indicator the same way).
    public var insets: Insets {
        var result = safeInsets + additionalInsets
        result.top += statusBarHeight ?? 0
        if let inputHeight { result.bottom = max(result.bottom, inputHeight) }
        return result
    }

    /// The cells left for content once every inset is taken, in the layout's own coordinates.
    public var contentRect: Rect {
        Rect(origin: .zero, size: size).inset(by: insets)
    }
}
