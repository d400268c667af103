import Container
#if canImport(Glibc)
import Glibc
#endif

/// An attachment's bytes (a MediaBox file, kept under its resource id) put where a person or a
/// program can use them under the name the message gives it: saved into a folder without ever
/// replacing a file there, or copied into a private folder for the opener, whose type detection
/// goes by the name.
public enum AttachmentFiles {
    /// How many "name (n).ext" are tried before a save gives up.
    static let numberedLimit = 10_000

    /// Copies `source` into `directory` (created if absent) as `name`, or "name (1).ext", … when
    /// that is taken: each candidate created with O_EXCL, so two saves at once never write one
    /// file, and nothing already there is replaced. The path written.
    public static func save(_ source: String, into directory: String, as name: String) throws -> String {
        let input = try openSource(source)
        defer { close(input) }
        try createFolder(directory)
        for number in 0..<numberedLimit {
            let path = directory + "/" + AttachmentFileName.numbered(name, number)
            let output = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC | O_NOFOLLOW, 0o644)
            if output < 0 {
                if errno == EEXIST { continue }
                throw SystemError("cannot create", path: path)
            }
            do {
                defer { close(output) }
                try FileSystem.copyContents(input, source: source, to: output, path: path)
            } catch {
                unlink(path)
                throw error
            }
            return path
        }
        throw SystemError("no free name for \(name) in", path: directory, code: EEXIST)
    }

    /// `source` as `folder/<key>/<name>` (the key keeps two attachments of one name apart), made
    /// once and reused while its size matches. The folder is the app's own (0700).
    public static func openableCopy(_ source: String, in folder: String, key: String, as name: String) throws -> String {
        let directory = folder + "/" + FileSystem.safeFileName(key)
        let path = directory + "/" + name
        let size = FileSystem.fileSize(source)
        if FileSystem.isRegularFile(path), size != nil, FileSystem.fileSize(path) == size { return path }
        guard size != nil else { throw SystemError("cannot open", path: source, code: ENOENT) }
        try FileSystem.createDirectory(directory, durable: false)
        try FileSystem.copyFile(from: source, to: path, limit: Int.max, noFollow: true, durable: false)
        return path
    }

    private static func openSource(_ source: String) throws -> Int32 {
        let input = open(source, O_RDONLY | O_CLOEXEC | O_NOFOLLOW)
        guard input >= 0 else { throw SystemError("cannot open", path: source) }
        return input
    }

    /// `mkdir -p` with the folder's usual mode (a downloads folder is not private to the app).
    static func createFolder(_ directory: String) throws {
        if FileSystem.isDirectory(directory) { return }
        let parent = FileSystem.parentPath(directory)
        if parent != directory, !FileSystem.isDirectory(parent) { try createFolder(parent) }
        if mkdir(directory, 0o755) != 0, errno != EEXIST { throw SystemError("cannot create directory", path: directory) }
    }
}
