@testable import CommandLineSupport
import ArgumentParser
import Testing

/// The direct parse against ArgumentParser, which stays the definition. Every invocation is
/// generated from ArgumentParser's own model of each directly parsable command (Invocations):
/// what the direct parse takes, ArgumentParser must parse to the same parameters, field by field;
/// what it cannot take exactly, it must decline. And every option, flag and positional value
/// ArgumentParser declares must be taken directly somewhere, so one declared without its fast
/// path fails here.
struct DirectParseTests {
    @Test(arguments: Extensions.directCommands)
    func syntaxNamesWhatArgumentParserDeclares(_ command: DirectCommand) throws {
        let model = try command.model()
        let syntax = command.type.syntaxElements
        #expect(Set(model.declared.flatMap(\.longNames)) == Set(syntax.compactMap(\.name)),
                "the direct syntax must name every option and flag ArgumentParser declares, and only those")
        #expect(model.declared.filter { $0.kind == "positional" }.count == syntax.filter { $0.kind == .positional }.count)
    }

    @Test(arguments: Extensions.directCommands)
    func everyGeneratedInvocationAgrees(_ command: DirectCommand) throws {
        let model = try command.model()
        let invocations = Invocations(model: model)
        let leftToArgumentParser = Set(command.type.syntaxElements.filter { $0.kind == .leftToArgumentParser }.compactMap(\.name))
        var takenAlone: [[String]] = []
        for argument in model.declared {
            let taken = invocations.alone(argument).filter { agree(command.type, $0) }
            if let first = taken.first {
                takenAlone.append(first)
            } else if leftToArgumentParser.isDisjoint(with: argument.longNames) {
                Issue.record("\(command) \(argument.spellings.first ?? "<positional>"): never parsed directly; the direct syntax lacks it")
            }
        }
        for line in Invocations.foreign + invocations.abbreviations {
            agree(command.type, line)
        }
        // All together, in declaration order and reversed.
        agree(command.type, takenAlone.flatMap { $0 })
        agree(command.type, takenAlone.reversed().flatMap { $0 })
        let bare = agree(command.type, [])
        #expect(bare, "\(command) with no arguments must be parsed directly")
    }

    @Test(arguments: Extensions.roots.map(RootCommand.init))
    func rootDispatchAgrees(_ root: RootCommand) throws {
        let model = try CommandModel.of(root.type)
        let configuration = root.type.configuration
        for subcommand in configuration.subcommands {
            guard subcommand is any DirectlyParsable.Type, let name = subcommand.configuration.commandName,
                  let submodel = model.subcommands?.first(where: { $0.commandName == name }) else { continue }
            let invocations = Invocations(model: submodel)
            let lines = Invocations.foreign + submodel.declared.flatMap { invocations.alone($0) }
            var prefixes = [[name]]
            if configuration.defaultSubcommand.map(ObjectIdentifier.init) == ObjectIdentifier(subcommand) { prefixes.append([]) }
            for prefix in prefixes {
                for line in lines {
                    agreeAtRoot(root.type, prefix + line)
                }
                let bare = agreeAtRoot(root.type, prefix)
                #expect(bare, "\(root) \(prefix) must be parsed directly")
            }
        }
    }

    /// Parses `line` both ways, records any disagreement, and says whether the direct parse took it.
    @discardableResult
    func agree<Command: DirectlyParsable>(_: Command.Type, _ line: [String]) -> Bool {
        let reference = Result { try Command.parse(line) }
        if let direct = DirectParse.parameters(Command.self, arguments: line) {
            switch reference {
            case .success(let parsed):
                #expect(parsed.parameters == direct, "\(Command.self) \(line): \(Self.differences(parsed.parameters, direct))")
            case .failure(let error):
                Issue.record("\(Command.self) \(line): taken directly, refused by ArgumentParser: \(Command.message(for: error))")
            }
            return true
        }
        // Understood, then refused by validate(): ArgumentParser must refuse it too.
        if !line.contains("help"), let understood = try? Command.Parameters.syntax.parse(line), (try? understood.validate()) == nil,
           case .success = reference {
            Issue.record("\(Command.self) \(line): refused by the parameters' validate(), taken by ArgumentParser")
        }
        return false
    }

    /// `agree` for a whole executable's command line: the root's dispatch, then the subcommand's.
    @discardableResult
    func agreeAtRoot(_ root: ParsableCommand.Type, _ line: [String]) -> Bool {
        guard let direct = DirectParse.command(root, arguments: line) else { return false }
        do {
            let parsed = try root.parseAsRoot(line)
            guard let parsed = parsed as? any DirectlyParsable else {
                Issue.record("\(root) \(line): taken directly, but ArgumentParser chose \(type(of: parsed))")
                return true
            }
            #expect(Self.same(direct, parsed.parameters), "\(root) \(line): direct \(direct), ArgumentParser \(parsed.parameters)")
        } catch {
            Issue.record("\(root) \(line): taken directly, refused by ArgumentParser: \(root.message(for: error))")
        }
        return true
    }

    static func same(_ a: any CommandParameters, _ b: any CommandParameters) -> Bool {
        func compare<Parameters: CommandParameters>(_ a: Parameters) -> Bool { (b as? Parameters) == a }
        return compare(a)
    }

    /// The fields that differ, named: `family: ArgumentParser .large, direct .medium`.
    static func differences<Parameters>(_ reference: Parameters, _ direct: Parameters) -> String {
        zip(Mirror(reflecting: reference).children, Mirror(reflecting: direct).children).compactMap { left, right in
            let (a, b) = (String(reflecting: left.value), String(reflecting: right.value))
            return a == b ? nil : "\(left.label ?? "?"): ArgumentParser \(a), direct \(b)"
        }.joined(separator: "; ")
    }
}

/// A root, printable as a test argument.
struct RootCommand: CustomTestStringConvertible, Sendable {
    let type: ParsableCommand.Type
    var testDescription: String { type.configuration.commandName ?? "?" }
}

extension DirectlyParsable {
    /// The direct syntax, reached from the command type.
    static var syntaxElements: [(name: String?, kind: DirectArgumentKind)] { Parameters.syntax.elements.map { ($0.name, $0.kind) } }
}
