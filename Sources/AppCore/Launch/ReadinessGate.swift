/// Telegram's readiness pattern: the UI counts as ready only when the tab controller AND its
/// selected child are ready, so nothing shows half-loaded. Each condition is named so a
/// launch that never becomes ready says which part held it up.
public struct ReadinessGate: Sendable {
    public private(set) var pending: Set<String>

    public init(conditions: [String]) { pending = Set(conditions) }

    public mutating func satisfy(_ condition: String) { pending.remove(condition) }

    public var isReady: Bool { pending.isEmpty }

    public struct NotReady: Error, CustomStringConvertible {
        public let pending: [String]
        public var description: String { "the interface never became ready (waiting for \(pending.joined(separator: ", ")))" }
    }

    public func requireReady() throws {
        if !isReady { throw NotReady(pending: pending.sorted()) }
    }
}
