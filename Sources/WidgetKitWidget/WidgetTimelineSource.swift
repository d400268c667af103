import Bootstrap
import Container
import Formats
import TelegramCore

/// The timeline as the widget computes it: the lock first (fail-closed), then the current
/// account from atomic-state and `widget-data` — never a database.
public enum WidgetTimelineSource {
    /// The timeline of the container `containerFlag` names. The system asks before main ever ran
    /// (the group's default place not there yet): "Log in", as iOS's widget shows with an empty
    /// group container, and nothing created. A container a person named that is not there is an
    /// error (ContainerMissing), never a fresh empty app.
    public static func load(containerFlag: String?, family: WidgetPicture.Family,
                            _ log: (WidgetSession, WidgetTimeline) -> Void = { _, _ in }) throws -> WidgetTimeline {
        let session: WidgetSession
        do {
            session = try WidgetSession(containerFlag: containerFlag)
        } catch let missing as ContainerMissing where !missing.container.isExplicit {
            let builder = TimelineBuilder(family: family, now: Clock.unixTime(), scheme: missing.container.configuration.appSpecificUrlScheme,
                                          strings: WidgetPresentationData(strings: .english))
            return builder.build(currentAccountId: nil, read: .missing)
        }
        defer { session.finish() }
        let timeline = load(session, family: family)
        log(session, timeline)
        return timeline
    }

    public static func load(_ session: WidgetSession, family: WidgetPicture.Family, now: Int32 = Clock.unixTime()) -> WidgetTimeline {
        let builder = TimelineBuilder(family: family, now: now, scheme: session.scheme, strings: session.presentationData())
        if session.isLocked() { return builder.locked() }
        guard let record = session.currentRecord else { return builder.build(currentAccountId: nil, read: .missing) }
        let read = WidgetDataRead.read(WidgetDataFile(layout: session.layout, deviceKey: session.bootstrap.deviceKey))
        return builder.build(currentAccountId: record.id, read: read)
    }
}
