import Cryptography
import Formats
import FuzzSupport

/// What `NotificationPayloadCipher.decrypt` does after the msgKey verifies: the length prefix and
/// padding checks, reached with any plaintext at all. The input is the plaintext (zero-extended
/// to whole AES blocks), sealed here by the reference cipher as a push server, or anyone holding
/// the secret, can seal it.
/// Properties: decrypt returns exactly what MTProto 2.0 allows (length prefix within the
/// plaintext, 12…1024 bytes of padding); a payload with any bit flipped, or sealed under another
/// account's secret, never decrypts.
let cipher = try! NotificationPayloadCipher(secret: FixedKeys.notificationSecret)
let reference = ReferencePushCipher(secret: FixedKeys.notificationSecret)
let otherCipher = try! NotificationPayloadCipher(secret: FixedKeys.otherNotificationSecret)
let other = ReferencePushCipher(secret: FixedKeys.otherNotificationSecret)

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    var plaintext = fuzzBytes(start, count)
    plaintext += [UInt8](repeating: 0, count: (16 - plaintext.count % 16) % 16 + (plaintext.isEmpty ? 16 : 0))
    let sealed = reference.seal(plaintext: plaintext)
    let shipped = try? cipher.decrypt(sealed)
    let expected = ReferencePushCipher.message(ofPlaintext: plaintext)
    invariant(shipped == expected, "decrypt of plaintext \(describe(plaintext)) gave \(shipped.map { describe($0) } ?? "nil"), MTProto 2.0 says \(expected.map { describe($0) } ?? "nil")")

    // Any one bit flipped after the key id (msgKey or ciphertext) must fail verification.
    var tampered = sealed
    let bit = plaintext.reduce(0) { $0 &* 31 &+ Int($1) } & Int.max
    let index = 8 + (bit / 8) % (tampered.count - 8)
    tampered[index] ^= UInt8(1 << (bit % 8))
    invariant((try? cipher.decrypt(tampered)) == nil, "decrypt accepted a payload with byte \(index) altered")

    // Sealed under another account's secret: refused, and by the key id alone.
    let foreign = other.seal(plaintext: plaintext)
    invariant((try? cipher.decrypt(foreign)) == nil, "decrypt accepted a payload sealed with another secret")
    invariant((try? otherCipher.decrypt(sealed)) == nil, "another account's cipher accepted this account's payload")
    // And with the key id forged to this account's, the msgKey check refuses it.
    invariant((try? cipher.decrypt(reference.keyId + foreign.dropFirst(8))) == nil, "decrypt accepted another secret's payload under a forged key id")
    return 0
}

@_cdecl("LLVMFuzzerInitialize")
public func initialize(_ argc: UnsafeMutableRawPointer, _ argv: UnsafeMutableRawPointer) -> CInt {
    Seeds.writeIfRequested {
        func plaintext(_ message: String, padding: Int) -> [UInt8] {
            let bytes = Array(message.utf8)
            return withUnsafeBytes(of: Int32(bytes.count).littleEndian, Array.init) + bytes + FixedKeys.pattern(count: padding, seed: 7)
        }
        let json = #"{"loc-key":"MESSAGE_TEXT","loc-args":["Ada","Hi"],"from_id":"1000000","msg_id":"7"}"#
        let n = json.utf8.count
        return [
            ("padding-12-plus", plaintext(json, padding: 12 + (16 - (4 + n + 12) % 16) % 16)),
            ("padding-1018", plaintext("{}", padding: 1018)),
            ("padding-1034", plaintext("{}", padding: 1034)),
            ("padding-short", plaintext("{}", padding: 10)),
            ("negative-length", [0xff, 0xff, 0xff, 0xff] + [UInt8](repeating: 0, count: 28)),
            ("length-too-long", [0x40, 0, 0, 0] + [UInt8](repeating: 0x20, count: 28)),
        ]
    }
    return 0
}
