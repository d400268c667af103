#if canImport(Glibc)
import Glibc
#endif

/// Thin, explicit file-system calls. Directories are created 0700 and files 0600: the container
/// holds one user's private data.
public enum FileSystem {
    public static let directoryMode: mode_t = 0o700
    public static let fileMode: mode_t = 0o600

    /// `mkdir -p` with 0700; tolerant of another process creating the same directory at once.
    /// Each directory it creates is made durable in its parent before the call returns: what is
    /// later written inside would otherwise be lost with it at a power cut. `durable: false` is
    /// for scratch directories nothing durable is ever put in (temp, logs): no fsync.
    public static func createDirectory(_ path: String, durable: Bool = true) throws {
        if isDirectory(path) { return }
        let parent = parentPath(path)
        if !parent.isEmpty && parent != path && !isDirectory(parent) {
            try createDirectory(parent, durable: durable)
        }
        if mkdir(path, directoryMode) != 0 {
            guard errno == EEXIST else { throw SystemError("cannot create directory", path: path) }
        } else if durable {
            try syncDirectory(parent)
        }
        if !isDirectory(path) {
            throw SystemError("not a directory:", path: path, code: ENOTDIR)
        }
    }

    public static func exists(_ path: String) -> Bool {
        var st = stat()
        return lstat(path, &st) == 0
    }

    /// `followLinks: false` answers for the entry itself: a link to a directory is not one.
    public static func isDirectory(_ path: String, followLinks: Bool = true) -> Bool {
        var st = stat()
        return (followLinks ? stat(path, &st) : lstat(path, &st)) == 0 && (st.st_mode & S_IFMT) == S_IFDIR
    }

    public static func isRegularFile(_ path: String) -> Bool {
        var st = stat()
        return lstat(path, &st) == 0 && (st.st_mode & S_IFMT) == S_IFREG
    }

    /// Size of a regular file, nil when it does not exist.
    public static func fileSize(_ path: String) -> Int? {
        var st = stat()
        guard stat(path, &st) == 0 else { return nil }
        return Int(st.st_size)
    }

    /// The process's working directory ("/" if it cannot be read).
    public static func currentDirectory() -> String {
        var buffer = [CChar](repeating: 0, count: 4096)
        guard getcwd(&buffer, buffer.count) != nil else { return "/" }
        return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// `path` as it names a file from the working directory, made absolute (not resolved: links
    /// and `..` stay for the reader to follow), so another process reads the same file.
    public static func absolutePath(_ path: String) -> String {
        guard !path.hasPrefix("/") else { return path }
        let directory = currentDirectory()
        return path.isEmpty ? directory : (directory == "/" ? "" : directory) + "/" + path
    }

    /// Seconds since the entry was last modified; nil when it does not exist.
    public static func secondsSinceModification(_ path: String) -> Int? {
        var st = stat()
        guard lstat(path, &st) == 0 else { return nil }
        return Int(time(nil)) - Int(st.st_mtim.tv_sec)
    }

    /// Opens a file another process may have replaced, for reading, without ever blocking or
    /// being redirected: O_NONBLOCK (a FIFO or device swapped in opens at once instead of waiting
    /// for a writer), O_NOCTTY, O_NOFOLLOW unless `followLinks` (a symbolic link in the container
    /// is never ours: AtomicFile writes regular files), and then a check that what was opened is a
    /// regular file of at most `limit` bytes. Returns the descriptor and the file's size.
    /// `followLinks` is for paths a person named on the command line, where a link is theirs.
    /// `flags` may add O_CREAT (a lock file, a log), which creates the file with `fileMode`.
    public static func openRegularFile(_ path: String, limit: Int, followLinks: Bool = false,
                                       flags: Int32 = O_RDONLY) throws -> (fd: Int32, size: Int) {
        let fd = open(path, flags | O_NONBLOCK | O_NOCTTY | O_CLOEXEC | (followLinks ? 0 : O_NOFOLLOW), fileMode)
        guard fd >= 0 else {
            if errno == ELOOP && !followLinks { throw SystemError("refusing a symbolic link:", path: path, code: ELOOP) }
            throw SystemError("cannot open", path: path)
        }
        var st = stat()
        guard fstat(fd, &st) == 0 else {
            let error = SystemError("cannot stat", path: path)
            close(fd)
            throw error
        }
        guard (st.st_mode & S_IFMT) == S_IFREG else {
            close(fd)
            throw SystemError("not a regular file:", path: path, code: EINVAL)
        }
        guard Int(st.st_size) <= limit else {
            close(fd)
            throw SystemError("file too large:", path: path, code: EOVERFLOW)
        }
        return (fd, Int(st.st_size))
    }

    /// Reads a whole regular file through `openRegularFile` (never blocks, never follows a link
    /// unless `followLinks`); `limit` guards against hostile or corrupt files of absurd size.
    public static func readFile(_ path: String, limit: Int = 64 << 20, followLinks: Bool = false) throws -> [UInt8] {
        let (fd, size) = try openRegularFile(path, limit: limit, followLinks: followLinks)
        defer { close(fd) }
        return try readAll(fd, limit: limit, path: path, sizeHint: size)
    }

    /// Up to `count` bytes at `offset` of an open file (fewer at its end): one part of a file
    /// read in parts (an upload), without the rest in memory.
    public static func readChunk(_ fd: Int32, offset: Int, count: Int, path: String) throws -> [UInt8] {
        var buffer = [UInt8](repeating: 0, count: max(count, 0))
        var filled = 0
        while filled < buffer.count {
            let n = buffer.withUnsafeMutableBytes { pread(fd, $0.baseAddress! + filled, $0.count - filled, off_t(offset + filled)) }
            if n < 0 {
                if errno == EINTR { continue }
                throw SystemError("cannot read", path: path)
            }
            if n == 0 { break }
            filled += n
        }
        return Array(buffer[0..<filled])
    }

    /// Reads a descriptor to its end (a pipe, standard input); more than `limit` bytes is an error
    /// (EOVERFLOW), so a hostile or runaway writer cannot make the reader allocate without bound.
    public static func readAll(_ fd: Int32, limit: Int, path: String, sizeHint: Int = 0) throws -> [UInt8] {
        var result = [UInt8]()
        result.reserveCapacity(min(sizeHint, limit))
        var chunk = [UInt8](repeating: 0, count: max(4096, min(sizeHint + 1, 1 << 20)))
        while true {
            let n = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if n < 0 {
                if errno == EINTR { continue }
                throw SystemError("cannot read", path: path)
            }
            if n == 0 { break }
            result.append(contentsOf: chunk[0..<n])
            if result.count > limit { throw SystemError("input too large:", path: path, code: EOVERFLOW) }
        }
        return result
    }

    /// The first `count` bytes of a descriptor (fewer when it ends first): a file's header, told
    /// by its magic numbers, without reading the rest.
    public static func readPrefix(_ fd: Int32, count: Int, path: String) throws -> [UInt8] {
        var buffer = [UInt8](repeating: 0, count: max(count, 0))
        var filled = 0
        while filled < buffer.count {
            let n = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress! + filled, $0.count - filled) }
            if n < 0 {
                if errno == EINTR { continue }
                throw SystemError("cannot read", path: path)
            }
            if n == 0 { break }
            filled += n
        }
        return Array(buffer[0 ..< filled])
    }

    /// Copies a regular file in chunks (never whole in memory), writing it atomically and durably
    /// (synced, renamed, its directory synced); more than `limit` bytes is an error (EFBIG).
    /// `noFollow` refuses a symbolic link as the source.
    /// `durable: false` leaves the syncs to the caller (a bulk copier syncs the filesystem once:
    /// `syncFileSystem`). `shouldContinue` hears the bytes copied after each chunk; false stops the
    /// copy (ECANCELED), the partial file removed.
    public static func copyFile(from source: String, to destination: String, limit: Int, noFollow: Bool = false,
                                durable: Bool = true, shouldContinue: ((Int) -> Bool)? = nil) throws {
        let input: Int32
        do {
            input = try openRegularFile(source, limit: limit, followLinks: !noFollow).fd
        } catch let error as SystemError where error.code == EOVERFLOW {
            throw SystemError("file too large:", path: source, code: EFBIG)
        }
        defer { close(input) }
        let temporary = destination + ".partial-" + String(UInt64.random(in: 0 ... .max), radix: 16)
        let output = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, fileMode)
        guard output >= 0 else { throw SystemError("cannot create", path: temporary) }
        do {
            defer { close(output) }
            try copyContents(input, source: source, to: output, path: temporary, limit: limit, shouldContinue: shouldContinue)
            if durable { try sync(output, path: temporary) }
        } catch {
            unlink(temporary)
            throw error
        }
        do {
            try rename(temporary, destination)
        } catch {
            unlink(temporary)
            throw error
        }
        if durable { try syncDirectory(parentPath(destination)) }
    }

    /// Copies what is left to read from `input` to `output` in chunks; more than `limit` bytes is
    /// an error (EFBIG). `source` and `path` name the two in errors.
    public static func copyContents(_ input: Int32, source: String, to output: Int32, path: String, limit: Int = .max,
                                    shouldContinue: ((Int) -> Bool)? = nil) throws {
        var copied = 0
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let n = chunk.withUnsafeMutableBytes { read(input, $0.baseAddress, $0.count) }
            if n < 0 {
                if errno == EINTR { continue }
                throw SystemError("cannot read", path: source)
            }
            if n == 0 { return }
            copied += n
            if copied > limit { throw SystemError("file too large:", path: source, code: EFBIG) }
            try chunk.withUnsafeBytes { try writeAll(output, UnsafeRawBufferPointer(rebasing: $0[0..<n]), path: path) }
            if let shouldContinue, !shouldContinue(copied) { throw SystemError("copy cancelled:", path: source, code: ECANCELED) }
        }
    }

    /// Makes everything written to the filesystem holding `path` durable: one syncfs(2) where a
    /// bulk copy would have synced each file and its directory (37,000 files: 74,000 syncs).
    public static func syncFileSystem(containing path: String) throws {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { throw SystemError("cannot open to sync", path: path) }
        defer { close(fd) }
        guard let syncfs = Self.syncfs else {
            // A C library without syncfs(2): the whole system's, which waits for its writes too.
            Glibc.sync()
            return
        }
        guard syncfs(fd) == 0 else { throw SystemError("cannot sync the filesystem of", path: path) }
    }

    /// glibc's syncfs(2), which the Glibc module does not export: looked up once, called as C.
    private static let syncfs: (@convention(c) (Int32) -> Int32)? = {
        guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "syncfs") else { return nil }
        return unsafeBitCast(symbol, to: (@convention(c) (Int32) -> Int32).self)
    }()

    /// `readFile`, with nil for a file that does not exist: the readers of shared files each treat
    /// "absent" as a state of its own (no lock file, no account yet, no key yet).
    public static func readFileIfExists(_ path: String, limit: Int = 64 << 20) throws -> [UInt8]? {
        do {
            return try readFile(path, limit: limit)
        } catch let error as SystemError where error.code == ENOENT {
            return nil
        }
    }

    /// Writes all bytes to a descriptor, retrying short writes; a short write that makes no progress
    /// (full disk, file-size limit) is an error, never a silent truncation.
    public static func writeAll(_ fd: Int32, _ bytes: UnsafeRawBufferPointer, path: String) throws {
        var offset = 0
        while offset < bytes.count {
            let n = write(fd, bytes.baseAddress! + offset, bytes.count - offset)
            if n < 0 {
                if errno == EINTR { continue }
                throw SystemError("cannot write", path: path)
            }
            if n == 0 { throw SystemError("cannot write", path: path, code: ENOSPC) }
            offset += n
        }
    }

    /// Names in a directory (no "." or ".."); empty when the directory does not exist.
    public static func listDirectory(_ path: String) -> [String] {
        guard let dir = opendir(path) else { return [] }
        defer { closedir(dir) }
        var names: [String] = []
        while let entry = readdir(dir) {
            let name = withUnsafePointer(to: entry.pointee.d_name) {
                $0.withMemoryRebound(to: CChar.self, capacity: 256) { String(cString: $0) }
            }
            if name != "." && name != ".." { names.append(name) }
        }
        return names
    }

    /// Removes a file or a whole tree. Missing paths are fine.
    public static func removeTree(_ path: String) throws {
        var st = stat()
        guard lstat(path, &st) == 0 else { return }
        if (st.st_mode & S_IFMT) == S_IFDIR {
            for name in listDirectory(path) { try removeTree(path + "/" + name) }
            if rmdir(path) != 0 && errno != ENOENT { throw SystemError("cannot remove", path: path) }
        } else if unlink(path) != 0 && errno != ENOENT {
            throw SystemError("cannot remove", path: path)
        }
    }

    public static func rename(_ from: String, _ to: String) throws {
        if Glibc.rename(from, to) != 0 { throw SystemError("cannot rename \(from) to", path: to) }
    }

    /// fsync on a directory makes a rename, create or unlink in it durable. Its failure is an
    /// error, never retried: after a failed fsync the kernel may have marked the pages clean, so a
    /// second call can succeed with nothing on the disk.
    public static func syncDirectory(_ path: String) throws {
        let fd = open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard fd >= 0 else { throw SystemError("cannot open directory to sync", path: path) }
        defer { close(fd) }
        try sync(fd, path: path)
    }

    /// fsync, with its failure an error (EINTR is not among fsync's errors on Linux).
    public static func sync(_ fd: Int32, path: String) throws {
        guard fsync(fd) == 0 else { throw SystemError("cannot sync", path: path) }
    }

    /// The directory a path is in; "." for a bare name (so a temp file beside it lands in the
    /// working directory, not in "/").
    public static func parentPath(_ path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        if slash == path.startIndex { return "/" }
        return String(path[..<slash])
    }

    /// A caller-supplied name made safe as one path component: "/" and NUL become "_", leading
    /// dots go (no "..", no hidden files), and nothing left becomes "file".
    public static func safeFileName(_ name: String) -> String {
        var out = String(name.map { $0 == "/" || $0 == "\0" ? "_" : $0 })
        while out.hasPrefix(".") { out.removeFirst() }
        return out.isEmpty ? "file" : out
    }

    public static func lastComponent(_ path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return path }
        return String(path[path.index(after: slash)...])
    }
}
