/// A file's size as Telegram shows it: 1024 to a KB, one decimal where it is not whole
/// ("850 B", "1 KB", "1.2 MB"), GB past that. The chat screen and `main messages` say it alike.
public enum ByteCountText {
    public static func text(_ bytes: Int64) -> String {
        guard bytes >= 1024 else { return "\(max(bytes, 0)) B" }
        var unit: Int64 = 1024
        for name in ["KB", "MB", "GB"] {
            if bytes < unit * 1024 || name == "GB" {
                // Divided first: a hostile size near Int64.max must not overflow.
                let tenths = bytes / unit * 10 + (bytes % unit * 10 + unit / 2) / unit
                return tenths % 10 == 0 ? "\(tenths / 10) \(name)" : "\(tenths / 10).\(tenths % 10) \(name)"
            }
            unit *= 1024
        }
        return "\(bytes) B"
    }
}
