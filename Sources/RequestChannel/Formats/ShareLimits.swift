/// Limits on what can be shared, documented in `share --help` and enforced by share (before
/// staging) and by main (before applying).
public enum ShareLimits {
    /// A single file: 32 MiB. Files are streamed, never held in memory whole.
    public static let maximumFileSize = 32 << 20
    /// Files in one share.
    public static let maximumFiles = 10
    /// Message text or caption, in bytes (Telegram's 4096 characters, as UTF-8 at most 4 bytes each).
    public static let maximumTextBytes = 16 * 1024
}
