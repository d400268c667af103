#if canImport(Glibc)
import Glibc
#endif

/// A failed system call, with the operation and the path it was about, so the message a user
/// sees names the file ("cannot open /x/y: Permission denied") rather than a bare errno.
public struct SystemError: Error, CustomStringConvertible, Equatable {
    public let operation: String
    public let path: String
    public let code: Int32

    public init(_ operation: String, path: String, code: Int32 = errno) {
        self.operation = operation
        self.path = path
        self.code = code
    }

    public var description: String {
        "\(operation) \(path): \(String(cString: strerror(code)))"
    }

    /// True when the error means the disk (or the process's file-size limit) is full.
    public var isOutOfSpace: Bool { code == ENOSPC || code == EFBIG || code == EDQUOT }
}
