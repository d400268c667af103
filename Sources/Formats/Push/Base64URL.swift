import FoundationEssentials

/// Base64url as Telegram's pushes carry `p`: `-` and `_` for `+` and `/`, no `=` padding. Decoding
/// follows Telegram's receiver (map back, pad to a multiple of 4, strict base64).
public enum Base64URL {
    public static func encode(_ bytes: [UInt8]) -> String {
        var text = Data(bytes).base64EncodedString()
        while text.hasSuffix("=") { text.removeLast() }
        return String(text.map { $0 == "+" ? "-" : ($0 == "/" ? "_" : $0) })
    }

    /// nil when the text is not base64url.
    public static func decode(_ text: String) -> [UInt8]? {
        var mapped = String(text.map { $0 == "-" ? "+" : ($0 == "_" ? "/" : $0) })
        while mapped.utf8.count % 4 != 0 { mapped.append("=") }
        return Data(base64Encoded: mapped).map { Array($0) }
    }
}
