/// Draws the tab bar: a separator row, then the items spread evenly across the width, each its
/// number key, title and badge (` 1 Chats ③ `); the selected one in the selected style.
public enum TabBar {
    public static let height = 2

    /// Each item's column range on the item row for `width` columns.
    static func itemFrames(count: Int, width: Int) -> [Range<Int>] {
        guard count > 0 else { return [] }
        return (0 ..< count).map { index in (width * index / count) ..< (width * (index + 1) / count) }
    }

    static func itemIndex(atColumn column: Int, items: [TabBarItem], width: Int) -> Int? {
        itemFrames(count: items.count, width: width).firstIndex { $0.contains(column) }
    }

    @MainActor
    public static func draw(items: [TabBarItem], selectedIndex: Int, in canvas: inout Canvas, context: PresentationContext) {
        let theme = context.theme
        let width = canvas.size.width
        canvas.fill(Rect(column: 0, row: 0, width: width, height: 1), with: "─", style: theme.separator)
        canvas.fill(Rect(column: 0, row: 1, width: width, height: 1), style: theme.tabItem)
        for (index, range) in itemFrames(count: items.count, width: width).enumerated() {
            let item = items[index]
            let style = index == selectedIndex ? theme.selectedTabItem : theme.tabItem
            let number = index < 9 ? "\(index + 1) " : ""
            let label = number + item.title
            let badge = item.badge.map { " " + $0 + " " } ?? ""
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
