import ArgumentParser
import CommandLineSupport

/// `notify-service [--deadline S] [--json] [FILE]`: what the system runs when a push arrives.
public struct DeliverCommand: DirectlyParsable {
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
    @Option(parsing: .unconditional, help: "Seconds before the best content so far is delivered.") public var deadline: Double = Self.defaults.deadline
    @Flag(help: "Print the content as JSON (UNNotificationContent's fields plus status and reason).") public var json = Self.defaults.json
    @Argument(help: "The push file (default: standard input).") public var file: String?

    public init() {}

    public var parameters: DeliverParameters {
        .init { $0.container = options.container; $0.deadline = deadline; $0.json = json; $0.file = file }
    }
}
