/// The ids of requests main has applied, each with what applying produced. Recorded in the same
/// transaction as the change itself: a request whose id is here was applied, exactly once.
extension PostboxTransaction {
    public func appliedRequestResult(_ id: String) throws -> [UInt8]? {
        try valueBox.get(PostboxTable.appliedRequests, ValueBoxKey(id))
    }

    public func recordAppliedRequest(_ id: String, result: [UInt8]) throws {
        try valueBox.set(PostboxTable.appliedRequests, ValueBoxKey(id), result)
    }
}
