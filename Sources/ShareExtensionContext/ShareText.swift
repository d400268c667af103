import RequestChannel
import Container
import Formats

/// The message text a share sends, with the limits main also enforces: text must say something
/// and fit in ShareLimits.maximumTextBytes; a link must look like one (scheme://host...).
public enum ShareText {
    /// `--text`: sent as it is.
    public static func plain(_ text: String) throws -> String {
        try checked(text, what: "the text")
    }

    /// `--url`: the link is the message, the caption (if any) on its own line after it.
    public static func link(_ url: String, caption: String?) throws -> String {
        let trimmed = url.trimmingWhitespace()
        guard isURL(trimmed) else {
            throw ShareFailure.refused("\"\(url)\" is not a link; a link looks like scheme://host/..., e.g. https://telegram.org")
        }
        guard let caption else { return try checked(trimmed, what: "the link") }
        return try checked(trimmed + "\n" + (try checked(caption, what: "the caption")), what: "the link and caption")
    }

    /// `--file`: the caption, if any, is the message text.
    public static func caption(_ caption: String?) throws -> String {
        try caption.map { try checked($0, what: "the caption") } ?? ""
    }

    private static func checked(_ text: String, what: String) throws -> String {
        guard !text.trimmingWhitespace().isEmpty else { throw ShareFailure.refused("\(what) is empty; nothing was sent") }
        let bytes = text.utf8.count
        guard bytes <= ShareLimits.maximumTextBytes else {
            throw ShareFailure.refused("\(what) is \(bytes) bytes; at most \(ShareLimits.maximumTextBytes) bytes (UTF-8) can be sent")
        }
        return text
    }

    /// scheme://authority[/path...]: a scheme (a letter, then letters, digits, + - .), "://", an
    /// authority with at least one letter or digit, and no spaces or control characters anywhere.
    static func isURL(_ text: String) -> Bool {
        guard !text.unicodeScalars.contains(where: { $0.properties.isWhitespace || $0.value < 0x20 || $0.value == 0x7F }),
              let separator = text.firstRange(of: "://") else { return false }
        let scheme = text[..<separator.lowerBound].unicodeScalars
        guard let first = scheme.first, first.isASCII, first.properties.isAlphabetic,
              scheme.allSatisfy({ $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || "+-.".unicodeScalars.contains($0)) })
        else { return false }
        let authority = text[separator.upperBound...].prefix { $0 != "/" && $0 != "?" && $0 != "#" }
        return authority.contains { $0.isLetter || $0.isNumber }
    }
}
