import Foundation
import TestSupport

/// A value one thread sets and another reads after joining it.
final class ThreadResult<Value: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    private var value: Result<Value, Error>?
    func set(_ result: Result<Value, Error>) { lock.lock(); value = result; lock.unlock() }
    func get() throws -> Result<Value, Error> {
        lock.lock(); defer { lock.unlock() }
        guard let value else { throw HarnessError("the request's thread set no answer") }
        return value
    }
}
