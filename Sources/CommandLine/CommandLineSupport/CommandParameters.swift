/// The values one command runs with, each declared once with its default. ArgumentParser's
/// declaration of the command takes its defaults from here and hands what it parsed back as
/// these; the direct parse fills them through `syntax`. Validation and the command's work live
/// here too, so both parsers end in the same code. (Equatable: the parity test compares what the
/// two parsers made of one command line.)
public protocol CommandParameters: Equatable {
    /// Every parameter at its default.
    init()
    /// The command's options, flags and positional values by name, for the direct parse.
    static var syntax: DirectSyntax<Self> { get }
    /// What ArgumentParser's `validate()` checks: a failure here is a usage error.
    func validate() throws
    /// What the command does.
    func run() throws
}

extension CommandParameters {
    public func validate() throws {}

    /// The defaults, then what `set` changes: how a command hands over what ArgumentParser parsed.
    public init(_ set: (inout Self) -> Void) {
        self.init()
        set(&self)
    }
}
