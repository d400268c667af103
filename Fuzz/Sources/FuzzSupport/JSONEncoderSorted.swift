import FoundationEssentials

/// JSON as the container's writers produce it (sorted keys), for seeds.
public struct JSONEncoderSorted {
    public init() {}

    public func encode<T: Encodable>(_ value: T) -> [UInt8] {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        return Array(try! encoder.encode(value))
    }
}
