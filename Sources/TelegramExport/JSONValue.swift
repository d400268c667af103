/// A small JSON value: one message, contact or picture of an export, built from stream events
/// while the rest of the document stays unread. Objects keep their keys in order.
public enum JSONValue: Sendable {
    case null
    case bool(Bool)
    case integer(Int64)
    case double(Double)
    case string(String)
    case array([JSONValue])
    case object(JSONObject)

    var typeName: String {
        switch self {
        case .null: return "null"
        case .bool: return "a boolean"
        case .integer, .double: return "a number"
        case .string: return "a string"
        case .array: return "an array"
        case .object: return "an object"
        }
    }
}

public struct JSONObject: Sendable {
    public var keys: [String] = []
    public var values: [JSONValue] = []

    /// The first value under `key` (objects here have a dozen keys: a scan beats hashing).
    public subscript(key: String) -> JSONValue? {
        for i in keys.indices where keys[i] == key { return values[i] }
        return nil
    }
}

/// Builds one JSONValue from events; `value` is set once the outermost container closes.
/// Open containers' elements sit on two flat stacks (keys beside values), made into an array or
/// object only when the container closes: no container is copied as it grows, and the stacks
/// keep their capacity from one message to the next (`reset`). Nesting is bounded: a hostile
/// export cannot make the builder (or the value's release) recurse without end.
struct JSONTreeBuilder {
    static let maxDepth = 32
    /// A message is a few dozen values and at most a few KiB of text (Telegram's limit is 4,096
    /// characters); far past that is not an export, and must not grow memory without bound.
    static let maxValues = 100_000
    static let maxStringBytes = 16 << 20

    private var valueCount = 0
    private var stringBytes = 0

    private var keys: [String] = []
    private var values: [JSONValue] = []
    /// Where each open container's elements begin, whether it is an object, and its own key.
    private var frames: [(start: Int, isObject: Bool, key: String)] = []
    private var pendingKey = ""
    private(set) var value: JSONValue?

    /// Open containers: 1 inside the outermost object, before any nested value opens.
    var depth: Int { frames.count }

    /// Whether the outermost object already has `key` (asked at depth 1, where every key on the
    /// stack is the outermost object's).
    func hasKey(_ key: String) -> Bool { keys.contains(key) }

    mutating func reset() {
        keys.removeAll(keepingCapacity: true)
        values.removeAll(keepingCapacity: true)
        frames.removeAll(keepingCapacity: true)
        pendingKey = ""
        value = nil
        valueCount = 0
        stringBytes = 0
    }

    mutating func add(_ event: JSONEvent) throws {
        valueCount += 1
        guard valueCount <= Self.maxValues else {
            throw TelegramExportError(offset: nil, "an object of more than \(Self.maxValues) values")
        }
        if case .string(let text) = event { stringBytes += text.utf8.count }
        if case .key(let text) = event { stringBytes += text.utf8.count }
        guard stringBytes <= Self.maxStringBytes else {
            throw TelegramExportError(offset: nil, "an object of more than \(Self.maxStringBytes >> 20) MiB of text")
        }
        switch event {
        case .startObject, .startArray:
            guard frames.count < Self.maxDepth else {
                throw TelegramExportError(offset: nil, "values nested more than \(Self.maxDepth) deep")
            }
            if case .startObject = event {
                frames.append((values.count, true, pendingKey))
            } else {
                frames.append((values.count, false, pendingKey))
            }
            pendingKey = ""
        case .key(let key):
            pendingKey = key
        case .endObject, .endArray:
            let frame = frames.removeLast()
            let closed: JSONValue = frame.isObject
                ? .object(JSONObject(keys: Array(keys[frame.start...]), values: Array(values[frame.start...])))
                : .array(Array(values[frame.start...]))
            keys.removeSubrange(frame.start...)
            values.removeSubrange(frame.start...)
            put(closed, key: frame.key)
        case .null: put(.null, key: pendingKey)
        case .bool(let v): put(.bool(v), key: pendingKey)
        case .integer(let v): put(.integer(v), key: pendingKey)
        case .double(let v): put(.double(v), key: pendingKey)
        case .string(let v): put(.string(v), key: pendingKey)
        }
    }

    private mutating func put(_ element: JSONValue, key: String) {
        pendingKey = ""
        if frames.isEmpty {
            value = element
        } else {
            keys.append(key)
            values.append(element)
        }
    }
}
