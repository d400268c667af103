/// What a word is, for message search: the one tokeniser and normaliser behind both the index
/// (main, as it writes) and the check of every candidate (TextMatcher), so the two can never
/// disagree about whether a message holds a word.
///
/// - A word is a run of letters, combining marks and digits (Unicode general categories L*, M*,
///   N*). Everything else separates words: spaces, punctuation, ASCII symbols (`don't` is `don`
///   and `t`, `#tag` is `tag`, `e-mail` is `e` and `mail`).
/// - Scripts written without spaces would otherwise make a whole sentence one word, so each
///   ideograph and kana is a word of its own, as is each pictographic symbol (emoji, general
///   category So): `🙂` can still be searched for.
/// - Default-ignorable code points (soft hyphen, zero-width joiner, variation selectors, bidi
///   marks) and emoji skin-tone modifiers are dropped without splitting: `❤️` is `❤`, `👍🏽` is `👍`.
/// - Normalised: lower-cased (Unicode's lower-case mapping), then NFC, so precomposed and
///   decomposed accents are the same word. Accents are NOT folded: `é` is a letter of its own,
///   as it was in the substring search before (`e` does not find `é`); folding would merge words
///   that differ in meaning in many languages and needs locale data the extensions do not load.
///
/// Lengths are counted in Unicode scalars of the normalised word.
enum SearchWords {
    enum Kind {
        case word, single, ignorable, separator
    }

    /// Calls `body` with each word's normalised UTF-8 (valid only during the call) and its length
    /// in scalars, in text order; `body` returns false to stop.
    static func forEach(in text: String, _ body: (UnsafeBufferPointer<UInt8>, Int) -> Bool) {
        var scratch: [UInt8] = []
        forEach(in: text, scratch: &scratch, body)
    }

    /// The same with a caller's scratch buffer, kept from message to message by the writer so
    /// that indexing allocates nothing for an ASCII message.
    static func forEach(in text: String, scratch: inout [UInt8], _ body: (UnsafeBufferPointer<UInt8>, Int) -> Bool) {
        var text = text
        text.withUTF8 { forEach(utf8: $0, scratch: &scratch, body) }
    }

    /// The normalised words of a text (queries and tests; the hot paths use `forEach`).
    static func words(_ text: String) -> [[UInt8]] {
        var result: [[UInt8]] = []
        forEach(in: text) { word, _ in
            result.append(Array(word))
            return true
        }
        return result
    }

    private static func forEach(utf8 bytes: UnsafeBufferPointer<UInt8>, scratch: inout [UInt8],
                                _ body: (UnsafeBufferPointer<UInt8>, Int) -> Bool) {
        // ASCII words are lower-cased into the scratch buffer byte by byte, so the common case
        // allocates nothing per word.
        scratch.removeAll(keepingCapacity: true)
        var needsNormalising = false
        var i = 0
        let count = bytes.count

        /// Ends the current word; false when `body` asked to stop.
        func flush() -> Bool {
            guard !scratch.isEmpty else { return true }
            defer {
                scratch.removeAll(keepingCapacity: true)
                needsNormalising = false
            }
            if !needsNormalising {
                return scratch.withUnsafeBufferPointer { body($0, $0.count) }
            }
            let normalised = normalise(scratch)
            return normalised.withUnsafeBufferPointer { body($0, scalarCount($0)) }
        }

        while i < count {
            let lead = bytes[i]
            if scratch.isEmpty && isASCIIWordByte(lead) {
                // The common case, a word all ASCII: found in place, and handed on as it is (or
                // lower-cased once) when an ASCII separator or the end follows it.
                var end = i + 1
                var hasUpper = lead <= 0x5a && lead >= 0x41
                while end < count && isASCIIWordByte(bytes[end]) {
                    hasUpper = hasUpper || (bytes[end] <= 0x5a && bytes[end] >= 0x41)
                    end += 1
                }
                if end == count || bytes[end] < 0x80 {
                    let word = UnsafeBufferPointer(rebasing: bytes[i..<end])
                    if hasUpper {
                        for byte in word { scratch.append(byte >= 0x41 && byte <= 0x5a ? byte | 0x20 : byte) }
                        guard flush() else { return }
                    } else {
                        guard body(word, word.count) else { return }
                    }
                    i = end
                    continue
                }
                // A letter beyond ASCII follows: the word continues below, its start lower-cased.
                for byte in UnsafeBufferPointer(rebasing: bytes[i..<end]) { scratch.append(byte >= 0x41 && byte <= 0x5a ? byte | 0x20 : byte) }
                i = end
                continue
            }
            if lead < 0x80 {
                // ASCII: letters and digits are word bytes, everything else separates.
                if lead >= 0x61 && lead <= 0x7a || lead >= 0x30 && lead <= 0x39 {
                    scratch.append(lead)
                } else if lead >= 0x41 && lead <= 0x5a {
                    scratch.append(lead | 0x20)
                } else if !flush() {
                    return
                }
                i += 1
                continue
            }
            let length = lead >= 0xf0 ? 4 : lead >= 0xe0 ? 3 : 2
            let end = min(i + length, count)
            let scalar = decode(bytes, i, length)
            switch kind(scalar) {
            case .word:
                for k in i..<end { scratch.append(bytes[k]) }
                needsNormalising = true
            case .single:
                guard flush() else { return }
                // Symbols and ideographs have no case; only the CJK compatibility ideographs
                // change under NFC (each to its unified ideograph), so only they are normalised.
                if isCompatibilityIdeograph(scalar) {
                    guard normalise(Array(bytes[i..<end])).withUnsafeBufferPointer({ body($0, 1) }) else { return }
                } else {
                    guard body(UnsafeBufferPointer(rebasing: bytes[i..<end]), 1) else { return }
                }
            case .ignorable:
                break
            case .separator:
                guard flush() else { return }
            }
            i = end
        }
        _ = flush()
    }

    @inline(__always)
    private static func isASCIIWordByte(_ byte: UInt8) -> Bool {
        (byte &- 0x61) < 26 || (byte &- 0x41) < 26 || (byte &- 0x30) < 10
    }

    static func kind(_ scalar: Unicode.Scalar) -> Kind {
        if scalar.isASCII {
            let v = scalar.value
            return (v >= 0x61 && v <= 0x7a) || (v >= 0x41 && v <= 0x5a) || (v >= 0x30 && v <= 0x39) ? .word : .separator
        }
        let properties = scalar.properties
        if properties.isDefaultIgnorableCodePoint || properties.isEmojiModifier { return .ignorable }
        // Hiragana and Katakana (with their phonetic extensions) have no property of their own.
        if properties.isIdeographic || (0x3040...0x30ff).contains(scalar.value) || (0x31f0...0x31ff).contains(scalar.value) {
            return .single
        }
        switch properties.generalCategory {
        case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter,
             .nonspacingMark, .spacingMark, .enclosingMark,
             .decimalNumber, .letterNumber, .otherNumber:
            return .word
        case .otherSymbol:
            return .single
        default:
            return .separator
        }
    }

    private static func isCompatibilityIdeograph(_ scalar: Unicode.Scalar) -> Bool {
        (0xf900...0xfaff).contains(scalar.value) || (0x2f800...0x2fa1f).contains(scalar.value)
    }

    /// Lower-case, then NFC. The standard library's NFC (`_nfcCodeUnits`, what String itself
    /// compares with) because FoundationEssentials has no normalisation API and the extensions
    /// do not load ICU.
    static func normalise(_ utf8: [UInt8]) -> [UInt8] {
        String(decoding: utf8, as: UTF8.self).lowercased()._nfcCodeUnits
    }

    /// The first `scalars` scalars of a normalised word, as a byte count.
    static func prefixLength(_ word: UnsafeBufferPointer<UInt8>, scalars: Int) -> Int {
        var seen = 0
        var i = 0
        while i < word.count {
            // A scalar starts at every byte that is not a continuation byte (10xxxxxx).
            if word[i] & 0xc0 != 0x80 {
                if seen == scalars { return i }
                seen += 1
            }
            i += 1
        }
        return word.count
    }

    static func scalarCount(_ word: UnsafeBufferPointer<UInt8>) -> Int {
        var n = 0
        for byte in word where byte & 0xc0 != 0x80 { n += 1 }
        return n
    }

    /// Decodes one scalar of valid UTF-8 (Swift strings are always valid).
    @inline(__always)
    private static func decode(_ bytes: UnsafeBufferPointer<UInt8>, _ i: Int, _ length: Int) -> Unicode.Scalar {
        var value = UInt32(bytes[i]) & (length == 2 ? 0x1f : length == 3 ? 0x0f : 0x07)
        for k in 1..<length where i + k < bytes.count { value = value << 6 | UInt32(bytes[i + k] & 0x3f) }
        return Unicode.Scalar(value) ?? "\u{fffd}"
    }
}
