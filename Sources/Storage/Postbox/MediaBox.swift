import Container

/// Telegram's MediaBox: the account's media files, and `cached/` representations derived from
/// them (rendered avatars). Resource ids are sanitised into file names.
public struct MediaBox: Sendable {
    public let basePath: String

    public init(basePath: String) { self.basePath = basePath }

    public func resourcePath(_ resourceId: String) -> String { basePath + "/" + FileSystem.safeFileName(resourceId) }

    public func cachedRepresentationPath(_ resourceId: String, representation: String) -> String {
        basePath + "/cached/" + FileSystem.safeFileName(resourceId) + ":" + FileSystem.safeFileName(representation)
    }

    public func createDirectories() throws {
        try FileSystem.createDirectory(basePath + "/cached")
    }
}
