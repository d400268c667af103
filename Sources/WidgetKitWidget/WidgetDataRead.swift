import Formats

/// What the timeline found in `widget-data`. Every way it can be wrong is a value, not a crash:
/// the widget then shows its empty state.
enum WidgetDataRead: Equatable, Sendable {
    /// main has not written it yet (or it was deleted).
    case missing
    /// Corrupt, truncated, sealed with another device's key, or not WidgetData JSON.
    case unreadable(String)
    case data(WidgetData)

    static func read(_ file: WidgetDataFile) -> WidgetDataRead {
        do {
            guard let data = try file.read() else { return .missing }
            return .data(data)
        } catch {
            return .unreadable("\(error)")
        }
    }
}
