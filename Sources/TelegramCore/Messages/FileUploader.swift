import Container
#if canImport(Glibc)
import Glibc
#endif
import MTProtoKit
import TelegramApi

/// One file to the server in parts, as TelegramCore's multipart upload does: parts of 512 KiB
/// (the largest Telegram takes), `upload.saveFilePart` up to 10 MB and `upload.saveBigFilePart`
/// above it. The file id is the caller's: the message's random_id, so a message sent again after a
/// restart uploads under the same id, and a part sent twice is the same part.
struct FileUploader {
    static let partSize = 512 * 1024
    static let bigFileThreshold = 10 * 1024 * 1024
    /// Telegram's limit: 4,000 parts of 512 KiB (2 GB).
    static let maximumParts = 4000

    struct Refusal: Error, CustomStringConvertible {
        let description: String
    }

    let client: MTProtoClient
    let timeout: Double

    /// Uploads the file at `path` and returns what names it in sendMedia. `progress(sent, total)`
    /// after each part.
    func upload(path: String, fileId: Int64, name: String, progress: (Int, Int) -> Void = { _, _ in }) throws -> Api.InputFile {
        let (fd, size) = try FileSystem.openRegularFile(path, limit: Self.partSize * Self.maximumParts)
        defer { close(fd) }
        guard size > 0 else { throw Refusal(description: "the file is empty") }
        let parts = (size + Self.partSize - 1) / Self.partSize
        let big = size > Self.bigFileThreshold
        for part in 0..<parts {
            let bytes = try FileSystem.readChunk(fd, offset: part * Self.partSize, count: Self.partSize, path: path)
            guard bytes.count == min(Self.partSize, size - part * Self.partSize) else {
                throw Refusal(description: "the file changed while it was sent (\(path))")
            }
            if big {
                _ = try client.invoke(Api.functions.upload.SaveBigFilePart(fileId: fileId, filePart: Int32(part), fileTotalParts: Int32(parts),
                                                                           bytes: bytes), timeout: timeout)
            } else {
                _ = try client.invoke(Api.functions.upload.SaveFilePart(fileId: fileId, filePart: Int32(part), bytes: bytes), timeout: timeout)
            }
            progress(min(size, (part + 1) * Self.partSize), size)
        }
        return big ? .inputFileBig(id: fileId, parts: Int32(parts), name: name) : .inputFile(id: fileId, parts: Int32(parts), name: name, md5Checksum: "")
    }
}
