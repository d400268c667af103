import ArgumentParser
import Bootstrap
import CommandLineSupport
import Formats
import FoundationEssentials
import NotificationService

/// `notify-service [--deadline S] [--json] [FILE]`: what the system runs when a push arrives.
public struct DeliverCommand: ParsableCommand {
    public static let configuration = CommandConfiguration(
        commandName: "deliver",
        abstract: "Decrypt, verify and enrich one push; print the notification to show (the default).",
        discussion: """
        Reads a push ({"aps": {...}, "p": "<base64url>"}) from FILE or standard input, picks the \
        account whose notification key id the payload names, decrypts it with that account's \
        secret, enriches it from the account's Postbox (opened read-only) and attaches the \
        sender's avatar. When the app is locked the notification shows no name, no text and no \
        avatar. Whatever goes wrong, content is still delivered: the push's own alert with status \
        "fallback" and a reason. When the deadline comes first, the best content so far is \
        delivered (Telegram's serviceExtensionTimeWillExpire).

        Exit status: 0 when delivered, suppressed or removed; 2 when the fallback was delivered \
        (the reason is also printed on standard error); 64 for a usage error.
        """)

    @OptionGroup public var options: ContainerOptions
    @Option(help: "Seconds before the best content so far is delivered.") public var deadline: Double = 30
    @Flag(help: "Print the content as JSON (UNNotificationContent's fields plus status and reason).") public var json = false
    @Argument(help: "The push file (default: standard input).") public var file: String?

    public init() {}

    public func validate() throws {
        guard deadline.isFinite, deadline > 0, deadline <= 3600 else {
            throw ValidationError("--deadline must be more than 0 and at most 3600 seconds")
        }
    }

    public func run() throws {
        let content = PushDelivery.deliver(.init(input: file.map(PushInput.file) ?? .standardInput, deadlineSeconds: deadline,
                                                 containerFlag: options.container, environment: ProcessInfo.processInfo.environment))
        json ? StandardStreams.writeJSON(try JSONFile.text(content)) : StandardStreams.writeLines(content.lines)
        if content.status == .fallback {
            StandardStreams.writeError("notify-service: delivered the fallback: \(content.reason ?? "unknown")\(content.detail.map { " (\($0))" } ?? "")")
            throw ExitCode(2)
        }
    }
}

extension DeliverCommand: DirectlyParsable {
    public static func directParse(_ arguments: inout DirectArguments) throws(DirectArguments.Decline) -> Self {
        var command = Self()
        command.options = try ContainerOptions.directParse(&arguments)
        command.deadline = try arguments.option("--deadline") ?? 30
        command.json = try arguments.flag("--json")
        command.file = try arguments.positional()
        return command
    }
}
