import Container

/// Telegram's MediaBox: the account's media files, and `cached/` representations derived from
/// them (rendered avatars). Resource ids are sanitised into file names.
public struct MediaBox: Sendable {
    public let basePath: String

    public init(basePath: String) { self.basePath = basePath }

    public func resourcePath(_ resourceId: String) -> String { basePath + "/" + sanitize(resourceId) }

    public func cachedRepresentationPath(_ resourceId: String, representation: String) -> String {
        basePath + "/cached/" + sanitize(resourceId) + ":" + sanitize(representation)
    }

    public func createDirectories() throws {
        try FileSystem.createDirectory(basePath + "/cached")
    }

    private func sanitize(_ s: String) -> String {
        String(s.map { $0 == "/" || $0 == "\0" ? "_" : $0 }).replacingLeadingDots()
    }
}

extension String {
    fileprivate func replacingLeadingDots() -> String {
        var s = self
        while s.hasPrefix(".") { s = "_" + s.dropFirst() }
        return s
    }
}
