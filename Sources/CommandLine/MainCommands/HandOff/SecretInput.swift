import TelegramCore
import AppCore

/// A secret read from standard input: the first line, without its newline. Never from argv,
/// where other users could read it in the process list.
func readSecretLine(_ what: String) throws -> String {
    guard let line = readLine(strippingNewline: true), !line.isEmpty else {
        throw AccountLifecycle.Failure(description: "expected the \(what) on standard input")
    }
    return line
}
