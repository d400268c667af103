@testable import CommandLineSupport
import IntentsCommands
import NotifyServiceCommands
import ShareCommands
import WidgetCommands
import ArgumentParser
import Testing
@testable import Bootstrap
import NotificationService
import ShareExtensionContext
import SiriIntents
import WidgetKitWidget

/// The direct parse (Bootstrap/CLI/DirectParse.swift) against ArgumentParser, which stays the
/// definition: what the direct parse takes, ArgumentParser must parse to the same command; what it
/// cannot take exactly, it must decline.
struct DirectParseTests {
    struct Case: CustomTestStringConvertible, Sendable {
        let command: any DirectlyParsable.Type
        let arguments: [String]
        /// Whether the direct parse must take it (false: it must decline).
        let direct: Bool
        var testDescription: String { "\(command.configuration.commandName ?? "?") \(arguments) → \(direct ? "direct" : "ArgumentParser")" }
    }

    static func taken(_ command: any DirectlyParsable.Type, _ arguments: [String]) -> Case { Case(command: command, arguments: arguments, direct: true) }
    static func declined(_ command: any DirectlyParsable.Type, _ arguments: [String]) -> Case { Case(command: command, arguments: arguments, direct: false) }

    static let cases: [Case] = [
        taken(BootstrapCommand.self, []),
        taken(BootstrapCommand.self, ["--json"]),
        taken(BootstrapCommand.self, ["--container", "/tmp/c", "--json"]),
        taken(BootstrapCommand.self, ["--container=/tmp/c"]),
        taken(BootstrapCommand.self, ["--container", ""]),
        taken(BootstrapCommand.self, ["--container=/tmp/a=b"]),
        declined(BootstrapCommand.self, ["--container=", "--json"]),
        taken(BootstrapCommand.self, ["--container", "/tmp/контейнер 🙂"]),
        declined(BootstrapCommand.self, ["--json", "--json"]),
        declined(BootstrapCommand.self, ["--json=true"]),
        declined(BootstrapCommand.self, ["--container"]),
        declined(BootstrapCommand.self, ["--container", "--json"]),
        declined(BootstrapCommand.self, ["--container", "a", "--container", "b"]),
        declined(BootstrapCommand.self, ["-h"]),
        declined(BootstrapCommand.self, ["--help"]),
        declined(BootstrapCommand.self, ["help"]),
        declined(BootstrapCommand.self, ["--", "--json"]),
        declined(BootstrapCommand.self, ["--jso"]),
        declined(BootstrapCommand.self, ["extra"]),
        declined(BootstrapCommand.self, ["--generate-completion-script", "bash"]),

        taken(DeliverCommand.self, []),
        taken(DeliverCommand.self, ["--json", "push.json"]),
        taken(DeliverCommand.self, ["push.json", "--json"]),
        taken(DeliverCommand.self, ["--deadline", "2.5", "--container", "/c", "push.json"]),
        taken(DeliverCommand.self, ["--deadline=3600"]),
        declined(DeliverCommand.self, ["--deadline", "0"]),
        declined(DeliverCommand.self, ["--deadline", "nan"]),
        declined(DeliverCommand.self, ["--deadline", "soon"]),
        declined(DeliverCommand.self, ["--deadline", "-1"]),
        declined(DeliverCommand.self, ["a.json", "b.json"]),
        declined(DeliverCommand.self, ["-"]),
        declined(DeliverCommand.self, ["help"]),

        taken(PeersCommand.self, ["--json"]),
        taken(PeersCommand.self, ["--query", "ann", "--account", "42"]),
        taken(PeersCommand.self, ["--account=7", "--json"]),
        declined(PeersCommand.self, ["--account", "-5"]),
        declined(PeersCommand.self, ["--account", "x"]),
        declined(PeersCommand.self, ["--account", "99999999999999999999"]),

        taken(TimelineCommand.self, []),
        taken(TimelineCommand.self, ["--family", "large", "--json"]),
        taken(TimelineCommand.self, ["--family=small"]),
        declined(TimelineCommand.self, ["--family", "huge"]),

        taken(ConfigureCommand.self, ["--json"]),
        taken(ConfigureCommand.self, ["--clear"]),
        taken(ConfigureCommand.self, ["--query", "ann", "--json"]),
        declined(ConfigureCommand.self, ["--query", "ann", "--clear"]),
        declined(ConfigureCommand.self, ["--select", "1000001"]),

        taken(SearchMessagesCommand.self, ["--query", "kumquat", "--json"]),
        taken(SearchMessagesCommand.self, ["--limit", "5", "--unread", "--since", "2024-05-01", "--from", "tg1000001"]),
        taken(SearchMessagesCommand.self, []),
        declined(SearchMessagesCommand.self, ["--limit", "0"]),
        declined(SearchMessagesCommand.self, ["--limit", "1.5"]),
        declined(SearchMessagesCommand.self, ["--since", "yesterday"]),
        declined(SearchMessagesCommand.self, ["--from", " "]),
    ]

    @Test(arguments: cases)
    func directParseAgreesWithArgumentParser(_ invocation: Case) throws {
        let direct = DirectParse.leaf(invocation.command, arguments: invocation.arguments)
        #expect((direct != nil) == invocation.direct)
        guard let direct else { return }
        // Both sides as their property wrappers hold them: every parsed value, with its type.
        let reference = try invocation.command.parse(invocation.arguments)
        #expect(String(reflecting: direct) == String(reflecting: reference))
    }

    /// A group like every extension's root: subcommands by name, the default one otherwise.
    struct Root: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "root", subcommands: [DeliverCommand.self, BootstrapCommand.self], defaultSubcommand: DeliverCommand.self)
    }

    @Test(arguments: [["bootstrap", "--json"], ["--json", "push.json"], ["push.json"], [], ["deliver", "--json"]])
    func rootDispatchAgreesWithArgumentParser(_ arguments: [String]) throws {
        let direct = try #require(DirectParse.command(Root.self, arguments: arguments))
        let reference = try Root.parseAsRoot(arguments)
        #expect(String(reflecting: direct) == String(reflecting: reference))
    }

    @Test(arguments: [["help"], ["--help"], ["bootstrap", "--help"], ["unknown-subcommand", "x"], ["bootstrap", "push.json"]])
    func rootDispatchDeclines(_ arguments: [String]) {
        #expect(DirectParse.command(Root.self, arguments: arguments) == nil)
    }

    @Test func dumpsShowParsedValues() throws {
        // The comparison above is only as good as the dump: it must show each value.
        let direct = try #require(DirectParse.leaf(DeliverCommand.self, arguments: ["--deadline", "2.5", "x.json"]))
        let dump = String(reflecting: direct)
        #expect(dump.contains("2.5") && dump.contains("x.json"))
    }
}
