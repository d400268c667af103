/// A file that is in place — every reader sees it — but that the disk failed to make durable (the
/// fsync after its rename failed): it may be lost at a power cut, and the command that wrote it
/// may have stopped there, part-way. Neither done nor failed, and said so: a command reporting it
/// exits 74 (EX_IOERR), never 0 and never as if nothing had changed.
public struct NotDurable: Error, CustomStringConvertible, Sendable {
    public let path: String
    public let reason: String

    public init(path: String, reason: String) {
        self.path = path
        self.reason = reason
    }

    public var description: String {
        "\(path) is in place, but the disk failed to make it durable (\(reason)): what was done may be lost at a power cut, or may be only part of it; look before doing it again"
    }
}
