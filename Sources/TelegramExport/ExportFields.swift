/// Typed reads of an export object's fields: a value of the wrong type is an error naming the
/// field (the caller adds which message and where); an absent field or null is nil.
struct ExportFields {
    let object: JSONObject
    let what: String

    func fail(_ message: String) -> TelegramExportError { TelegramExportError(offset: nil, "\(what): \(message)") }

    func string(_ key: String) throws -> String? {
        switch object[key] {
        case nil, .null?: return nil
        case .string(let s)?: return s
        case let other?: throw fail("'\(key)' should be a string, not \(other.typeName)")
        }
    }

    func integer(_ key: String) throws -> Int64? {
        switch object[key] {
        case nil, .null?: return nil
        case .integer(let v)?: return v
        case let other?: throw fail("'\(key)' should be an integer, not \(other.typeName)")
        }
    }

    /// A count or size: an integer from 0 on.
    func count(_ key: String) throws -> Int64? {
        guard let v = try integer(key) else { return nil }
        guard v >= 0 else { throw fail("'\(key)' is negative (\(v))") }
        return v
    }

    /// A message id (or a reply's): Telegram's are positive 32-bit integers.
    func messageId(_ key: String) throws -> Int32? {
        guard let v = try integer(key) else { return nil }
        guard v >= 1 && v <= Int64(Int32.max) else { throw fail("'\(key)' \(v) is out of range (1...\(Int32.max))") }
        return Int32(v)
    }

    /// A time as `date_unixtime` writes it: a string of digits (SerializeDateRaw), or a number.
    func unixTime(_ key: String) throws -> Int32? {
        let value: Int64
        switch object[key] {
        case nil, .null?: return nil
        case .integer(let v)?: value = v
        case .string(let s)?:
            guard !s.isEmpty, s.utf8.allSatisfy({ $0 >= 48 && $0 <= 57 }), let v = Int64(s) else {
                throw fail("'\(key)' should be a Unix time, not \"\(s.prefix(32))\"")
            }
            value = v
        case let other?: throw fail("'\(key)' should be a Unix time, not \(other.typeName)")
        }
        guard value >= 0 && value <= Int64(Int32.max) else { throw fail("'\(key)' \(value) is out of range") }
        return Int32(value)
    }

    /// `user123`, `chat123`, `channel123`.
    func peer(_ key: String) throws -> ExportPeerRef? {
        guard let text = try string(key) else { return nil }
        guard let peer = ExportPeerRef(prefixed: text) else {
            throw fail("'\(key)' should be user…, chat… or channel… with an id in 1...\(ExportPeerRef.idRange.upperBound), not \"\(text.prefix(40))\"")
        }
        return peer
    }

    func file(_ key: String) throws -> ExportFileRef? {
        guard let text = try string(key) else { return nil }
        guard !text.isEmpty else { throw fail("'\(key)' is an empty path") }
        return ExportFileRef.parse(text)
    }

    /// Counts the keys this reader does not know in `unknown`, under `prefix.key`.
    func countUnknown(known: Set<String>, prefix: String, into unknown: inout [String: Int]) {
        for key in object.keys where !known.contains(key) { unknown[prefix + "." + key, default: 0] += 1 }
    }
}
