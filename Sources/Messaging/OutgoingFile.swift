import Container
import DrawingClient
import RequestChannel
import Storage
#if canImport(Glibc)
import Glibc
#endif

/// A file to send, already in the account's MediaBox, described by its bytes (never its name):
/// a picture Telegram sends as a photo (JPEG, PNG, GIF, WebP, up to ComposerLimits.maximumPhotoSize) with its sides and a small
/// thumbnail beside it (a GIF's first frame); anything else a file with its name, MIME type and size. The share request and the composer both send through it.
public struct OutgoingFile: Equatable, Sendable {
    /// The file, then its thumbnail when it has one.
    public let resourceIds: [String]
    public let media: MessageFile

    /// The thumbnail's longer side: Telegram's smallest photo size ("s").
    public static let thumbnailSide = 90

    public static func thumbnailId(of resourceId: String) -> String { resourceId + "-thumb" }

    /// Describes the file stored as `resourceId` (named `fileName` where it came from). A photo's
    /// thumbnail is written durably before this returns, under a name fixed by `resourceId`, so
    /// doing it again after a crash writes the same file. A photo Drawing cannot decode (a damaged
    /// one, an animated WebP) is still a photo, with the sides its header gives and no thumbnail.
    public static func describe(resourceId: String, fileName: String, mediaBox: MediaBox) throws -> OutgoingFile {
        let path = mediaBox.resourcePath(resourceId)
        let (head, size) = try leadingBytes(path, count: PhotoHeader.headerLength)
        let name = FileSystem.lastComponent(fileName)
        if let photo = PhotoHeader.read(head), size <= ComposerLimits.maximumPhotoSize {
            let media = MessageFile(kind: "photo", fileName: name, mimeType: photo.mimeType, size: Int64(size),
                                    width: Int32(clamping: photo.width), height: Int32(clamping: photo.height))
            return OutgoingFile(resourceIds: [resourceId] + (thumbnail(of: path, resourceId: resourceId, mediaBox: mediaBox).map { [$0] } ?? []),
                                media: media)
        }
        return OutgoingFile(resourceIds: [resourceId],
                            media: MessageFile(kind: "file", fileName: name, mimeType: mimeType(head), size: Int64(size)))
    }

    /// A file's type by its bytes; text (valid UTF-8 without NUL) where the magic numbers say nothing.
    static func mimeType(_ head: [UInt8]) -> String {
        let type = ContentType.detect(Array(head.prefix(ContentType.headerLength)))
        guard type == .document else { return type.mimeType }
        // A cut in the middle of a character at the end of what was read is still text.
        let sample = head.prefix(64 << 10)
        let valid = sample.isEmpty || (!sample.contains(0) && (0..<4).contains { String(validating: sample.dropLast($0), as: UTF8.self) != nil })
        return valid && !sample.isEmpty ? "text/plain" : type.mimeType
    }

    /// The thumbnail's resource id, written if it was not there; nil when the photo cannot be
    /// decoded here (the message is still sent).
    private static func thumbnail(of path: String, resourceId: String, mediaBox: MediaBox) -> String? {
        let id = thumbnailId(of: resourceId)
        if FileSystem.isRegularFile(mediaBox.resourcePath(id)) { return id }
        guard let png = try? DrawingLibrary.render(.photoThumbnail(photoPath: path, maxSide: thumbnailSide)),
              (try? AtomicFile.write(png, to: mediaBox.resourcePath(id))) != nil else { return nil }
        return id
    }

    /// Up to `count` bytes from the file's start, and its size (a regular file, never blocking).
    private static func leadingBytes(_ path: String, count: Int) throws -> ([UInt8], Int) {
        let (fd, size) = try FileSystem.openRegularFile(path, limit: ComposerLimits.maximumFileSize)
        defer { close(fd) }
        return (try FileSystem.readPrefix(fd, count: min(count, size), path: path), size)
    }
}
