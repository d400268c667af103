/// One step of a JSON document as a streaming parser reads it, in document order.
public enum JSONEvent: Sendable {
    case null
    case bool(Bool)
    case integer(Int64)
    case double(Double)
    case string(String)
    case startObject
    case key(String)
    case endObject
    case startArray
    case endArray

    /// The kind of value this event begins, as an error message names it.
    var valueName: String {
        switch self {
        case .null: return "null"
        case .bool: return "a boolean"
        case .integer, .double: return "a number"
        case .string: return "a string"
        case .startObject, .endObject, .key: return "an object"
        case .startArray, .endArray: return "an array"
        }
    }
}

/// Receives a document's events; throwing stops the parse (the error comes back from `feed`).
public protocol JSONEventHandler: AnyObject {
    func handle(_ event: JSONEvent) throws
}
