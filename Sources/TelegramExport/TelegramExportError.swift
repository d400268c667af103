/// Why an export cannot be read: the byte offset in `result.json` where it went wrong (counted in
/// the file as written, before any rewriting) and what was wrong there.
public struct TelegramExportError: Error, CustomStringConvertible, Sendable {
    public var offset: Int?
    public var message: String

    public init(offset: Int?, _ message: String) {
        self.offset = offset
        self.message = message
    }

    public var description: String { offset.map { "byte \($0): \(message)" } ?? message }
}
