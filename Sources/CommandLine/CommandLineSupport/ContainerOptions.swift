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

extension ContainerOptions {
    /// `--container`, for a DirectlyParsable command (validated as ArgumentParser validates a group).
    public static func directParse(_ arguments: inout DirectArguments) throws(DirectArguments.Decline) -> Self {
        var options = Self()
        options.container = try arguments.option("--container")
        guard (try? options.validate()) != nil else { throw DirectArguments.Decline() }
        return options
    }
}
