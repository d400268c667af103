import RequestChannel
import Container
import Formats
#if canImport(Glibc)
import Glibc
#endif

/// A file the user named, checked and held open, so what is staged is the very file that passed
/// the checks: swapping it for a FIFO, a device or a link after the check changes nothing.
public final class CheckedFile {
    /// The path as the user gave it (for messages).
    let namedPath: String
    /// What the recipient sees: the named path's last component (never used as a path).
    let displayName: String
    let size: Int
    private let descriptor: Int32
    /// The path the file was opened at (every link resolved).
    private let openedPath: String

    fileprivate init(namedPath: String, openedPath: String, descriptor: Int32, size: Int) {
        self.namedPath = namedPath
        self.openedPath = openedPath
        self.descriptor = descriptor
        self.size = size
        displayName = FileSystem.lastComponent(namedPath)
    }

    deinit { close(descriptor) }

    /// Where FileSystem.copyFile should read it: /proc/self/fd/N reopens the checked inode itself
    /// (Linux), so no rename or swap between check and copy can substitute another file; nil
    /// without /proc, when the caller must copy `openedPath` refusing links.
    var copySource: (path: String, noFollow: Bool) {
        let handle = "/proc/self/fd/\(descriptor)"
        return FileSystem.exists(handle) ? (handle, false) : (openedPath, true)
    }
}

/// The checks every file passes before any is staged (share --help states them):
/// a regular file (no directory, device, FIFO or socket), readable, at most
/// ShareLimits.maximumFileSize bytes; a symbolic link only when it resolves inside the directory
/// of the path the user named (so `photo.jpg -> ../../etc/passwd`, or a link planted in a
/// downloads folder, cannot smuggle a private file into a chat).
public enum ShareFileCheck {
    public static func check(_ path: String) throws -> CheckedFile {
        guard !path.isEmpty else { throw ShareFailure.refused("an empty file name") }
        var st = stat()
        guard lstat(path, &st) == 0 else { throw unreadable(path, errno) }
        var target = path
        if st.st_mode & S_IFMT == S_IFLNK {
            target = try linkTarget(path)
            guard stat(target, &st) == 0 else { throw unreadable(path, errno) }
        }
        try requireRegular(path, st)
        // Opened without blocking (a FIFO swapped in now would not hang us) and without following
        // a link swapped in since lstat; then the descriptor must be the inode that was checked.
        let fd = open(target, O_RDONLY | O_NONBLOCK | O_NOFOLLOW | O_NOCTTY | O_CLOEXEC)
        guard fd >= 0 else {
            let code = errno
            throw code == ELOOP ? changed(path) : unreadable(path, code)
        }
        var opened = stat()
        guard fstat(fd, &opened) == 0, opened.st_dev == st.st_dev, opened.st_ino == st.st_ino else {
            close(fd)
            throw changed(path)
        }
        do {
            try requireRegular(path, opened)
            let size = Int(opened.st_size)
            guard size <= ShareLimits.maximumFileSize else {
                throw ShareFailure.refused("\(path) is \(ShareFileCheck.mebibytes(size)); files up to \(ShareLimits.maximumFileSize >> 20) MiB can be shared")
            }
            return CheckedFile(namedPath: path, openedPath: target, descriptor: fd, size: size)
        } catch {
            close(fd)
            throw error
        }
    }

    /// The link's final target, when it lies inside the directory of the named path (that
    /// directory or below, both sides with every link resolved by realpath).
    private static func linkTarget(_ path: String) throws -> String {
        guard let resolved = realPath(path) else {
            throw ShareFailure.refused("\(path) is a symbolic link to nothing that can be read (\(String(cString: strerror(errno))))")
        }
        let parent = FileSystem.parentPath(path)
        guard let directory = realPath(parent.isEmpty ? "." : parent) else { throw unreadable(path, errno) }
        let inside = directory == "/" ? resolved.hasPrefix("/") : resolved.hasPrefix(directory + "/")
        guard inside else {
            throw ShareFailure.refused("\(path) is a symbolic link to \(resolved), outside \(directory); share follows links only within the directory of the path you name")
        }
        return resolved
    }

    private static func requireRegular(_ path: String, _ st: stat) throws {
        switch st.st_mode & S_IFMT {
        case S_IFREG: return
        case S_IFDIR: throw ShareFailure.refused("\(path) is a directory; share sends files, not folders")
        case S_IFCHR, S_IFBLK: throw ShareFailure.refused("\(path) is a device file, not a regular file")
        case S_IFIFO: throw ShareFailure.refused("\(path) is a FIFO (named pipe), not a regular file")
        case S_IFSOCK: throw ShareFailure.refused("\(path) is a socket, not a regular file")
        default: throw ShareFailure.refused("\(path) is not a regular file")
        }
    }

    private static func realPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    private static func unreadable(_ path: String, _ code: Int32) -> ShareFailure {
        code == ENOENT ? .refused("\(path): no such file") : .refused("cannot read \(path): \(String(cString: strerror(code)))")
    }

    private static func changed(_ path: String) -> ShareFailure {
        .refused("\(path) changed while it was being checked; nothing was sent")
    }

    static func mebibytes(_ bytes: Int) -> String {
        let tenths = (bytes * 10 + (1 << 20) / 2) >> 20
        return "\(tenths / 10).\(tenths % 10) MiB"
    }
}
