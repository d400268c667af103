import ArgumentParser

/// The root-level dispatch of a direct parse: the subcommand (or the default one) and its
/// parameters, or nil when ArgumentParser must parse the command line.
enum DirectParse {
    /// The parameters `arguments` ask of `root`'s subcommand. `root` must be a group with no
    /// arguments of its own (every extension's root is).
    static func command(_ root: ParsableCommand.Type, arguments: [String]) -> (any CommandParameters)? {
        let configuration = root.configuration
        let subcommands = configuration.subcommands
        // A subcommand without an explicit name is named by ArgumentParser from its type: without
        // the names, a first argument cannot be told from a default subcommand's value.
        let names = subcommands.map { $0.configuration.commandName }
        guard !names.contains(nil) else { return nil }
        let aliases = subcommands.flatMap { $0.configuration.aliases }
        var rest = arguments[...]
        let target: ParsableCommand.Type
        if let first = rest.first, let index = names.firstIndex(of: first) {
            target = subcommands[index]
            rest = rest.dropFirst()
        } else if let first = rest.first, aliases.contains(first) {
            return nil
        } else if let defaultSubcommand = configuration.defaultSubcommand {
            target = defaultSubcommand
        } else {
            return nil
        }
        guard let direct = target as? any DirectlyParsable.Type else { return nil }
        return parameters(direct, arguments: Array(rest))
    }

    /// A leaf command's parameters, parsed and validated as ArgumentParser would; nil when declined.
    /// (`arguments` is a concrete array: generic over the collection too, the checks below would run
    /// unspecialized, looking up String's conformances at run time.)
    static func parameters<Command: DirectlyParsable>(_: Command.Type, arguments: [String]) -> Command.Parameters? {
        // `help` is ArgumentParser's built-in subcommand wherever it appears first; declining on it
        // anywhere is simpler and costs nothing the system sends.
        guard !arguments.contains("help"), let parameters = try? Command.Parameters.syntax.parse(arguments),
              (try? parameters.validate()) != nil else { return nil }
        return parameters
    }
}
