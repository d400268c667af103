import Foundation

/// A file of `bytes` pseudo-random bytes from `seed` (SeededGenerator): the same on every run,
/// and incompressible, as a real upload is.
public func writeRandomFile(_ path: String, bytes: Int, seed: UInt64) throws {
    var generator = SeededGenerator(seed: seed)
    var data = Data(capacity: bytes + 8)
    while data.count < bytes { withUnsafeBytes(of: generator.next()) { data.append(contentsOf: $0) } }
    try data.prefix(bytes).write(to: URL(fileURLWithPath: path))
}
