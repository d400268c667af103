/// Where the wiring says what a person did and what went wrong: the app log in the app, a list in
/// tests. A failed write is logged, not shown as a crash.
struct InterfaceLog {
    enum Level: Sendable { case info, error }

    let write: (Level, String, [String: String]) -> Void

    func info(_ message: String, metadata: [String: String] = [:]) { write(.info, message, metadata) }
    func error(_ message: String, metadata: [String: String] = [:]) { write(.error, message, metadata) }
}
