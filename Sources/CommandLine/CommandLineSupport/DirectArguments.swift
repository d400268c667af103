import ArgumentParser

/// A command line being taken apart by a direct parse (`DirectSyntax`).
///
/// It understands only long options given once (`--name value`, `--name=value`), flags given once
/// and plain positional values. Anything else (`--`, a repeated name, a value that looks like an
/// option, a value the type's own `init(argument:)` rejects) declines, and ArgumentParser parses
/// the same arguments from the start.
public struct DirectArguments {
    /// Not handled here: ArgumentParser parses the arguments instead.
    public struct Decline: Error {
        public init() {}
    }

    private var elements: [String]
    private var consumed: [Bool]

    public init(_ arguments: [String]) {
        elements = arguments
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

    /// Declines when `--name` (or `--name=…`) is given: a name only ArgumentParser parses.
    public func absent(_ name: String) throws(Decline) {
        guard try onlyIndex(of: name) == nil else { throw Decline() }
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
