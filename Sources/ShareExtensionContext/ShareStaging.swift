import Container
import Formats
import RequestChannel
#if canImport(Glibc)
import Glibc
#endif

/// Copies checked files into a request's draft directory as file-0, file-1, ... (streamed by
/// FileSystem.copyFile, never whole in memory) and describes each for the request. Kind, MIME type
/// and size are taken from the staged copy, so they describe exactly the bytes main will receive
/// even if the original changes while share runs.
public enum ShareStaging {
    public static func stage(_ files: [CheckedFile], into draft: RequestSubmitter.Draft) throws -> [RequestAttachment] {
        var attachments: [RequestAttachment] = []
        for (index, file) in files.enumerated() {
            let fileName = "file-\(index)"
            let staged = draft.directory + "/" + fileName
            let source = file.copySource
            do {
                try FileSystem.copyFile(from: source.path, to: staged, limit: ShareLimits.maximumFileSize, noFollow: source.noFollow)
            } catch let error as SystemError where error.code == EFBIG {
                throw ShareFailure.refused("\(file.namedPath) grew past \(ShareLimits.maximumFileSize >> 20) MiB while it was being copied")
            }
            guard let size = FileSystem.fileSize(staged) else { throw SystemError("cannot stat", path: staged) }
            let type = ContentType.detect(try header(staged))
            attachments.append(RequestAttachment(displayName: file.displayName, kind: type.kind.rawValue,
                                                 mimeType: type.mimeType, size: size, fileName: fileName))
        }
        return attachments
    }

    /// The first ContentType.headerLength bytes of a file (fewer when it is shorter).
    static func header(_ path: String) throws -> [UInt8] {
        let fd = open(path, O_RDONLY | O_NOFOLLOW | O_CLOEXEC)
        guard fd >= 0 else { throw SystemError("cannot open", path: path) }
        defer { close(fd) }
        return try FileSystem.readPrefix(fd, count: ContentType.headerLength, path: path)
    }
}
