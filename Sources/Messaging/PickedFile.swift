import Container
import RequestChannel
import Storage
#if canImport(Glibc)
import Glibc
#endif

/// A file the person picked to send from the composer: checked when it is added (lstat first,
/// so a directory, a FIFO, a socket or a device is named for what it is and never opened; then
/// opened without blocking and fstat'ed, so what is measured is a regular file), and copied into
/// the MediaBox when the message goes.
public struct PickedFile: Equatable, Sendable {
    /// The path as expanded (a link the person named is theirs to follow).
    public let path: String
    public let name: String
    public let size: Int

    public static func check(_ path: String) throws -> PickedFile {
        guard !path.isEmpty else { throw MessageActionRefusal("no file named") }
        var st = stat()
        guard stat(path, &st) == 0 else { throw unreadable(path, errno) }
        switch st.st_mode & S_IFMT {
        case S_IFREG: break
        case S_IFDIR: throw MessageActionRefusal("\(path) is a directory; send the files in it")
        case S_IFIFO: throw MessageActionRefusal("\(path) is a FIFO (named pipe), not a file")
        case S_IFSOCK: throw MessageActionRefusal("\(path) is a socket, not a file")
        case S_IFCHR, S_IFBLK: throw MessageActionRefusal("\(path) is a device, not a file")
        default: throw MessageActionRefusal("\(path) is not a regular file")
        }
        guard Int(st.st_size) <= ComposerLimits.maximumFileSize else { throw tooLarge(path, Int(st.st_size)) }
        let size: Int
        do {
            let opened = try FileSystem.openRegularFile(path, limit: ComposerLimits.maximumFileSize, followLinks: true)
            close(opened.fd)
            size = opened.size
        } catch let error as SystemError {
            throw error.code == EOVERFLOW ? tooLarge(path, Int(st.st_size)) : unreadable(path, error.code)
        }
        return PickedFile(path: path, name: FileSystem.lastComponent(path), size: size)
    }

    /// Copies the file into `mediaBox` as `resourceId`, durably (synced, renamed, its directory
    /// synced). `shouldContinue` hears the bytes copied so far after each chunk; false cancels,
    /// the partial copy removed. The file is opened again without blocking and must still be a
    /// regular file within the limit: one swapped for a FIFO since it was picked is refused.
    public func copy(into mediaBox: MediaBox, as resourceId: String, shouldContinue: ((Int) -> Bool)? = nil) throws {
        try mediaBox.createDirectories()
        do {
            try FileSystem.copyFile(from: path, to: mediaBox.resourcePath(resourceId), limit: ComposerLimits.maximumFileSize,
                                    shouldContinue: shouldContinue)
        } catch let error as SystemError where error.code == EFBIG {
            throw Self.tooLarge(path, FileSystem.fileSize(path) ?? size)
        }
    }

    static func tooLarge(_ path: String, _ size: Int) -> MessageActionRefusal {
        // Rounded up: a file one byte over the limit is not "the limit".
        MessageActionRefusal("\(path) is \((size + (1 << 20) - 1) >> 20) MiB; files up to \(ComposerLimits.maximumFileSize >> 20) MiB can be sent")
    }

    static func unreadable(_ path: String, _ code: Int32) -> MessageActionRefusal {
        code == ENOENT ? MessageActionRefusal("\(path): no such file")
            : MessageActionRefusal("cannot read \(path): \(String(cString: strerror(code)))")
    }
}
