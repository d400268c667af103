import ArgumentParser
import Bootstrap
import CommandLineSupport
import SiriIntents

/// `--container` and `--json`, on every intent.
public struct IntentOptions: ParsableArguments {
    @OptionGroup public var containerOptions: ContainerOptions
    @Flag(help: "Print the response as JSON: {\"intent\", \"code\", \"reason\", \"detail\", …}.") public var json = false

    public init() {}
}

/// `--deadline`, on the intents that ask main to change something.
public struct AcknowledgementOptions: ParsableArguments {
    @Option(parsing: .unconditional, help: ArgumentHelp(
        "Seconds to wait for the running app to apply the change.",
        discussion: "Counted from the start. Not acknowledged in time (or main not running): inProgress, reason queued; main applies it at its next launch.",
        valueName: "seconds"))
    public var deadline: Double = 10

    public init() {}

    public func validate() throws {
        guard deadline.isFinite, (0...600).contains(deadline) else { throw ValidationError("--deadline must be between 0 and 600 seconds") }
    }
}
