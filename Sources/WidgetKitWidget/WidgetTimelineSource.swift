import Container
import Formats
import Storage

/// The timeline as the widget computes it: the lock first (fail-closed), then the current
/// account from atomic-state and `widget-data` — never a database.
public enum WidgetTimelineSource {
    public static func load(_ session: WidgetSession, family: WidgetPicture.Family, now: Int32 = Clock.unixTime()) -> WidgetTimeline {
        let builder = TimelineBuilder(family: family, now: now, scheme: session.scheme, strings: session.presentationData())
        if session.isLocked() { return builder.locked() }
        guard let record = session.currentRecord else { return builder.build(currentAccountId: nil, read: .missing) }
        let read = WidgetDataRead.read(WidgetDataFile(layout: session.layout, deviceKey: session.bootstrap.deviceKey))
        return builder.build(currentAccountId: record.id, read: read)
    }
}
