import ArgumentParser
import CommandLineSupport
import Formats
import FoundationEssentials
import NotificationService

/// `notify-service deliver`'s parameters and work.
public struct DeliverParameters: ContainerParameters {
    public var container: String?
    public var deadline: Double = 30
    public var json = false
    public var file: String?

    public init() {}

    public static var syntax: DirectSyntax<Self> {
        [.container, .option("--deadline", \.deadline), .flag("--json", \.json), .positional(\.file)]
    }

    public func validate() throws {
        guard deadline.isFinite, deadline > 0, deadline <= 3600 else {
            throw ValidationError("--deadline must be more than 0 and at most 3600 seconds")
        }
    }

    public func run() throws {
        let environment = ProcessInfo.processInfo.environment
        let delivered = PushDelivery.deliver(.init(input: file.map(PushInput.file) ?? .standardInput, deadlineSeconds: deadline,
                                                   containerFlag: container, environment: environment, desktop: true))
        let content = delivered.content
        // Composed first, shown on the desktop after: what is printed is what was posted.
        let desktop = DesktopDelivery.deliver(content, layout: delivered.layout, environment: environment, connection: delivered.desktop,
                                              drawnPixels: delivered.avatarPixels)
        json ? StandardStreams.writeJSON(try JSONFile.text(DeliverReport(content: content, desktop: desktop)))
             : StandardStreams.writeLines(content.lines + [desktop.line])
        if content.status == .fallback {
            StandardStreams.writeError("notify-service: delivered the fallback: \(content.reason ?? "unknown")\(content.detail.map { " (\($0))" } ?? "")")
            throw ExitCode(2)
        }
    }
}
