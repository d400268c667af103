import ArgumentParser

/// `<extension> bootstrap`: runs the shared bootstrap and reports what it found.
public struct BootstrapCommand: DirectlyParsable {
    public static let configuration = CommandConfiguration(
        commandName: "bootstrap",
        abstract: "Run the shared extension bootstrap and report what it found.",
        discussion: """
        Derives the app group from the bundle id, loads (or creates) the device key, opens the \
        AccountManager and the current account's Postbox read-only, runs one read transaction, \
        and prints each step's time. Nothing in any database is changed.
        """)

    @OptionGroup public var options: ContainerOptions
    @Flag(name: .long, help: "Print JSON instead of text.") public var json = Self.defaults.json

    public init() {}

    public var parameters: BootstrapParameters {
        .init { $0.container = options.container; $0.json = json }
    }
}
