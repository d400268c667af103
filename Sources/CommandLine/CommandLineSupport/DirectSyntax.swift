import ArgumentParser

/// What a `DirectSyntax` element is.
public enum DirectArgumentKind: Sendable {
    case option, flag, positional
    /// Named so the parity test knows it is meant, but parsed only by ArgumentParser: its
    /// presence declines.
    case leftToArgumentParser
}

/// A command's options, flags and positional values, each named once and bound to the parameter
/// it sets: what a direct parse reads a command line with. A parameter that is not given keeps the
/// default its `CommandParameters` declares, the same default ArgumentParser's declaration shows.
public struct DirectSyntax<Parameters: CommandParameters>: ExpressibleByArrayLiteral {
    /// One option, flag or positional value.
    public struct Element {
        /// `--name`; nil for a positional value.
        public let name: String?
        public let kind: DirectArgumentKind
        let read: (inout DirectArguments, inout Parameters) throws(DirectArguments.Decline) -> Void
    }

    public let elements: [Element]

    public init(arguments elements: [Element]) {
        self.elements = elements
    }

    public init(arrayLiteral elements: Element...) {
        self.init(arguments: elements)
    }

    /// The parameters `arguments` give (options and flags first, positional values in order), or
    /// `Decline` unless every element was understood.
    public func parse(_ arguments: [String]) throws(DirectArguments.Decline) -> Parameters {
        var split = DirectArguments(arguments)
        var parameters = Parameters()
        for element in elements where element.kind != .positional {
            try element.read(&split, &parameters)
        }
        for element in elements where element.kind == .positional {
            try element.read(&split, &parameters)
        }
        try split.finish()
        return parameters
    }
}

extension DirectSyntax.Element {
    /// `--name value`, converted by the value's own `init(argument:)`.
    public static func option<Value: ExpressibleByArgument>(_ name: String, _ parameter: WritableKeyPath<Parameters, Value>) -> Self {
        Self(name: name, kind: .option) { arguments, parameters throws(DirectArguments.Decline) in
            if let value = try arguments.option(name, as: Value.self) { parameters[keyPath: parameter] = value }
        }
    }

    /// `--name value` for a parameter that is nil when not given.
    public static func option<Value: ExpressibleByArgument>(_ name: String, _ parameter: WritableKeyPath<Parameters, Value?>) -> Self {
        Self(name: name, kind: .option) { arguments, parameters throws(DirectArguments.Decline) in
            if let value = try arguments.option(name, as: Value.self) { parameters[keyPath: parameter] = value }
        }
    }

    /// `--name`: true when given.
    public static func flag(_ name: String, _ parameter: WritableKeyPath<Parameters, Bool>) -> Self {
        Self(name: name, kind: .flag) { arguments, parameters throws(DirectArguments.Decline) in
            if try arguments.flag(name) { parameters[keyPath: parameter] = true }
        }
    }

    /// The next positional value, nil when there is none.
    public static func positional<Value: ExpressibleByArgument>(_ parameter: WritableKeyPath<Parameters, Value?>) -> Self {
        Self(name: nil, kind: .positional) { arguments, parameters throws(DirectArguments.Decline) in
            guard let text = try arguments.positional() else { return }
            guard let value = Value(argument: text) else { throw DirectArguments.Decline() }
            parameters[keyPath: parameter] = value
        }
    }

    /// A name only ArgumentParser parses (several values, say): given, the direct parse declines.
    public static func leftToArgumentParser(_ name: String) -> Self {
        Self(name: name, kind: .leftToArgumentParser) { arguments, _ throws(DirectArguments.Decline) in
            try arguments.absent(name)
        }
    }
}
