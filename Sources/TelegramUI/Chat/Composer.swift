/// The text being written in a chat: what is typed, pasted and deleted, before it is sent. A
/// value, so it is tested without a screen. The text is capped (Telegram's 4,096 characters).
public struct Composer: Equatable, Sendable {
    public private(set) var text = ""
    public static let limit = 4096
    /// Characters it takes at most (a passcode field takes fewer than a message).
    public let capacity: Int

    public init(capacity: Int = Composer.limit) { self.capacity = capacity }

    public mutating func insert(_ string: String) {
        let room = capacity - text.count
        guard room > 0 else { return }
        text += string.prefix(room)
    }

    public mutating func deleteBackward() {
        if !text.isEmpty { text.removeLast() }
    }

    public mutating func clear() { text = "" }

    /// The text to send (nil when only whitespace), and the composer cleared.
    public mutating func take() -> String? {
        let trimmed = text.drop { $0 == " " || $0 == "\n" || $0 == "\t" }
        guard !trimmed.isEmpty else { return nil }
        defer { text = "" }
        return text
    }
}
