import ArgumentParser

/// `--container`, on every command of every executable.
public struct ContainerOptions: ParsableArguments {
    @Option(name: .long, help: ArgumentHelp(
        "The shared app-group container directory.",
        discussion: "Defaults to $APP_GROUP_CONTAINER, else $XDG_DATA_HOME/AppGroups/group.<base bundle id>.",
        valueName: "path"))
    public var container: String?

    public init() {}
}

/// The parameters of a command that takes `--container`.
public protocol ContainerParameters: CommandParameters {
    var container: String? { get set }
}

extension DirectSyntax.Element where Parameters: ContainerParameters {
    /// `--container`, as ContainerOptions declares it.
    public static var container: Self { .option("--container", \.container) }
}
