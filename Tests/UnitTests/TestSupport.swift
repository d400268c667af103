import Foundation
import Testing
@testable import Container

/// A fresh directory under /tmp for one test, removed by `remove()` (call it in a `defer`).
struct TemporaryDirectory {
    let path: String

    init(_ label: String = "unit") throws {
        var template = Array("/tmp/telegram-unit-\(label)-XXXXXX".utf8CString)
        let made = template.withUnsafeMutableBufferPointer { mkdtemp($0.baseAddress!) }
        guard made != nil else { throw SystemError("mkdtemp", path: "/tmp") }
        path = String(cString: template.withUnsafeBufferPointer { $0.baseAddress! })
    }

    func sub(_ name: String) -> String { path + "/" + name }

    func remove() {
        try? FileManager.default.removeItem(atPath: path)
    }
}

/// Runs `body` with a fresh temporary directory and removes it afterwards, thrown or not.
func withTemporaryDirectory<T>(_ label: String = "unit", _ body: (TemporaryDirectory) throws -> T) throws -> T {
    let dir = try TemporaryDirectory(label)
    defer { dir.remove() }
    return try body(dir)
}

func withTemporaryDirectory<T>(_ label: String = "unit", _ body: (TemporaryDirectory) async throws -> T) async throws -> T {
    let dir = try TemporaryDirectory(label)
    defer { dir.remove() }
    return try await body(dir)
}

/// The bytes of a file, nil when it does not exist.
func fileBytes(_ path: String) -> [UInt8]? {
    FileManager.default.contents(atPath: path).map { Array($0) }
}

func writeBytes(_ bytes: [UInt8], to path: String) throws {
    try Data(bytes).write(to: URL(fileURLWithPath: path))
}

func fileMode(_ path: String) -> mode_t? {
    var st = stat()
    guard stat(path, &st) == 0 else { return nil }
    return st.st_mode & 0o7777
}

/// Hex in both directions, for the vector file and assertions.
extension Array where Element == UInt8 {
    init(hex: String) {
        precondition(hex.count % 2 == 0, "odd hex length")
        var out: [UInt8] = []
        out.reserveCapacity(hex.count / 2)
        var index = hex.startIndex
        while index < hex.endIndex {
            let next = hex.index(index, offsetBy: 2)
            out.append(UInt8(hex[index..<next], radix: 16)!)
            index = next
        }
        self = out
    }

    var hex: String { map { String(format: "%02x", $0) }.joined() }

    /// True when `needle` occurs anywhere in these bytes.
    func containsSubsequence(_ needle: [UInt8]) -> Bool {
        guard !needle.isEmpty, needle.count <= count else { return needle.isEmpty }
        for start in 0...(count - needle.count) where self[start] == needle[0] {
            if self[start..<start + needle.count].elementsEqual(needle) { return true }
        }
        return false
    }
}

/// SplitMix64, so property tests are reproducible from the seed they print.
struct SeededGenerator: RandomNumberGenerator {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    init(state: UInt64) { self.state = state }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
    mutating func bytes(_ count: Int) -> [UInt8] { (0..<count).map { _ in UInt8.random(in: 0...255, using: &self) } }
}
