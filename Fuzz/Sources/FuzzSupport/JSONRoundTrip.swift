import FoundationEssentials

/// Anything a reader decodes must survive the writers' encoding: encode (sorted keys, as
/// JSONFile and SealedJSON write) and decode again to an equal value. A value that cannot be
/// written back, or comes back different, is something a reader accepts that no writer makes.
public func checkJSONRoundTrip<T: Codable & Equatable>(_ value: T, _ what: String, input: [UInt8],
                                                      decode: ([UInt8]) throws -> T = { try JSONDecoder().decode(T.self, from: Data($0)) }) {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys]
    let encoded: [UInt8]
    do { encoded = Array(try encoder.encode(value)) } catch {
        violated("\(what): decoded \(value) cannot be encoded again (\(error)); input \(describe(input))")
    }
    let again: T
    do { again = try decode(encoded) } catch {
        violated("\(what): re-encoded \(describe(encoded)) does not decode (\(error)); input \(describe(input))")
    }
    invariant(again == value, "\(what): round trip changed \(value) into \(again); input \(describe(input))")
}

/// A reader that accepted JSON naming a key twice in one object.
public func checkNoDuplicateKeys(_ input: [UInt8], _ what: String) {
    if let key = JSONDuplicateKeys.first(in: input) {
        violated("\(what): accepted JSON that repeats the key \"\(key)\" in one object; input \(describe(input))")
    }
}
