import Bootstrap
import CommandLineSupport
import Formats
import WidgetKitWidget

/// `widget timeline`'s parameters and work.
public struct TimelineParameters: ContainerParameters {
    public var container: String?
    public var family: WidgetPicture.Family = .medium
    public var json = false

    public init() {}

    public static var syntax: DirectSyntax<Self> { [.container, .option("--family", \.family), .flag("--json", \.json)] }

    public func run() throws {
        let family = self.family
        let timeline = try WidgetTimelineSource.load(containerFlag: container, family: family) { session, timeline in
            session.bootstrap.logger.info("timeline", metadata: ["state": "\(timeline.state.rawValue)", "family": "\(family.rawValue)"])
        }
        json ? StandardStreams.writeJSON(try JSONFile.text(timeline)) : StandardStreams.writeLines(timeline.lines)
    }
}
