import ArgumentParser
import Foundation

/// ArgumentParser's own model of a command tree, as `--experimental-dump-help` prints it
/// (ToolInfoV0): the parts invocations are generated from.
struct CommandModel: Decodable, Sendable {
    struct Name: Decodable, Sendable {
        let kind: String
        let name: String

        /// As typed: `--long`, `-s`, `-longWithSingleDash`.
        var spelling: String { kind == "long" ? "--" + name : "-" + name }
    }

    struct Argument: Decodable, Sendable {
        /// positional, option or flag.
        let kind: String
        let names: [Name]?
        let allValues: [String]?

        var spellings: [String] { (names ?? []).map(\.spelling) }
        var longNames: [String] { (names ?? []).filter { $0.kind == "long" }.map(\.spelling) }
        /// ArgumentParser's own `-h, --help`, which no command declares.
        var isHelp: Bool { longNames == ["--help"] }
    }

    let commandName: String
    let subcommands: [CommandModel]?
    let arguments: [Argument]?

    /// The arguments the command itself declares.
    var declared: [Argument] { (arguments ?? []).filter { !$0.isHelp } }

    /// `root`'s tree, from ArgumentParser's `--experimental-dump-help`.
    static func of(_ root: ParsableCommand.Type) throws -> CommandModel {
        struct ToolInfo: Decodable { let command: CommandModel }
        let message: String
        do {
            _ = try root.parseAsRoot(["--experimental-dump-help"])
            message = ""
        } catch {
            message = root.fullMessage(for: error)
        }
        return try JSONDecoder().decode(ToolInfo.self, from: Data(message.utf8)).command
    }
}
