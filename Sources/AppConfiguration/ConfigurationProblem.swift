/// Something in the configuration file that could not be used: where it is and why. The file's
/// other settings still apply (all of them default for a syntax error).
public struct ConfigurationProblem: Hashable, Sendable, CustomStringConvertible {
    public var file: String
    /// 1-based; nil when the line could not be found.
    public var line: Int?
    public var column: Int?
    public var message: String

    public init(file: String, line: Int?, column: Int? = nil, message: String) {
        self.file = file
        self.line = line
        self.column = column
        self.message = message
    }

    /// `/home/ada/.config/…/config.toml line 4: unknown action "jump" in [keys.list]`.
    public var description: String {
        var place = file
        if let line { place += " line \(line)" + (column.map { ", column \($0)" } ?? "") }
        return place + ": " + message
    }
}
