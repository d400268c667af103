import ArgumentParser

/// A command the system's plain invocations reach without swift-argument-parser's reflection.
///
/// Why: ArgumentParser learns a command's arguments at run time, through Mirror, Decodable and
/// dynamic casts; in a statically linked process each first cast scans all ~4,100 conformance
/// records. That was about 10 M instructions, over a third of a whole `notify-service` push
/// (callgrind; docs/linking.md), paid again by every process the system starts.
///
/// ArgumentParser stays the definition of every command: its help, its errors, and every
/// invocation `Parameters.syntax` does not fully understand. Its declaration (the property
/// wrappers, for names and help) takes each default from `defaults` and returns what it parsed
/// as `parameters`; `DirectParseTests` reads ArgumentParser's own model of each such command,
/// generates invocations from it, and requires both parsers to agree.
public protocol DirectlyParsable: ParsableCommand {
    associatedtype Parameters: CommandParameters
    /// What ArgumentParser parsed.
    var parameters: Parameters { get }
}

extension DirectlyParsable {
    /// The defaults for the property wrappers' declarations.
    public static var defaults: Parameters { Parameters() }

    public func validate() throws {
        try parameters.validate()
    }

    public func run() throws {
        try parameters.run()
    }
}
