import Container
#if canImport(Glibc)
import Glibc
#endif
import MTProtoKit
import Storage
import TelegramApi

/// A photo or document from the server into the MediaBox (upload.getFile), as TelegramCore's
/// multipart fetch does: chunks of 512 KiB (a multiple of 4 KiB that divides 1 MiB, so no chunk
/// crosses a megabyte, as the server requires), appended to `<resource>.part` and synced, which
/// a later download goes on from; the file takes its name only once whole.
struct FileDownloader {
    static let chunkSize: Int64 = 512 * 1024

    struct Refusal: Error, CustomStringConvertible {
        let description: String
    }

    let client: MTProtoClient
    let timeout: Double

    /// Downloads `file` to `path` unless it is there; `progress(received, expected)` after each chunk.
    func download(_ file: ServerFile, expectedSize: Int64?, to path: String, progress: (Int64, Int64?) -> Void = { _, _ in }) throws {
        if FileSystem.isRegularFile(path) { return }
        let partial = path + ".part"
        let fd = open(partial, O_WRONLY | O_CREAT | O_CLOEXEC | O_NOFOLLOW, 0o600)
        guard fd >= 0 else { throw SystemError("cannot open", path: partial) }
        defer { close(fd) }
        // Whole chunks only: a chunk half-written before a crash is fetched again.
        let existing = Int64(lseek(fd, 0, SEEK_END))
        var offset = max(0, existing - existing % Self.chunkSize)
        guard ftruncate(fd, off_t(offset)) == 0 else { throw SystemError("cannot truncate", path: partial) }
        let location: Api.InputFileLocation = file.isPhoto
            ? .inputPhotoFileLocation(id: file.id, accessHash: file.accessHash, fileReference: file.fileReference, thumbSize: file.thumbSize)
            : .inputDocumentFileLocation(id: file.id, accessHash: file.accessHash, fileReference: file.fileReference, thumbSize: "")
        while true {
            let answer = try client.invoke(Api.functions.upload.GetFile(location: location, offset: offset, limit: Int32(Self.chunkSize)),
                                           on: file.datacenter, timeout: timeout)
            guard case .file(_, _, let bytes) = answer else {
                throw Refusal(description: "the server sent the file through a CDN, which this client does not fetch from")
            }
            guard bytes.count <= Int(Self.chunkSize) else { throw Refusal(description: "the server sent \(bytes.count) bytes for a \(Self.chunkSize)-byte chunk") }
            try bytes.withUnsafeBytes { try FileSystem.writeAll(fd, $0, path: partial) }
            offset += Int64(bytes.count)
            if let expectedSize, offset > expectedSize { throw Refusal(description: "the server sent more than the file's \(expectedSize) bytes") }
            progress(offset, expectedSize)
            if bytes.count < Int(Self.chunkSize) { break }
        }
        if let expectedSize, offset != expectedSize {
            throw Refusal(description: "the server sent \(offset) of the file's \(expectedSize) bytes")
        }
        try FileSystem.sync(fd, path: partial)
        try FileSystem.rename(partial, path)
        try FileSystem.syncDirectory(FileSystem.parentPath(path))
    }
}
