/// One status change, for the report: "joining" (embedded mode), "active" or "finished", at
/// milliseconds since the broadcast started.
public struct BroadcastTransition: Codable, Equatable, Sendable {
    public var status: String
    public var atMs: Int64

    public init(status: String, atMs: Int64) {
        self.status = status
        self.atMs = atMs
    }
}
