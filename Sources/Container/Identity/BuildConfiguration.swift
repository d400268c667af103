import FoundationEssentials
#if canImport(Glibc)
import Glibc
#endif

/// Values Telegram injects at build time from `build-input/configuration-repository/` and never
/// commits. Here they come from `build-input/configuration.json`, which is
/// git-ignored; every field has a documented default (README, "Build configuration").
public struct BuildConfiguration: Codable, Sendable, Equatable {
    public var baseAppBundleId: String
    public var apiId: Int32
    public var apiHash: String
    public var appSpecificUrlScheme: String
    public var isAppStoreBuild: Bool
    public var appVersion: String

    public static let defaults = BuildConfiguration(
        baseAppBundleId: "ph.telegra.Telegraph",
        apiId: 0,
        apiHash: "",
        appSpecificUrlScheme: "tg",
        isAppStoreBuild: false,
        appVersion: "1.0"
    )

    public init(baseAppBundleId: String, apiId: Int32, apiHash: String, appSpecificUrlScheme: String,
                isAppStoreBuild: Bool, appVersion: String) {
        self.baseAppBundleId = baseAppBundleId
        self.apiId = apiId
        self.apiHash = apiHash
        self.appSpecificUrlScheme = appSpecificUrlScheme
        self.isAppStoreBuild = isAppStoreBuild
        self.appVersion = appVersion
    }

    /// Missing keys take their defaults, so a partial file is fine.
    public init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        let d = BuildConfiguration.defaults
        baseAppBundleId = try c.decodeIfPresent(String.self, forKey: .baseAppBundleId) ?? d.baseAppBundleId
        apiId = try c.decodeIfPresent(Int32.self, forKey: .apiId) ?? d.apiId
        apiHash = try c.decodeIfPresent(String.self, forKey: .apiHash) ?? d.apiHash
        appSpecificUrlScheme = try c.decodeIfPresent(String.self, forKey: .appSpecificUrlScheme) ?? d.appSpecificUrlScheme
        isAppStoreBuild = try c.decodeIfPresent(Bool.self, forKey: .isAppStoreBuild) ?? d.isAppStoreBuild
        appVersion = try c.decodeIfPresent(String.self, forKey: .appVersion) ?? d.appVersion
    }

    public struct LoadError: Error, CustomStringConvertible {
        public let path: String
        public let reason: String
        public var description: String { "invalid build configuration \(path): \(reason)" }
    }

    /// Where the build-input file is: `$TELEGRAM_BUILD_INPUT`, else `build-input/configuration.json`
    /// in the nearest ancestor of the executable (the package root for a SwiftPM build).
    public static func locate(environment: [String: String]) -> String? {
        if let explicit = environment["TELEGRAM_BUILD_INPUT"], !explicit.isEmpty { return explicit }
        var buffer = [CChar](repeating: 0, count: 4096)
        let n = readlink("/proc/self/exe", &buffer, buffer.count - 1)
        guard n > 0 else { return nil }
        var directory = FileSystem.parentPath(String(decoding: buffer[0..<n].map { UInt8(bitPattern: $0) }, as: UTF8.self))
        for _ in 0..<6 {
            let candidate = directory + "/build-input/configuration.json"
            if FileSystem.isRegularFile(candidate) { return candidate }
            let parent = FileSystem.parentPath(directory)
            if parent == directory || parent.isEmpty { break }
            directory = parent
        }
        return nil
    }

    public static func load(environment: [String: String]) throws -> (BuildConfiguration, source: String?) {
        guard let path = locate(environment: environment) else { return (defaults, nil) }
        let bytes: [UInt8]
        do { bytes = try FileSystem.readFile(path, limit: 1 << 20, followLinks: true) } catch {
            throw LoadError(path: path, reason: "\(error)")
        }
        return (try parse(bytes, path: path), path)
    }

    /// The file's content, validated as `load` validates it (the fuzzing harness feeds this directly).
    public static func parse(_ bytes: [UInt8], path: String) throws(LoadError) -> BuildConfiguration {
        let config: BuildConfiguration
        do {
            config = try StrictJSON.decode(BuildConfiguration.self, from: bytes)
        } catch {
            throw LoadError(path: path, reason: "not valid JSON for the documented keys")
        }
        guard isBundleId(config.baseAppBundleId) else {
            throw LoadError(path: path, reason: "baseAppBundleId must look like org.example.App (dot-separated ASCII letters, digits and hyphens)")
        }
        return config
    }

    /// Apple's bundle id syntax: two or more dot-separated labels of ASCII letters, digits and
    /// hyphens. The app group, and so the container's directory under AppGroups/, is made from
    /// the base id, so a slash, "..", a space or a control character must never get through.
    public static func isBundleId(_ text: String) -> Bool {
        let labels = text.utf8.split(separator: UInt8(ascii: "."), omittingEmptySubsequences: false)
        return labels.count >= 2 && labels.allSatisfy { label in
            !label.isEmpty && label.allSatisfy { byte in
                byte == UInt8(ascii: "-") || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
                    || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte) || (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte)
            }
        }
    }
}
