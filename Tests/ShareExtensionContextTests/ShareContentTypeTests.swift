import RequestChannel
import Testing
@testable import ShareExtensionContext

/// Content-type detection for shared files: every format from its first bytes, built here, and
/// names never consulted (detect only sees bytes).
@Suite("share: content type from magic bytes")
struct ShareContentTypeTests {
    private static func ascii(_ s: String) -> [UInt8] { Array(s.utf8) }
    private static func be32(_ v: Int) -> [UInt8] { [UInt8(v >> 24 & 0xff), UInt8(v >> 16 & 0xff), UInt8(v >> 8 & 0xff), UInt8(v & 0xff)] }

    /// An ftyp box: size, "ftyp", major brand, minor version, compatible brands; then an mdat header.
    private static func ftyp(_ major: String, compatible: [String] = []) -> [UInt8] {
        let body = ascii(major) + [0, 0, 0, 0] + compatible.flatMap(ascii)
        return be32(8 + body.count) + ascii("ftyp") + body + be32(16) + ascii("mdat") + [UInt8](repeating: 0, count: 8)
    }

    private static func riff(_ form: String) -> [UInt8] { ascii("RIFF") + [0x24, 0, 0, 0] + ascii(form) + ascii("fmt ") + [16, 0, 0, 0] }

    /// An EBML header with a DocType element (0x4282, size as a one-byte vint).
    private static func ebml(docType: String) -> [UInt8] {
        let docTypeElement: [UInt8] = [0x42, 0x82, 0x80 | UInt8(docType.utf8.count)] + ascii(docType)
        let versionElements: [UInt8] = [0x42, 0x86, 0x81, 0x01, 0x42, 0xF7, 0x81, 0x01]
        let body = versionElements + docTypeElement
        return [0x1A, 0x45, 0xDF, 0xA3, 0x80 | UInt8(body.count)] + body + [0x18, 0x53, 0x80, 0x67]
    }

    /// The first Ogg page: "OggS", version, flags, granule, serial, sequence, CRC, 1 segment, its length, packet.
    private static func ogg(packet: [UInt8]) -> [UInt8] {
        ascii("OggS") + [0, 0x02] + [UInt8](repeating: 0, count: 8) + [1, 0, 0, 0] + [0, 0, 0, 0] + [0, 0, 0, 0]
            + [1, UInt8(packet.count)] + packet
    }

    private static func detect(_ bytes: [UInt8]) -> ContentType { ContentType.detect(bytes) }

    @Test("images: JPEG, PNG, GIF, WebP, HEIC, AVIF")
    func images() {
        #expect(Self.detect([0xFF, 0xD8, 0xFF, 0xE0, 0, 0x10] + Self.ascii("JFIF")) == ContentType(.image, "image/jpeg"))
        #expect(Self.detect([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13] + Self.ascii("IHDR")) == ContentType(.image, "image/png"))
        #expect(Self.detect(Self.ascii("GIF89a") + [1, 0, 1, 0]) == ContentType(.image, "image/gif"))
        #expect(Self.detect(Self.ascii("GIF87a") + [1, 0, 1, 0]) == ContentType(.image, "image/gif"))
        #expect(Self.detect(Self.riff("WEBP")) == ContentType(.image, "image/webp"))
        #expect(Self.detect(Self.ftyp("heic", compatible: ["mif1", "heic"])) == ContentType(.image, "image/heic"))
        #expect(Self.detect(Self.ftyp("mif1", compatible: ["mif1", "heic"])) == ContentType(.image, "image/heic"))
        #expect(Self.detect(Self.ftyp("avif", compatible: ["avif", "mif1", "miaf"])) == ContentType(.image, "image/avif"))
        #expect(Self.detect(Self.ftyp("mif1", compatible: ["mif1", "avif"])) == ContentType(.image, "image/avif"))
    }

    @Test("video: MP4, MOV, M4V by ftyp brand; old QuickTime; WebM and MKV by DocType")
    func video() {
        #expect(Self.detect(Self.ftyp("isom", compatible: ["isom", "iso2", "avc1", "mp41"])) == ContentType(.video, "video/mp4"))
        #expect(Self.detect(Self.ftyp("mp42")) == ContentType(.video, "video/mp4"))
        #expect(Self.detect(Self.ftyp("qt  ", compatible: ["qt  "])) == ContentType(.video, "video/quicktime"))
        #expect(Self.detect(Self.ftyp("M4V ", compatible: ["M4V ", "mp42"])) == ContentType(.video, "video/x-m4v"))
        // An unknown major brand is decided by the compatible ones.
        #expect(Self.detect(Self.ftyp("xyz1", compatible: ["isom"])) == ContentType(.video, "video/mp4"))
        #expect(Self.detect(Self.be32(8) + Self.ascii("wide") + Self.be32(100) + Self.ascii("mdat")) == ContentType(.video, "video/quicktime"))
        #expect(Self.detect(Self.ebml(docType: "webm")) == ContentType(.video, "video/webm"))
        #expect(Self.detect(Self.ebml(docType: "matroska")) == ContentType(.video, "video/x-matroska"))
    }

    @Test("audio: MP3 (ID3 and bare frame), M4A, OGG, Opus, WAV, FLAC, AAC")
    func audio() {
        #expect(Self.detect(Self.ascii("ID3") + [4, 0, 0, 0, 0, 0, 0]) == ContentType(.audio, "audio/mpeg"))
        // MPEG-1 Layer III, 128 kbit/s, 44.1 kHz.
        #expect(Self.detect([0xFF, 0xFB, 0x90, 0x64, 0, 0]) == ContentType(.audio, "audio/mpeg"))
        // MPEG-2 Layer III.
        #expect(Self.detect([0xFF, 0xF3, 0x48, 0xC4, 0, 0]) == ContentType(.audio, "audio/mpeg"))
        #expect(Self.detect(Self.ftyp("M4A ", compatible: ["M4A ", "mp42", "isom"])) == ContentType(.audio, "audio/mp4"))
        #expect(Self.detect(Self.ogg(packet: Self.ascii("OpusHead") + [1, 2, 0x38, 1])) == ContentType(.audio, "audio/opus"))
        #expect(Self.detect(Self.ogg(packet: [1] + Self.ascii("vorbis") + [0, 0, 0, 0])) == ContentType(.audio, "audio/ogg"))
        #expect(Self.detect(Self.riff("WAVE")) == ContentType(.audio, "audio/wav"))
        #expect(Self.detect(Self.ascii("fLaC") + [0, 0, 0, 34]) == ContentType(.audio, "audio/flac"))
        #expect(Self.detect([0xFF, 0xF1, 0x50, 0x80, 0x02, 0x1F, 0xFC]) == ContentType(.audio, "audio/aac"))
    }

    @Test("vCard in any case, after a BOM and blank lines")
    func vcard() {
        #expect(Self.detect(Self.ascii("BEGIN:VCARD\r\nVERSION:3.0\r\nFN:Anna\r\nEND:VCARD\r\n")) == ContentType(.vcard, "text/vcard"))
        #expect(Self.detect([0xEF, 0xBB, 0xBF] + Self.ascii("\r\n begin:vcard\nVERSION:4.0\n")) == ContentType(.vcard, "text/vcard"))
        #expect(Self.detect(Self.ascii("BEGIN:VCALENDAR\r\n")) == .document)
    }

    @Test("documents: PDF, ZIP, text, nothing, and lookalikes that are not what they seem")
    func documents() {
        #expect(Self.detect(Self.ascii("%PDF-1.7\n%âãÏÓ\n")) == ContentType(.document, "application/pdf"))
        #expect(Self.detect([0x50, 0x4B, 0x03, 0x04, 0x14, 0, 0, 0]) == ContentType(.document, "application/zip"))
        #expect(Self.detect([0x50, 0x4B, 0x05, 0x06] + [UInt8](repeating: 0, count: 18)) == ContentType(.document, "application/zip"))
        #expect(Self.detect(Self.ascii("hello, this is a text file\n")) == .document)
        #expect(Self.detect([]) == .document)
        // Truncated signatures and near misses.
        #expect(Self.detect([0xFF, 0xD8]) == .document)
        #expect(Self.detect([0x89, 0x50, 0x4E, 0x47]) == .document)
        #expect(Self.detect(Self.ascii("RIFF") + [0, 0, 0, 0] + Self.ascii("AVI ")) == .document)
        #expect(Self.detect(Self.ftyp("crx ")) == .document)
        // A frame sync with reserved fields (version 01, bitrate 1111) is not MP3.
        #expect(Self.detect([0xFF, 0xEB, 0x90, 0x64]) == .document)
        #expect(Self.detect([0xFF, 0xFB, 0xF0, 0x64]) == .document)
        #expect(Self.detect([0xFF, 0xFE, 0x41, 0x00]) == .document)   // UTF-16 little-endian BOM
    }

    @Test("only the first headerLength bytes matter; kinds are RequestAttachment's words")
    func headerAndKinds() {
        let png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        #expect(Self.detect(png + [UInt8](repeating: 0x41, count: 100_000)).kind == .image)
        #expect(Self.detect([UInt8](repeating: 0x20, count: ContentType.headerLength) + Self.ascii("BEGIN:VCARD")) == .document)
        #expect([ContentType.Kind.image, .video, .audio, .vcard, .document].map(\.rawValue) == ["image", "video", "audio", "vcard", "document"])
    }
}
