/// A JSONValue written back as compact JSON text (a service action's nested data, kept whole).
public enum JSONText {
    public static func serialize(_ value: JSONValue) -> String {
        var out = ""
        write(value, into: &out)
        return out
    }

    private static func write(_ value: JSONValue, into out: inout String) {
        switch value {
        case .null: out += "null"
        case .bool(let b): out += b ? "true" : "false"
        case .integer(let v): out += String(v)
        case .double(let v): out += v.isFinite ? "\(v)" : "null"
        case .string(let s): quote(s, into: &out)
        case .array(let items):
            out += "["
            for (i, item) in items.enumerated() {
                if i > 0 { out += "," }
                write(item, into: &out)
            }
            out += "]"
        case .object(let o):
            out += "{"
            for i in o.keys.indices {
                if i > 0 { out += "," }
                quote(o.keys[i], into: &out)
                out += ":"
                write(o.values[i], into: &out)
            }
            out += "}"
        }
    }

    private static func quote(_ s: String, into out: inout String) {
        out += "\""
        for scalar in s.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            default:
                if scalar.value < 0x20 {
                    let hex = String(scalar.value, radix: 16)
                    out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        out += "\""
    }
}

/// A small JSON document held whole (an object tdesktop wrote inside a string), parsed into a value.
final class JSONDocument: JSONEventHandler {
    private var builder = JSONTreeBuilder()

    static func parse(_ text: String) throws -> JSONValue {
        let document = JSONDocument()
        let stream = JSONStream(handler: document)
        var bytes = Array(text.utf8)
        try bytes.withUnsafeMutableBytes { try stream.feed(UnsafeRawBufferPointer($0)) }
        try stream.finish()
        guard let value = document.builder.value else { throw TelegramExportError(offset: nil, "not a JSON value") }
        return value
    }

    func handle(_ event: JSONEvent) throws { try builder.add(event) }
}
