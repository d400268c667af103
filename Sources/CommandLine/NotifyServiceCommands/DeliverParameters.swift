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
        let content = PushDelivery.deliver(.init(input: file.map(PushInput.file) ?? .standardInput, deadlineSeconds: deadline,
                                                 containerFlag: container, environment: ProcessInfo.processInfo.environment))
        json ? StandardStreams.writeJSON(try JSONFile.text(content)) : StandardStreams.writeLines(content.lines)
        if content.status == .fallback {
            StandardStreams.writeError("notify-service: delivered the fallback: \(content.reason ?? "unknown")\(content.detail.map { " (\($0))" } ?? "")")
            throw ExitCode(2)
        }
    }
}
