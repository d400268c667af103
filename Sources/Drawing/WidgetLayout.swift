/// A rectangle in pixels.
struct WidgetRect: Equatable, Sendable {
    var x: Double
    var y: Double
    var width: Double
    var height: Double

    var maxX: Double { x + width }
    var maxY: Double { y + height }
}

/// The widget's geometry: iOS widget sizes at 2x, and where rows, avatars and text go. Pure
/// arithmetic, so the layout is unit-tested without drawing. Metrics are in points.
struct WidgetLayout: Sendable {
    static let scale = 2.0
    /// iOS's widget corner radius.
    static let cornerRadius = 22.0

    /// One list family's metrics (medium and large draw rows of chats).
    struct ListMetrics: Sendable {
        /// Rows the widget has room for: the most chats it shows.
        var slots: Int
        var horizontalPadding: Double
        var verticalPadding: Double
        var avatarSize: Double
        var avatarGap: Double
        var titleSize: Double
        var titleLine: Double
        var messageSize: Double
        var messageLine: Double
        /// Lines under the title: two (an author line, or text that wraps) on medium, one on large.
        var messageLines: Int
        var timeSize: Double
        var badgeHeight: Double
        var badgeFontSize: Double
    }

    /// The small family's one chat: avatar and badge on top, then the name and up to three lines.
    struct SmallMetrics: Sendable {
        var padding = 15.0
        var avatarSize = 46.0
        var titleGap = 9.0
        var titleSize = 15.0
        var titleLine = 20.0
        var messageSize = 13.5
        var messageLine = 18.0
        var messageLines = 3
        var timeSize = 12.5
        var badgeHeight = 20.0
        var badgeFontSize = 12.5
    }

    static let medium = ListMetrics(slots: 2, horizontalPadding: 16, verticalPadding: 8, avatarSize: 52, avatarGap: 12,
                                    titleSize: 15, titleLine: 20, messageSize: 14, messageLine: 18.5, messageLines: 2,
                                    timeSize: 12.5, badgeHeight: 20, badgeFontSize: 12.5)
    static let large = ListMetrics(slots: 8, horizontalPadding: 16, verticalPadding: 8, avatarSize: 38, avatarGap: 11,
                                   titleSize: 14.5, titleLine: 19, messageSize: 13.5, messageLine: 18, messageLines: 1,
                                   timeSize: 12, badgeHeight: 18, badgeFontSize: 11.5)
    static let small = SmallMetrics()

    let family: WidgetScene.Family

    /// Points: small 170×170, medium 364×170, large 364×382 (iOS on a 390 pt wide phone).
    var pointSize: (width: Double, height: Double) {
        switch family {
        case .small: return (170, 170)
        case .medium: return (364, 170)
        case .large: return (364, 382)
        }
    }

    var pixelSize: (width: Int, height: Int) {
        (Int(pointSize.width * Self.scale), Int(pointSize.height * Self.scale))
    }

    /// The list metrics of medium and large; nil for small.
    var list: ListMetrics? {
        switch family {
        case .small: return nil
        case .medium: return Self.medium
        case .large: return Self.large
        }
    }

    /// How many chats the picture shows.
    var capacity: Int { list?.slots ?? 1 }

    // MARK: List rows (medium, large), in pixels

    func rowFrame(_ index: Int, _ m: ListMetrics) -> WidgetRect {
        let s = Self.scale
        let height = (pointSize.height - 2 * m.verticalPadding) / Double(m.slots)
        return WidgetRect(x: 0, y: (m.verticalPadding + Double(index) * height) * s, width: pointSize.width * s, height: height * s)
    }

    /// On whole pixels, so a letters avatar is copied pixel for pixel.
    func avatarFrame(_ index: Int, _ m: ListMetrics) -> WidgetRect {
        let s = Self.scale, row = rowFrame(index, m), size = m.avatarSize * s
        return WidgetRect(x: (m.horizontalPadding * s).rounded(), y: (row.y + (row.height - size) / 2).rounded(), width: size, height: size)
    }

    /// The column right of the avatar that the title, time, message and badge share.
    func textColumn(_ m: ListMetrics) -> (x: Double, width: Double) {
        let s = Self.scale
        let x = (m.horizontalPadding + m.avatarSize + m.avatarGap) * s
        return (x, pointSize.width * s - m.horizontalPadding * s - x)
    }

    /// The top of the title line: the title and message lines are centred in the row as one block.
    func textTop(_ index: Int, _ m: ListMetrics) -> Double {
        let s = Self.scale, row = rowFrame(index, m)
        let block = (m.titleLine + Double(m.messageLines) * m.messageLine) * s
        return (row.y + (row.height - block) / 2).rounded()
    }

    /// The hairline under row `index`; nil under the last row drawn.
    func separatorY(after index: Int, rows: Int, _ m: ListMetrics) -> Double? {
        guard index < min(rows, m.slots) - 1 else { return nil }
        return rowFrame(index, m).maxY.rounded()
    }

    // MARK: Small, in pixels

    func smallAvatarFrame() -> WidgetRect {
        let m = Self.small, s = Self.scale
        return WidgetRect(x: m.padding * s, y: m.padding * s, width: m.avatarSize * s, height: m.avatarSize * s)
    }

    /// The content box inside the small widget's padding.
    func smallContent() -> WidgetRect {
        let m = Self.small, s = Self.scale
        return WidgetRect(x: m.padding * s, y: m.padding * s, width: (pointSize.width - 2 * m.padding) * s,
                          height: (pointSize.height - 2 * m.padding) * s)
    }

    func smallTitleTop() -> Double {
        let m = Self.small
        return (m.padding + m.avatarSize + m.titleGap) * Self.scale
    }
}
