import ArgumentParser
import Bootstrap
import CommandLineSupport
import Container
import DrawingClient
import Formats
import WidgetKitWidget

/// What `render` wrote, for `--json`.
struct RenderReport: Encodable {
    let out: String
    let bytes: Int
    let width: Int
    let height: Int
    let family: WidgetPicture.Family
    let appearance: WidgetPicture.Appearance
    let state: WidgetTimeline.State
    let reason: WidgetTimeline.EmptyReason?
    let chats: Int
}

/// `widget render`: the widget as it appears on the home screen, as a PNG.
public struct RenderCommand: ParsableCommand {
    public static let configuration = CommandConfiguration(
        commandName: "render",
        abstract: "Draw the widget as it appears on the home screen, as a PNG.",
        discussion: """
        Draws what `widget timeline` shows for the family (from widget-data alone, no database \
        opened): the chats with their avatars (the photo, else Telegram's letters avatar), names, \
        last messages (the author first in groups), times and unread badges (grey when muted), \
        in the light or dark appearance. The empty state draws its words under Telegram's logo; \
        a locked app draws only "Unlock the app to use the widget".

        Sizes are iOS's widget sizes at 2x: small 340×340 px (170 pt), medium 728×340 \
        (364×170 pt), large 728×764 (364×382 pt). Drawing loads Cairo (libcairo.so.2) on first \
        use; without it the command fails (exit 1).

        --json prints one object:
          {"out", "bytes", "width", "height", "family", "appearance", "state",
           "reason"?, "chats"}

        Example:
          widget render --family large --appearance dark --out widget.png
        """)

    @OptionGroup public var options: ContainerOptions
    @Option(help: ArgumentHelp("The widget's size: small, medium or large.", valueName: "family"))
    public var family: WidgetPicture.Family = .medium
    @Option(help: ArgumentHelp("light or dark.", valueName: "appearance"))
    public var appearance: WidgetPicture.Appearance = .light
    @Option(help: ArgumentHelp("Where to write the PNG.", valueName: "file.png")) public var out: String
    @Flag(help: "Print JSON (see above).") public var json = false

    public init() {}

    public func run() throws {
        let timeline = try WidgetTimelineSource.load(containerFlag: options.container, family: family)
        let picture = WidgetPictureBuilder.picture(timeline, appearance: appearance)
        let png = try DrawingLibrary.render(.widget(picture))
        // AtomicFile puts its temp file beside the target; a bare name needs its directory spelt out.
        let path = out.contains("/") ? out : "./" + out
        try AtomicFile.write(png, to: path)
        let size = family.pointSize
        let report = RenderReport(out: out, bytes: png.count, width: size.width * 2, height: size.height * 2, family: family,
                                  appearance: appearance, state: timeline.state, reason: timeline.reason, chats: picture.rows.count)
        json ? StandardStreams.writeJSON(try JSONFile.text(report)) : StandardStreams.writeLine("wrote \(out) (\(report.width)×\(report.height), \(png.count) bytes): \(timeline.state.rawValue)"
                + (timeline.state == .chats ? ", \(picture.rows.count) chat\(picture.rows.count == 1 ? "" : "s")" : ""))
    }
}
