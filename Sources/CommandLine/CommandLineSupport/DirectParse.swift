import ArgumentParser

/// The plain invocations the system sends an extension (`notify-service --json FILE`,
/// `widget timeline --json`, `share peers --json`, `<extension> bootstrap`), parsed without
/// swift-argument-parser's reflection.
///
/// Why: ArgumentParser learns a command's arguments at run time, through Mirror, Decodable and
/// dynamic casts; in a statically linked process each first cast scans all ~4,100 conformance
/// records. That was about 10 M instructions, over a third of a whole `notify-service` push
/// (callgrind; docs/linking.md), paid again by every process the system starts.
///
/// ArgumentParser stays the definition of every command: its help, its errors, and every
/// invocation this does not fully understand. A direct parse handles only long options given once
/// (`--name value`, `--name=value`), flags given once and plain positional values; anything else
/// (help, `--`, short names, a repeated or unknown name, a value that looks like an option, a value
/// the type's own `init(argument:)` rejects, a failed `validate()`) makes it decline, and
/// ArgumentParser parses the same arguments from the start. Values are converted with the same
/// `ExpressibleByArgument` initialisers ArgumentParser uses. `DirectParseTests` parses a table of
/// invocations both ways and requires the same command from each.
public protocol DirectlyParsable: ParsableCommand {
    /// Sets every property of a new command from `arguments` (options and flags first, positional
    /// values last), or throws `DirectArguments.Decline`.
    static func directParse(_ arguments: inout DirectArguments) throws(DirectArguments.Decline) -> Self
}

/// A command line being taken apart by a `directParse`.
public struct DirectArguments {
    /// Not handled here: ArgumentParser parses the arguments instead.
    public struct Decline: Error {
        public init() {}
    }

    private var elements: [String]
    private var consumed: [Bool]

    public init<Arguments: Collection<String>>(_ arguments: Arguments) {
        elements = Array(arguments)
        consumed = Array(repeating: false, count: elements.count)
    }

    /// `--name`: whether it was given. Given twice, or with `=value`, declines.
    public mutating func flag(_ name: String) throws(Decline) -> Bool {
        guard let index = try onlyIndex(of: name) else { return false }
        guard elements[index] == name else { throw Decline() }
        consumed[index] = true
        return true
    }

    /// `--name value` or `--name=value`, converted as ArgumentParser converts it; nil when absent.
    public mutating func option<Value: ExpressibleByArgument>(_ name: String, as _: Value.Type = Value.self) throws(Decline) -> Value? {
        guard let index = try onlyIndex(of: name) else { return nil }
        let text: String
        if elements[index] == name {
            let next = index + 1
            // ArgumentParser takes the next element as the value only when it cannot be read as
            // an option; rather than reproduce that rule, anything starting with "-" declines.
            guard next < elements.count, !consumed[next], !elements[next].hasPrefix("-") else { throw Decline() }
            text = elements[next]
            consumed[next] = true
        } else {
            // ArgumentParser reads `--name=` as a missing value, not an empty one.
            text = String(elements[index].dropFirst(name.count + 1))
            guard !text.isEmpty else { throw Decline() }
        }
        consumed[index] = true
        guard let value = Value(argument: text) else { throw Decline() }
        return value
    }

    /// The next positional value not taken as an option's value; call after every option.
    public mutating func positional() throws(Decline) -> String? {
        guard let index = consumed.indices.first(where: { !consumed[$0] }) else { return nil }
        guard !elements[index].hasPrefix("-") else { throw Decline() }
        consumed[index] = true
        return elements[index]
    }

    /// Declines unless every element was understood.
    public func finish() throws(Decline) {
        guard !consumed.contains(false) else { throw Decline() }
    }

    /// The one element that is `name` or `name=…`; nil when none; declines on two, or on `--`
    /// anywhere before it (everything after `--` is positional to ArgumentParser).
    private func onlyIndex(of name: String) throws(Decline) -> Int? {
        guard name.hasPrefix("--"), !elements.contains("--") else { throw Decline() }
        let matches = elements.indices.filter { elements[$0] == name || elements[$0].hasPrefix(name + "=") }
        guard matches.count <= 1 else { throw Decline() }
        return matches.first
    }
}

/// The root-level dispatch: the subcommand (or the default one) and its direct parse.
enum DirectParse {
    /// The command `arguments` ask of `root`, or nil when ArgumentParser must parse them. `root`
    /// must be a group with no arguments of its own (every extension's root is).
    static func command(_ root: ParsableCommand.Type, arguments: [String]) -> ParsableCommand? {
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
        return leaf(direct, arguments: rest)
    }

    /// A leaf command's direct parse, validated as ArgumentParser would.
    static func leaf<Arguments: Collection<String>>(_ command: any DirectlyParsable.Type, arguments: Arguments) -> ParsableCommand? {
        // `help` is ArgumentParser's built-in subcommand wherever it appears first; declining on it
        // anywhere is simpler and costs nothing the system sends.
        guard !arguments.contains("help") else { return nil }
        var split = DirectArguments(arguments)
        guard var parsed = try? command.directParse(&split), (try? split.finish()) != nil,
              (try? parsed.validate()) != nil else { return nil }
        return parsed
    }
}
