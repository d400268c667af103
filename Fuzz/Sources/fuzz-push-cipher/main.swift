import Cryptography
import Formats
import FuzzSupport

/// The encrypted push payload (`p`, decoded) as notify-service decrypts it with the account's
/// notification secret: `NotificationPayloadCipher.decrypt` on arbitrary bytes.
/// Property: the shipped cipher agrees with the MTProto 2.0 reference on every input — it returns
/// a message exactly when the key id is this account's, the msgKey verifies, the length prefix
/// fits and the padding is 12…1024 bytes, and then the same message.
let cipher = try! NotificationPayloadCipher(secret: FixedKeys.notificationSecret)
let reference = ReferencePushCipher(secret: FixedKeys.notificationSecret)

/// An input whose first byte is odd stands for this account's key id followed by the rest, so
/// mutations reach the cipher instead of dying at the key id check; an even one is taken as is.
func payload(_ input: [UInt8]) -> [UInt8] {
    guard let first = input.first, first & 1 == 1 else { return input }
    return reference.keyId + input.dropFirst()
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    let data = payload(fuzzBytes(start, count))
    let shipped = try? cipher.decrypt(data)
    let expected = reference.open(data).flatMap(ReferencePushCipher.message(ofPlaintext:))
    invariant(shipped == expected, "decrypt(\(describe(data))) gave \(shipped.map { describe($0) } ?? "nil"), MTProto 2.0 says \(expected.map { describe($0) } ?? "nil")")
    if data.count >= 8 {
        invariant(NotificationPayloadCipher.keyId(ofPayload: data) == Array(data[0..<8]), "keyId(ofPayload:) is not the first 8 bytes")
    }
    return 0
}

@_cdecl("LLVMFuzzerInitialize")
public func initialize(_ argc: UnsafeMutableRawPointer, _ argv: UnsafeMutableRawPointer) -> CInt {
    Seeds.writeIfRequested {
        // Stored with the key id replaced by the odd marker byte (see `payload`).
        func seed(_ message: String) -> [UInt8] {
            let bytes = Array(message.utf8)
            return [1] + cipher.encrypt(bytes, padding: ReferencePushCipher.padding(forMessageCount: bytes.count)).dropFirst(8)
        }
        let valid = seed(#"{"loc-key":"MESSAGE_TEXT","loc-args":["Ada","Hi"],"from_id":"1000000","msg_id":"7"}"#)
        return [
            ("message", valid),
            ("empty-message", seed("")),
            ("long-message", seed(String(repeating: "x", count: 300))),
            ("truncated", Array(valid.prefix(33))),
            ("misaligned", Array(valid.dropLast(3))),
            ("foreign-key-id", [0] + cipher.encrypt(Array("{}".utf8), padding: ReferencePushCipher.padding(forMessageCount: 2)).dropFirst(8)),
            ("short", [1, 2, 3]),
        ]
    }
    return 0
}
