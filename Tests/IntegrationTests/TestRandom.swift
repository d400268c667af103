import Foundation

/// Unseeded random bytes, for data whose value does not matter (a key, a garbage file).
enum TestRandom {
    static func bytes(_ count: Int) -> Data {
        var g = SystemRandomNumberGenerator()
        return Data((0..<count).map { _ in UInt8.random(in: 0 ... 255, using: &g) })
    }
}

extension Data {
    func write(toPath path: String) throws { try write(to: URL(fileURLWithPath: path)) }
}

