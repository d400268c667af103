/// What the Calls tab reads: the call log, newest first.
public protocol CallsDataSource {
    func calls(limit: Int) throws -> [CallItem]
}
