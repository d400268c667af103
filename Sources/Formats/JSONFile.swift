import FoundationEssentials
import Container

/// Reading and atomically writing the small JSON files processes share.
public enum JSONFile {
    public static func write<T: Encodable>(_ value: T, to path: String, pretty: Bool = false, durable: Bool = true) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = pretty ? [.sortedKeys, .prettyPrinted] : [.sortedKeys]
        try AtomicFile.write(Array(try encoder.encode(value)), to: path, durable: durable)
    }

    public static func read<T: Decodable>(_ type: T.Type, from path: String, limit: Int = 16 << 20) throws -> T {
        let bytes = try FileSystem.readFile(path, limit: limit)
        return try StrictJSON.decode(type, from: bytes)
    }

    /// Pretty, sorted JSON text for `--json` output.
    public static func text<T: Encodable>(_ value: T) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes]
        return String(decoding: try encoder.encode(value), as: UTF8.self)
    }

    /// Compact, sorted JSON on one line (a push as it travels).
    public static func compactText<T: Encodable>(_ value: T) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return String(decoding: try encoder.encode(value), as: UTF8.self)
    }
}
