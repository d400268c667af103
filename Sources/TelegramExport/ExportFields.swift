/// Typed reads of an export object's fields: a value of the wrong type is an error naming the
/// field (the caller adds which message and where); an absent field or null is nil. It notes the
/// keys it read, so what no one read is counted as not kept (`countUnread`): nothing an export
/// says is dropped without a word.
final class ExportFields {
    let object: JSONObject
    let what: String
    /// Key positions read (objects past 64 keys count the rest as read: no export writes them).
    private var read: UInt64 = 0

    init(object: JSONObject, what: String) {
        self.object = object
        self.what = what
    }

    func fail(_ message: String) -> TelegramExportError { TelegramExportError(offset: nil, "\(what): \(message)") }

    /// The value under `key`, marked read.
    func value(_ key: String) -> JSONValue? {
        for i in object.keys.indices where object.keys[i] == key {
            if i < 64 { read |= 1 << UInt64(i) }
            return object.values[i]
        }
        return nil
    }

    func has(_ key: String) -> Bool { object[key] != nil }

    /// Every key has been read: nothing more to look for (most messages are text alone, and the
    /// dozens of keys a rich message may have need not be looked for one by one).
    var allRead: Bool { read.nonzeroBitCount == min(object.keys.count, 64) }

    /// Marks keys read whose content is kept another way (`date` beside `date_unixtime`).
    func markRead(_ keys: String...) { for key in keys { _ = value(key) } }

    /// The keys not read yet, in order, with their values.
    var unread: [(key: String, value: JSONValue)] {
        object.keys.indices.filter { $0 < 64 && read & (1 << UInt64($0)) == 0 }.map { (object.keys[$0], object.values[$0]) }
    }

    /// Counts each key not read in `counts`, under `prefix.key`.
    func countUnread(prefix: String, into counts: inout [String: Int]) {
        for (key, _) in unread { counts[prefix + "." + key, default: 0] += 1 }
    }

    func string(_ key: String) throws -> String? {
        switch value(key) {
        case nil, .null?: return nil
        case .string(let s)?: return s
        case let other?: throw fail("'\(key)' should be a string, not \(other.typeName)")
        }
    }

    func integer(_ key: String) throws -> Int64? {
        switch value(key) {
        case nil, .null?: return nil
        case .integer(let v)?: return v
        // tdesktop writes some numbers as strings (NumberToString inside SerializeString).
        case .string(let s)? where !s.isEmpty && s.count <= 20 && Int64(s) != nil: return Int64(s)
        case let other?: throw fail("'\(key)' should be an integer, not \(other.typeName)")
        }
    }

    func bool(_ key: String) throws -> Bool? {
        switch value(key) {
        case nil, .null?: return nil
        case .bool(let v)?: return v
        case let other?: throw fail("'\(key)' should be true or false, not \(other.typeName)")
        }
    }

    func double(_ key: String) throws -> Double? {
        switch value(key) {
        case nil, .null?: return nil
        case .double(let v)?: return v
        case .integer(let v)?: return Double(v)
        case let other?: throw fail("'\(key)' should be a number, not \(other.typeName)")
        }
    }

    /// A count, size or duration: an integer from 0 on, within Int32 where asked.
    func count(_ key: String) throws -> Int64? {
        guard let v = try integer(key) else { return nil }
        guard v >= 0 else { throw fail("'\(key)' is negative (\(v))") }
        return v
    }

    func count32(_ key: String) throws -> Int32? {
        guard let v = try count(key) else { return nil }
        guard v <= Int64(Int32.max) else { throw fail("'\(key)' \(v) is out of range") }
        return Int32(v)
    }

    /// A message id: a 32-bit integer other than 0 (negative for a migrated group's history).
    func messageId(_ key: String) throws -> Int32? {
        guard let v = try integer(key) else { return nil }
        guard v != 0, v >= -Int64(Int32.max), v <= Int64(Int32.max) else {
            throw fail("'\(key)' \(v) is not a message id (a 32-bit integer other than 0)")
        }
        return Int32(v)
    }

    /// A time as `date_unixtime` writes it: a string of digits (SerializeDateRaw), or a number.
    func unixTime(_ key: String) throws -> Int32? {
        let value: Int64
        switch self.value(key) {
        case nil, .null?: return nil
        case .integer(let v)?: value = v
        case .string(let s)?:
            guard !s.isEmpty, s.utf8.count <= 19, s.utf8.allSatisfy({ $0 >= 48 && $0 <= 57 }), let v = Int64(s) else {
                throw fail("'\(key)' should be a Unix time, not \"\(s.prefix(32))\"")
            }
            value = v
        case let other?: throw fail("'\(key)' should be a Unix time, not \(other.typeName)")
        }
        guard value >= 0 && value <= Int64(Int32.max) else { throw fail("'\(key)' \(value) is out of range") }
        return Int32(value)
    }

    /// `user123`, `chat123`, `channel123`, or the numbers of exports before April 2021
    /// (ExportLegacyIds); `style` learns which the export uses.
    func peer(_ key: String, chat: ExportChat?, style: inout ExportIdStyle) throws -> ExportPeerRef? {
        switch value(key) {
        case nil, .null?: return nil
        case .string(let text)?:
            guard let peer = ExportPeerRef(prefixed: text) else {
                throw fail("'\(key)' should be user…, chat… or channel… with an id in 1...\(ExportPeerRef.idRange.upperBound), not \"\(text.prefix(40))\"")
            }
            if style == .unknown { style = .prefixed }
            return peer
        case .integer(let v)?:
            guard v >= 0 else { throw fail("'\(key)' \(v) is not a peer id") }
            if style == .unknown { style = .numeric }
            return ExportLegacyIds.peer(numeric: v, chat: chat)
        case let other?:
            throw fail("'\(key)' should be user…, chat… or channel…, or a number, not \(other.typeName)")
        }
    }

    func file(_ key: String) throws -> ExportFileRef? {
        guard let text = try string(key) else { return nil }
        guard !text.isEmpty else { throw fail("'\(key)' is an empty path") }
        return ExportFileRef.parse(text)
    }

    /// A text as SerializeText writes it (a string, or an array of parts) as plain text.
    func plainText(_ key: String, unknown: inout [String: Int]) throws -> String? {
        guard let value = value(key) else { return nil }
        if case .null = value { return nil }
        return try ExportText.decode(value, fields: self, key: key, unknown: &unknown).text
    }

    /// An object field's own fields. tdesktop writes some objects serialized inside a string
    /// (`push` rather than `pushBare`: invoice_information): read from it.
    func object(_ key: String) throws -> ExportFields? {
        switch value(key) {
        case nil, .null?: return nil
        case .object(let o)?: return ExportFields(object: o, what: what + ", '\(key)'")
        case .string(let text)? where text.hasPrefix("{"):
            guard case .object(let o)? = try? JSONDocument.parse(text) else { throw fail("'\(key)' should be an object, not a string") }
            return ExportFields(object: o, what: what + ", '\(key)'")
        case let other?: throw fail("'\(key)' should be an object, not \(other.typeName)")
        }
    }

    func array(_ key: String) throws -> [JSONValue]? {
        switch value(key) {
        case nil, .null?: return nil
        case .array(let a)?: return a
        case let other?: throw fail("'\(key)' should be an array, not \(other.typeName)")
        }
    }
}
