import AppCore
import CommandLineSupport
/// Standard input as commands read it: the lines a command consumed are remembered, so that when
/// the command is handed to the running app its input travels with it; inside the running app,
/// a handed-over command reads those lines instead of the app's own standard input.
enum CommandInput {
    nonisolated(unsafe) static var consumed: [String] = []
    nonisolated(unsafe) static var replay: [String]?

    static func readLine() -> String? {
        if replay != nil {
            return replay!.isEmpty ? nil : replay!.removeFirst()
        }
        let line = Swift.readLine(strippingNewline: true)
        if let line { consumed.append(line) }
        return line
    }
}
