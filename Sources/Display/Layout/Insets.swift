/// Cells kept clear on each side of a rectangle: the terminal's counterpart of `UIEdgeInsets`.
public struct Insets: Hashable, Sendable {
    public var top: Int
    public var left: Int
    public var bottom: Int
    public var right: Int

    public init(top: Int = 0, left: Int = 0, bottom: Int = 0, right: Int = 0) {
        self.top = top; self.left = left; self.bottom = bottom; self.right = right
    }

    public static let zero = Insets()

    /// Side by side sum: safe insets plus a container's additional insets.
    public static func + (a: Insets, b: Insets) -> Insets {
        Insets(top: a.top + b.top, left: a.left + b.left,
               bottom: a.bottom + b.bottom, right: a.right + b.right)
    }
}

extension Rect {
    /// Shrunk by `insets`; never a negative width or height, so too-large insets give an
    /// empty rectangle instead of one that draws backwards.
    public func inset(by insets: Insets) -> Rect {
        Rect(column: column + insets.left, row: row + insets.top,
             width: max(width - insets.left - insets.right, 0),
             height: max(height - insets.top - insets.bottom, 0))
    }
}
