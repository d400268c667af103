import Container

/// `telegram-data/broadcast-coordination-type`: which of Telegram's two broadcast designs runs.
/// Telegram's extension reads the file as text: exactly "ipc" means embedded, anything else
/// (including no file) means in-process. We also accept surrounding whitespace ("ipc\n").
public enum BroadcastCoordinationType: String, Codable, Sendable {
    /// The app runs the call; the extension hands it frames (`broadcast-coordination/`).
    case inProcess
    /// The extension runs its own call context (`embedded-broadcast-coordination/`).
    case embedded

    public static let fileName = "broadcast-coordination-type"

    public static func read(path: String) -> BroadcastCoordinationType {
        guard let bytes = try? FileSystem.readFileIfExists(path, limit: 4096) else { return .inProcess }
        return parse(bytes)
    }

    /// The file's content: embedded exactly when it reads "ipc".
    public static func parse(_ bytes: [UInt8]) -> BroadcastCoordinationType {
        String(decoding: bytes, as: UTF8.self).trimmingWhitespace() == "ipc" ? .embedded : .inProcess
    }

    public static func read(layout: ContainerLayout) -> BroadcastCoordinationType {
        read(path: layout.broadcastCoordinationTypePath)
    }

    /// Writes "ipc" for embedded and "inProcess" (which any reader takes as in-process) otherwise.
    public func write(path: String) throws {
        try AtomicFile.write(self == .embedded ? "ipc" : "inProcess", to: path)
    }

    public func write(layout: ContainerLayout) throws { try write(path: layout.broadcastCoordinationTypePath) }

    /// The coordination directory this mode uses.
    public func directory(layout: ContainerLayout) -> CoordinationDirectory {
        CoordinationDirectory(path: self == .embedded ? layout.embeddedBroadcastCoordinationPath : layout.broadcastCoordinationPath)
    }
}
