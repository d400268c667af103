import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// The bytes of a file, nil when it does not exist.
public func fileBytes(_ path: String) -> [UInt8]? {
    FileManager.default.contents(atPath: path).map { Array($0) }
}

public func writeBytes(_ bytes: [UInt8], to path: String) throws {
    try Data(bytes).write(to: URL(fileURLWithPath: path))
}

/// Permission bits (stat, so through a symbolic link), nil when absent.
public func fileMode(_ path: String) -> mode_t? {
    var st = stat()
    guard stat(path, &st) == 0 else { return nil }
    return st.st_mode & 0o7777
}

/// Overwrites bytes of a file in place; a MAP_SHARED mapping of it sees the change.
public func poke<T>(_ path: String, offset: Int, _ value: T) throws {
    let fd = open(path, O_RDWR)
    guard fd >= 0 else { throw HarnessError("open \(path): errno \(errno)") }
    defer { close(fd) }
    var copy = value
    let written = withUnsafeBytes(of: &copy) { pwrite(fd, $0.baseAddress, $0.count, off_t(offset)) }
    guard written == MemoryLayout<T>.size else { throw HarnessError("pwrite \(path): errno \(errno)") }
}
