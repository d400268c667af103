/// A file added to the message being written, checked when it was added.
public struct AttachedFile: Equatable, Sendable {
    public var path: String
    public var name: String
    public var size: Int

    public init(path: String, name: String, size: Int) {
        self.path = path
        self.name = name
        self.size = size
    }
}

/// One name in a directory, for the path entry's completion and listing.
public struct DirectoryEntry: Equatable, Sendable {
    public var name: String
    public var isDirectory: Bool

    public init(name: String, isDirectory: Bool) {
        self.name = name
        self.isDirectory = isDirectory
    }
}

/// Where the chat's path entry finds files and how it sends them (the app's file system and its
/// MediaBox), so the screen itself touches neither.
@MainActor
public protocol ChatAttachmentSource: AnyObject {
    /// `~` and `~/…` as the home directory; a relative path from the working directory.
    func expand(_ path: String) -> String
    /// The names in a directory (an error when it cannot be read).
    func entries(in directory: String) throws -> [DirectoryEntry]
    /// The file checked (found, readable, a regular file within the limit), or why not.
    func check(_ path: String) throws -> AttachedFile
    /// Starts sending the files with the caption (Telegram's markdown): copied off the main
    /// thread, stored once every copy is on disk. The chat polls the upload on each frame.
    func send(_ files: [AttachedFile], caption: String, replyTo: ChatMessage.Index?, in chat: ChatId) throws -> any AttachmentUpload
}

/// Files on their way: copied so far, and how it ended once it has.
@MainActor
public protocol AttachmentUpload: AnyObject {
    var copiedBytes: Int { get }
    var totalBytes: Int { get }
    /// nil while copying; then sent, or the failure (cancelled: nothing stored, the copies removed).
    var outcome: Result<Void, any Error>? { get }
    /// Stops the copy; `outcome` says so once the worker has cleaned up.
    func cancel()
}
