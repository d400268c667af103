import ArgumentParser
import BroadcastCommands
import CommandLineSupport
import IntentsCommands
import NotifyServiceCommands
import ShareCommands
import Testing
import WidgetCommands

/// The commands under test: whatever the extensions' roots declare that parses directly.
enum Extensions {
    static let roots: [ParsableCommand.Type] = [
        NotifyServiceCommand.self, ShareCommand.self, WidgetCommand.self, IntentsCommand.self, BroadcastCommand.self,
    ]

    /// Every directly parsable subcommand of a root, once (the bootstrap is under each).
    static let directCommands: [DirectCommand] = {
        var seen = Set<ObjectIdentifier>()
        return roots.flatMap { root in
            root.configuration.subcommands.compactMap { subcommand -> DirectCommand? in
                guard let direct = subcommand as? any DirectlyParsable.Type, seen.insert(ObjectIdentifier(subcommand)).inserted else { return nil }
                return DirectCommand(type: direct, root: root)
            }
        }
    }()
}

/// A directly parsable command and a root it is reached from (for ArgumentParser's model of it).
struct DirectCommand: CustomTestStringConvertible, Sendable {
    let type: any DirectlyParsable.Type
    let root: ParsableCommand.Type

    var name: String { type.configuration.commandName ?? "?" }
    var testDescription: String { "\(root.configuration.commandName ?? "?") \(name)" }

    /// ArgumentParser's model of the command.
    func model() throws -> CommandModel {
        let tree = try CommandModel.of(root)
        guard let model = tree.subcommands?.first(where: { $0.commandName == name }) else { throw ModelMissing(command: name) }
        return model
    }

    struct ModelMissing: Error {
        let command: String
    }
}
