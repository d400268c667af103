/// The text of one bracketed paste as it arrives, character by character.
///
/// - Newlines: terminals send a pasted line break as CR (xterm) or CRLF; both become "\n", so a
///   pasted paragraph reads as lines. Tabs and everything else are kept as they are (Display
///   shows control characters as visible stand-ins).
/// - A cap: a paste keeps at most `limit` bytes of UTF-8 (1 MiB by default); the rest is read
///   and dropped, so a runaway paste cannot grow memory without bound. `isTruncated` says so.
struct PasteBuffer: Sendable {
    static let defaultLimit = 1 << 20

    let limit: Int
    private(set) var text = ""
    private(set) var byteCount = 0
    private(set) var isTruncated = false
    private var afterCarriageReturn = false

    init(limit: Int = PasteBuffer.defaultLimit) { self.limit = limit }

    mutating func append(_ code: UInt32) {
        defer { afterCarriageReturn = code == 13 }
        if code == 10 && afterCarriageReturn { return }  // the LF of a CRLF
        let scalar = code == 13 ? "\n" : (Unicode.Scalar(code) ?? "\u{FFFD}")
        let length = UTF8.width(scalar)
        guard byteCount + length <= limit else {
            isTruncated = true
            return
        }
        byteCount += length
        text.unicodeScalars.append(scalar)
    }
}
