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
/// Nesting is bounded: a hostile export cannot make the builder (or the value's release) recurse
/// without end.
struct JSONTreeBuilder {
    static let maxDepth = 32

    private enum Container {
        case object(JSONObject, pendingKey: String?)
        case array([JSONValue])
    }

    private var stack: [Container] = []
    private(set) var value: JSONValue?

    var isComplete: Bool { value != nil }

    mutating func add(_ event: JSONEvent) throws {
        switch event {
        case .startObject: try open(.object(JSONObject(), pendingKey: nil))
        case .startArray: try open(.array([]))
        case .key(let key):
            if case .object(let object, _) = stack.removeLast() { stack.append(.object(object, pendingKey: key)) }
        case .endObject, .endArray:
            let closed: JSONValue
            switch stack.removeLast() {
            case .object(let object, _): closed = .object(object)
            case .array(let array): closed = .array(array)
            }
            put(closed)
        case .null: put(.null)
        case .bool(let v): put(.bool(v))
        case .integer(let v): put(.integer(v))
        case .double(let v): put(.double(v))
        case .string(let v): put(.string(v))
        }
    }

    private mutating func open(_ container: Container) throws {
        guard stack.count < Self.maxDepth else {
            throw TelegramExportError(offset: nil, "values nested more than \(Self.maxDepth) deep")
        }
        stack.append(container)
    }

    private mutating func put(_ element: JSONValue) {
        guard let top = stack.popLast() else {
            value = element
            return
        }
        switch top {
        case .object(var object, let key):
            object.keys.append(key ?? "")
            object.values.append(element)
            stack.append(.object(object, pendingKey: nil))
        case .array(var array):
            array.append(element)
            stack.append(.array(array))
        }
    }
}
