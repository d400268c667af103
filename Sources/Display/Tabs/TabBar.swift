/// Draws the tab bar: a separator row, then the items across the width, each its number key,
/// title and badge (` 1 Chats ③ `); the selected one in the selected style.
public enum TabBar {
    public static let height = 2

    /// `1 Chats`: the number key (the first nine) and the title.
    static func label(_ item: TabBarItem, index: Int) -> String { (index < 9 ? "\(index + 1) " : "") + item.title }

    static func badge(_ item: TabBarItem) -> String { item.badge.map { " " + $0 + " " } ?? "" }

    /// The columns an item needs whole: its label, its badge after a space, a column each side.
    static func neededWidth(_ item: TabBarItem, index: Int) -> Int {
        let badge = badge(item)
        return TextWidth.of(label(item, index: index)) + (badge.isEmpty ? 0 : 1 + TextWidth.of(badge)) + 2
    }

    /// Each item's column range on the item row for `width` columns: every item as wide as it
    /// needs, the spare columns shared out evenly, whenever the width allows (a narrow column's
    /// four tabs with a badge do not fit an even quarter each); else even shares, cut.
    static func itemFrames(items: [TabBarItem], width: Int) -> [Range<Int>] {
        let count = items.count
        guard count > 0 else { return [] }
        let needed = items.enumerated().map { neededWidth($1, index: $0) }
        let spare = width - needed.reduce(0, +)
        guard spare >= 0 else { return (0 ..< count).map { index in (width * index / count) ..< (width * (index + 1) / count) } }
        var start = 0
        return needed.enumerated().map { index, need in
            let end = start + need + spare * (index + 1) / count - spare * index / count
            defer { start = end }
            return start ..< end
        }
    }

    static func itemIndex(atColumn column: Int, items: [TabBarItem], width: Int) -> Int? {
        itemFrames(items: items, width: width).firstIndex { $0.contains(column) }
    }

    @MainActor
    public static func draw(items: [TabBarItem], selectedIndex: Int, in canvas: inout Canvas, context: PresentationContext) {
        let theme = context.theme
        let width = canvas.size.width
        canvas.fill(Rect(column: 0, row: 0, width: width, height: 1), with: "─", style: theme.separator)
        canvas.fill(Rect(column: 0, row: 1, width: width, height: 1), style: theme.tabItem)
        for (index, range) in itemFrames(items: items, width: width).enumerated() {
            let item = items[index]
            let style = index == selectedIndex ? theme.selectedTabItem : theme.tabItem
            let label = label(item, index: index)
            let badge = badge(item)
            let contentWidth = min(TextWidth.of(label) + (badge.isEmpty ? 0 : 1 + TextWidth.of(badge)), range.count - 2)
            var column = range.lowerBound + max((range.count - contentWidth) / 2, 1)
            if index == selectedIndex {
                canvas.fill(Rect(column: range.lowerBound, row: 1, width: range.count, height: 1), style: style)
            }
            let labelLimit = max(range.upperBound - 1 - column - (badge.isEmpty ? 0 : TextWidth.of(badge) + 1), 1)
            column = canvas.put(label, column: column, row: 1, style: style, maxWidth: labelLimit)
            if !badge.isEmpty, column + 1 + TextWidth.of(badge) <= range.upperBound {
                canvas.put(badge, column: column + 1, row: 1, style: theme.badge)
            }
        }
    }
}
