import Container
import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// The package's built executables, found beside the running test binary, where SwiftPM puts
/// every product (`swift build --build-tests` builds them all; `swift test` alone would not).
public enum Executables {
    /// The directory of the running test binary.
    public static let binDirectory: String = {
        var buffer = [CChar](repeating: 0, count: 4096)
        let n = readlink("/proc/self/exe", &buffer, buffer.count - 1)
        precondition(n > 0, "cannot read /proc/self/exe")
        let exe = String(decoding: buffer[0..<n].map { UInt8(bitPattern: $0) }, as: UTF8.self)
        return (exe as NSString).deletingLastPathComponent
    }()

    public static func path(_ name: String) -> String { binDirectory + "/" + name }

    public static let main = "main"
    /// The five extensions and the identity each one claims.
    public static let extensions: [(name: String, identity: ProcessIdentity)] = [
        ("share", .share), ("notify-service", .notifyService), ("widget", .widget),
        ("intents", .intents), ("broadcast", .broadcast),
    ]
    public static var extensionNames: [String] { extensions.map(\.name) }
    public static var all: [String] { [main] + extensionNames }

    /// Throws when an executable is missing, instead of a confusing spawn error.
    public static func requireBuilt(_ names: [String] = all) throws {
        for name in names where !FileManager.default.isExecutableFile(atPath: path(name)) {
            throw HarnessError("executable \(name) not found at \(path(name)); build with `swift build --build-tests`")
        }
    }
}
