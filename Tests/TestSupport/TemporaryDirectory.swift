import Container
import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A fresh directory under /tmp for one test, removed by `remove()` (call it in a `defer`).
/// `TEST_KEEP_TEMPORARY=1` keeps it, to look at after a failure.
public struct TemporaryDirectory: Sendable {
    public let path: String

    public init(_ label: String = "unit") throws {
        var template = Array("/tmp/telegram-test-\(label)-XXXXXX".utf8CString)
        let made = template.withUnsafeMutableBufferPointer { mkdtemp($0.baseAddress!) }
        guard made != nil else { throw SystemError("mkdtemp", path: "/tmp") }
        path = String(cString: template.withUnsafeBufferPointer { $0.baseAddress! })
    }

    public func sub(_ name: String) -> String { path + "/" + name }

    public func remove() {
        if ProcessInfo.processInfo.environment["TEST_KEEP_TEMPORARY"] == "1" {
            print("keeping \(path)")
            return
        }
        try? FileManager.default.removeItem(atPath: path)
    }
}

/// Runs `body` with a fresh temporary directory and removes it afterwards, thrown or not.
public func withTemporaryDirectory<T>(_ label: String = "unit", _ body: (TemporaryDirectory) throws -> T) throws -> T {
    let dir = try TemporaryDirectory(label)
    defer { dir.remove() }
    return try body(dir)
}

public func withTemporaryDirectory<T>(_ label: String = "unit", _ body: (TemporaryDirectory) async throws -> T) async throws -> T {
    let dir = try TemporaryDirectory(label)
    defer { dir.remove() }
    return try await body(dir)
}
