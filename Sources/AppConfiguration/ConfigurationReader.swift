import Display
import FoundationEssentials
import Formats
import TOMLKit

/// Reads the configuration file with TOMLKit (toml++): a syntax error leaves every default in
/// place; a setting that is not understood (an unknown action, key name or theme, a value of the
/// wrong type) is skipped with a problem naming its line, and the rest applies.
///
/// The file:
/// ```toml
/// style = "vim"            # or "standard"; also [keys] vim = true
/// theme = "terminal"       # "day", "night" or "terminal"
/// [keys.list]
/// down = ["j", "down"]     # a key, or a list of keys; [] unbinds
/// top = "g g"              # a sequence
/// ```
public enum ConfigurationReader {
    static let topLevelKeys: Set<String> = ["style", "theme", "keys", "graphics", "notifications", "opener"]

    /// The file at `path`; no file is no problem (the defaults).
    public static func read(path: String) -> AppConfiguration {
        guard FileManager.default.fileExists(atPath: path) else { return .defaults }
        guard let data = FileManager.default.contents(atPath: path) else {
            return failed(ConfigurationProblem(file: path, line: nil, message: "cannot be read; the default keys and theme are used"))
        }
        guard let text = String(validating: data, as: UTF8.self) else {
            return failed(ConfigurationProblem(file: path, line: nil, message: "is not UTF-8 text; the default keys and theme are used"))
        }
        return parse(text, file: path)
    }

    public static func parse(_ text: String, file: String) -> AppConfiguration {
        let root: TOMLTable
        do {
            root = try TOMLTable(string: text)
        } catch let error as TOMLParseError {
            return failed(ConfigurationProblem(file: file, line: error.source.begin.line, column: error.source.begin.column,
                                               message: error.description + "; the default keys and theme are used"))
        } catch {
            return failed(ConfigurationProblem(file: file, line: nil, message: "\(error); the default keys and theme are used"))
        }
        var reading = Reading(file: file, lines: SettingLines(text))
        return reading.configuration(root)
    }

    static func failed(_ problem: ConfigurationProblem) -> AppConfiguration {
        AppConfiguration(keyBindings: .defaults, theme: nil, problems: [problem])
    }

    /// One pass over a parsed file, gathering problems as it goes.
    struct Reading {
        let file: String
        let lines: SettingLines
        var problems: [ConfigurationProblem] = []

        mutating func problem(_ table: [String], _ key: String, _ message: String) {
            problems.append(ConfigurationProblem(file: file, line: lines.line(of: key, in: table), message: message))
        }

        mutating func configuration(_ root: TOMLTable) -> AppConfiguration {
            for key in root.keys where !ConfigurationReader.topLevelKeys.contains(key) {
                problem([], key, "unknown setting \"\(key)\" (\(ConfigurationReader.topLevelKeys.sorted().joined(separator: ", ")))")
            }
            let keysTable = table(root, "keys", in: [])
            var style = KeyStyle.standard
            if let value = root["style"] {
                if let name = value.string, let chosen = KeyStyle(rawValue: name) {
                    style = chosen
                } else {
                    problem([], "style", "style is \"standard\" or \"vim\", not \(value.debugDescription)")
                }
            }
            if let keysTable, let value = keysTable["vim"] {
                if let vim = value.bool { if vim { style = .vim } } else { problem(["keys"], "vim", "vim is true or false") }
            }
            var theme: PresentationThemeSettings.Theme?
            if let value = root["theme"] {
                if let name = value.string, let chosen = PresentationThemeSettings.Theme(rawValue: name) {
                    theme = chosen
                } else {
                    let names = PresentationThemeSettings.Theme.allCases.map { "\"\($0.rawValue)\"" }.joined(separator: ", ")
                    problem([], "theme", "theme is one of \(names), not \(value.debugDescription)")
                }
            }
            var bindings = KeyBindings(style: style)
            if let keysTable { bind(keysTable, into: &bindings) }
            var configuration = AppConfiguration(keyBindings: bindings, theme: theme, problems: [])
            readGraphics(root, into: &configuration)
            configuration.opener = opener(root)
            configuration.desktopNotifications = desktopNotifications(root)
            configuration.problems = problems
            return configuration
        }

        mutating func table(_ parent: TOMLTable, _ key: String, in path: [String]) -> TOMLTable? {
            guard let value = parent[key] else { return nil }
            guard let table = value.table else {
                problem(path, key, "\(key) is a table ([\((path + [key]).joined(separator: "."))])")
                return nil
            }
            return table
        }

        mutating func bind(_ keysTable: TOMLTable, into bindings: inout KeyBindings) {
            let contexts = KeyContext.allCases.map(\.rawValue)
            for name in keysTable.keys where name != "vim" && KeyContext(rawValue: name) == nil {
                problem(["keys"], name, "unknown key context [keys.\(name)] (\(contexts.joined(separator: ", ")))")
            }
            for context in KeyContext.allCases {
                guard let table = table(keysTable, context.rawValue, in: ["keys"]) else { continue }
                let path = ["keys", context.rawValue]
                // Which action of this file took each key, to name both when two take one.
                var taken: [[KeyEvent]: String] = [:]
                for name in table.keys {
                    guard let action = KeyAction(context: context, name: name) else {
                        let known = KeyAction.all(in: context).map(\.name).joined(separator: ", ")
                        problem(path, name, "unknown action \"\(name)\" in [keys.\(context.rawValue)] (\(known))")
                        continue
                    }
                    guard let value = table[name], let texts = strings(value) else {
                        problem(path, name, "\(name) is a key (\"ctrl-a\") or a list of keys ([\"j\", \"down\"])")
                        continue
                    }
                    var sequences: [[KeyEvent]] = []
                    var valid = true
                    for text in texts {
                        do {
                            sequences.append(try KeyNotation.parseSequence(text))
                        } catch {
                            problem(path, name, "\(error) for \(name)")
                            valid = false
                        }
                    }
                    guard valid else { continue }
                    for sequence in sequences {
                        if let other = taken[sequence] {
                            // The later of the two lines, where the second binding was written.
                            let later = [other, name].max { (lines.line(of: $0, in: path) ?? 0) < (lines.line(of: $1, in: path) ?? 0) } ?? name
                            problem(path, later, "\(KeyNotation.hint(for: sequence)) is bound to both \(other) and \(name) in [keys.\(context.rawValue)]")
                        }
                        taken[sequence] = name
                    }
                    bindings.bind(action, to: sequences)
                }
            }
        }

        /// A string, or an array of strings; nil for anything else.
        func strings(_ value: TOMLValueConvertible) -> [String]? {
            if let text = value.string { return [text] }
            guard let array = value.array else { return nil }
            var texts: [String] = []
            for element in array {
                guard let text = element.string else { return nil }
                texts.append(text)
            }
            return texts
        }
    }
}

extension ConfigurationReader {
    /// The file for this process's environment; the defaults where no home is known.
    public static func load(baseBundleId: String, environment: [String: String] = ProcessInfo.processInfo.environment) -> (path: String?, configuration: AppConfiguration) {
        guard let path = ConfigurationLocation.path(baseBundleId: baseBundleId, environment: environment) else { return (nil, .defaults) }
        return (path, read(path: path))
    }
}
