import Foundation

/// Hex in both directions, for vector files and assertions.
extension Array where Element == UInt8 {
    public init(hex: String) {
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

    public var hex: String { map { String(format: "%02x", $0) }.joined() }

    /// True when `needle` occurs anywhere in these bytes.
    public func containsSubsequence(_ needle: [UInt8]) -> Bool {
        guard !needle.isEmpty, needle.count <= count else { return needle.isEmpty }
        for start in 0...(count - needle.count) where self[start] == needle[0] {
            if self[start..<start + needle.count].elementsEqual(needle) { return true }
        }
        return false
    }
}
