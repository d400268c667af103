/// Where the call's frame file stands, as `call-stats.json` and `main status` show it.
public enum FrameSourceState: String, Codable, Sendable {
    /// Not there yet: the embedded extension has not created its sink.
    case waiting
    /// Mapped; frames are read as they are published.
    case open
    /// Shorter than its ring needs (truncated under the reader, or never whole); reopened once a second.
    case truncated
    /// Was there and has gone; looked for once a second.
    case missing
    /// There but not a usable frame ring (foreign, newer version, unreadable); retried once a second.
    case unreadable
    /// The call ended.
    case closed
}
