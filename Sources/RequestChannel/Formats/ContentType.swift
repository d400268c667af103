/// What a shared file is, told from its first bytes (magic numbers), never from its name: a name
/// is whatever the sender typed, and main shows the file by this kind.
public struct ContentType: Equatable, Sendable, CustomStringConvertible {
    /// The attachment kinds RequestAttachment.kind carries.
    public enum Kind: String, Sendable {
        case image, video, audio, vcard, document
    }

    public let kind: Kind
    public let mimeType: String

    public init(_ kind: Kind, _ mimeType: String) {
        self.kind = kind
        self.mimeType = mimeType
    }

    public var description: String { "\(kind.rawValue) (\(mimeType))" }

    public static let document = ContentType(.document, "application/octet-stream")

    /// How many leading bytes `detect` looks at (enough for an ftyp box's brands, an EBML header's
    /// DocType and Ogg's first page header).
    public static let headerLength = 512

    /// The type of a file whose first bytes are `header` (up to `headerLength` of them).
    public static func detect(_ header: [UInt8]) -> ContentType {
        let h = header.prefix(headerLength)
        let bytes = Array(h)
        if bytes.starts(with: [0xFF, 0xD8, 0xFF]) { return ContentType(.image, "image/jpeg") }
        if bytes.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) { return ContentType(.image, "image/png") }
        if bytes.starts(with: ascii("GIF87a")) || bytes.starts(with: ascii("GIF89a")) { return ContentType(.image, "image/gif") }
        if bytes.starts(with: ascii("RIFF")), bytes.count >= 12 {
            switch Array(bytes[8..<12]) {
            case ascii("WEBP"): return ContentType(.image, "image/webp")
            case ascii("WAVE"): return ContentType(.audio, "audio/wav")
            default: break
            }
        }
        if bytes.count >= 12, Array(bytes[4..<8]) == ascii("ftyp") { return isoMedia(bytes) }
        if bytes.count >= 8, [ascii("moov"), ascii("mdat"), ascii("wide"), ascii("free")].contains(Array(bytes[4..<8])) {
            // Old QuickTime movies start with an atom other than ftyp.
            return ContentType(.video, "video/quicktime")
        }
        if bytes.starts(with: [0x1A, 0x45, 0xDF, 0xA3]) { return matroska(bytes) }
        if bytes.starts(with: ascii("OggS")) { return ogg(bytes) }
        if bytes.starts(with: ascii("fLaC")) { return ContentType(.audio, "audio/flac") }
        if bytes.starts(with: ascii("ID3")) { return ContentType(.audio, "audio/mpeg") }
        if let frame = mpegAudioFrame(bytes) { return frame }
        if isVCard(bytes) { return ContentType(.vcard, "text/vcard") }
        if bytes.starts(with: ascii("%PDF-")) { return ContentType(.document, "application/pdf") }
        if bytes.starts(with: [0x50, 0x4B, 0x03, 0x04]) || bytes.starts(with: [0x50, 0x4B, 0x05, 0x06]) || bytes.starts(with: [0x50, 0x4B, 0x07, 0x08]) {
            return ContentType(.document, "application/zip")
        }
        return .document
    }

    // MARK: ISO base media (ftyp): HEIC/AVIF images, MP4/MOV/M4V video, M4A audio

    private static func isoMedia(_ bytes: [UInt8]) -> ContentType {
        let major = brand(bytes, at: 8)
        // The box's own size bounds its compatible brands (after major brand and minor version).
        let boxSize = Int(bytes[0]) << 24 | Int(bytes[1]) << 16 | Int(bytes[2]) << 8 | Int(bytes[3])
        let end = min(bytes.count, boxSize >= 16 ? boxSize : 16)
        var compatible: [String] = []
        var offset = 16
        while offset + 4 <= end {
            compatible.append(brand(bytes, at: offset))
            offset += 4
        }
        // HEIF's generic brands (mif1, msf1) say only "an image file"; the compatible brands say which.
        if major == "mif1" || major == "msf1" {
            if compatible.contains(where: { $0 == "avif" || $0 == "avis" }) { return ContentType(.image, "image/avif") }
            if compatible.contains(where: { heicBrands.contains($0) }) { return ContentType(.image, "image/heic") }
            return ContentType(.image, "image/heif")
        }
        if let known = isoBrand(major) { return known }
        for candidate in compatible { if let known = isoBrand(candidate) { return known } }
        return .document
    }

    private static let heicBrands: Set<String> = ["heic", "heix", "heim", "heis", "hevc", "hevx"]

    private static func isoBrand(_ brand: String) -> ContentType? {
        if heicBrands.contains(brand) { return ContentType(.image, "image/heic") }
        switch brand {
        case "avif", "avis": return ContentType(.image, "image/avif")
        case "heif": return ContentType(.image, "image/heif")
        case "qt  ": return ContentType(.video, "video/quicktime")
        case "M4V ", "M4VH", "M4VP": return ContentType(.video, "video/x-m4v")
        case "M4A ", "M4B ", "M4P ", "F4A ", "F4B ": return ContentType(.audio, "audio/mp4")
        case "3gp4", "3gp5", "3gp6", "3gp7", "3ge6", "3ge7", "3gg6": return ContentType(.video, "video/3gpp")
        case "3g2a", "3g2b", "3g2c": return ContentType(.video, "video/3gpp2")
        case "isom", "iso2", "iso3", "iso4", "iso5", "iso6", "mp41", "mp42", "avc1", "dash", "mmp4", "MSNV", "NDAS", "F4V ", "F4P ":
            return ContentType(.video, "video/mp4")
        default: return nil
        }
    }

    private static func brand(_ bytes: [UInt8], at offset: Int) -> String {
        String(decoding: bytes[offset..<min(offset + 4, bytes.count)], as: UTF8.self)
    }

    // MARK: Matroska / WebM (EBML)

    /// The EBML header's DocType (element 0x4282) says "webm" or "matroska".
    private static func matroska(_ bytes: [UInt8]) -> ContentType {
        var i = 4
        while i + 3 < bytes.count {
            if bytes[i] == 0x42, bytes[i + 1] == 0x82, let (length, width) = ebmlSize(bytes, at: i + 2) {
                let start = i + 2 + width
                let docType = String(decoding: bytes[start..<min(start + length, bytes.count)], as: UTF8.self)
                return docType == "webm" ? ContentType(.video, "video/webm") : ContentType(.video, "video/x-matroska")
            }
            i += 1
        }
        return ContentType(.video, "video/x-matroska")
    }

    /// An EBML variable-length size: the leading zero bits of the first byte give its width.
    private static func ebmlSize(_ bytes: [UInt8], at offset: Int) -> (Int, Int)? {
        guard offset < bytes.count, bytes[offset] != 0 else { return nil }
        let width = bytes[offset].leadingZeroBitCount + 1
        guard offset + width <= bytes.count else { return nil }
        var value = Int(bytes[offset] & (0xFF >> width))
        for k in 1..<width { value = value << 8 | Int(bytes[offset + k]) }
        return (value, width)
    }

    // MARK: Ogg

    /// The first page's first packet names the codec: "OpusHead" for Opus, else Vorbis, FLAC, ...
    private static func ogg(_ bytes: [UInt8]) -> ContentType {
        guard bytes.count > 27 else { return ContentType(.audio, "audio/ogg") }
        let packetStart = 27 + Int(bytes[26])
        if bytes.count >= packetStart + 8, Array(bytes[packetStart..<packetStart + 8]) == ascii("OpusHead") {
            return ContentType(.audio, "audio/opus")
        }
        if bytes.count >= packetStart + 7, Array(bytes[packetStart + 1..<packetStart + 7]) == ascii("theora") {
            return ContentType(.video, "video/ogg")
        }
        return ContentType(.audio, "audio/ogg")
    }

    // MARK: MPEG audio frames (MP3 without an ID3 tag; AAC in ADTS)

    /// An 11-bit frame sync, then fields that must not be the reserved values (UTF-8 text never
    /// starts with 0xFF).
    private static func mpegAudioFrame(_ bytes: [UInt8]) -> ContentType? {
        guard bytes.count >= 4, bytes[0] == 0xFF, bytes[1] & 0xE0 == 0xE0 else { return nil }
        let version = (bytes[1] >> 3) & 0x3, layer = (bytes[1] >> 1) & 0x3
        if layer == 0 {
            // ADTS: MPEG version bit pattern 0x10/0x18 with layer 0; the sampling index 15 is invalid.
            return bytes[1] & 0xF6 == 0xF0 && (bytes[2] >> 2) & 0xF < 13 ? ContentType(.audio, "audio/aac") : nil
        }
        // Layer I (0b11) is left out: no one shares it, and "FF FE" (a UTF-16 text's byte order
        // mark) would pass for it.
        let bitrate = bytes[2] >> 4, sampleRate = (bytes[2] >> 2) & 0x3
        guard version != 1, layer != 3, bitrate != 0xF, sampleRate != 0x3 else { return nil }
        return ContentType(.audio, "audio/mpeg")
    }

    // MARK: vCard

    /// "BEGIN:VCARD" in any case, after an optional UTF-8 byte order mark and blank space.
    private static func isVCard(_ bytes: [UInt8]) -> Bool {
        var rest = bytes[...]
        if rest.starts(with: [0xEF, 0xBB, 0xBF]) { rest = rest.dropFirst(3) }
        rest = rest.drop { $0 == 0x20 || $0 == 0x09 || $0 == 0x0D || $0 == 0x0A }
        let marker = ascii("BEGIN:VCARD")
        guard rest.count >= marker.count else { return false }
        return zip(rest.prefix(marker.count), marker).allSatisfy { a, b in (a >= 0x61 && a <= 0x7A ? a - 0x20 : a) == b }
    }

    private static func ascii(_ text: StaticString) -> [UInt8] {
        Array(UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
    }
}
