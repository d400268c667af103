/// What reading one coordination file found. The status machines treat these differently:
/// a missing payload description ends the extension with an error, a missing cutoff means
/// "no cutoff", a corrupt keepalive makes the extension inactive, with the reason shown.
public enum CoordinationRead<Value: Sendable>: Sendable {
    case missing
    case corrupt(reason: String)
    case valid(Value)

    public var value: Value? {
        if case .valid(let value) = self { return value }
        return nil
    }
}

extension CoordinationRead: Equatable where Value: Equatable {}
