import Foundation
import Testing
@testable import Cryptography
import TestSupport

/// Vectors from an independent implementation (tgcrypto's AES-IGE + hashlib,
/// Vectors/make_push_vectors.py), so these tests compare AESIGE and NotificationPayloadCipher with
/// a second implementation of Telegram's push-payload encryption.
struct PushVectors: Decodable {
    struct IGEVector: Decodable { let key, iv, plaintext, ciphertext: String }
    struct PayloadVector: Decodable { let secret, keyId, json, padding, payload, payloadBase64url: String }
    struct RejectedVector: Decodable { let secret, payload, reason, note: String }

    let ige: [IGEVector]
    let payloads: [PayloadVector]
    let rejected: [RejectedVector]

    static func load(filePath: String = #filePath) throws -> PushVectors {
        let directory = URL(fileURLWithPath: filePath).deletingLastPathComponent()
        let url = directory.appendingPathComponent("Vectors/push-vectors.json")
        return try JSONDecoder().decode(PushVectors.self, from: Data(contentsOf: url))
    }
}

/// Test-local base64url decoding (Telegram's "p": -/_ alphabet, no padding); the production
/// decoder is not written yet, so this deliberately does not use it.
private func decodeBase64URL(_ text: String) -> [UInt8]? {
    var standard = text.replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
    standard += String(repeating: "=", count: (4 - standard.count % 4) % 4)
    return Data(base64Encoded: standard).map { Array($0) }
}

/// Decrypts and returns the failure code, or nil when the payload was accepted.
private func failureCode(_ cipher: NotificationPayloadCipher, _ payload: [UInt8]) -> String? {
    do {
        _ = try cipher.decrypt(payload)
        return nil
    } catch {
        return error.code
    }
}

@Suite("Push payload vectors (independent implementation)")
struct PushPayloadVectorTests {
    let vectors: PushVectors

    init() throws { vectors = try PushVectors.load() }

    @Test func fileHasEnoughVectors() {
        #expect(vectors.ige.count >= 6)
        #expect(Set(vectors.ige.map { $0.plaintext.count / 32 }).isSuperset(of: [1, 2, 3, 16, 64]))
        #expect(vectors.payloads.count >= 8)
        #expect(vectors.rejected.count >= 8)
        let reasons = Set(vectors.rejected.map(\.reason))
        #expect(reasons == ["msgKeyMismatch", "unknownKeyId", "truncated", "misalignedCiphertext", "badLengthPrefix"])
    }

    @Test func igeEncryptsAndDecrypts() throws {
        for v in vectors.ige {
            let key = [UInt8](hex: v.key), iv = [UInt8](hex: v.iv)
            #expect(try AESIGE.encrypt([UInt8](hex: v.plaintext), key: key, iv: iv).hex == v.ciphertext, "key \(v.key.prefix(16))")
            #expect(try AESIGE.decrypt([UInt8](hex: v.ciphertext), key: key, iv: iv).hex == v.plaintext, "key \(v.key.prefix(16))")
        }
    }

    @Test func payloadsDecryptToTheirJSON() throws {
        for v in vectors.payloads {
            let cipher = try NotificationPayloadCipher(secret: [UInt8](hex: v.secret))
            #expect(try cipher.decrypt([UInt8](hex: v.payload)) == Array(v.json.utf8), "\(v.json.prefix(40))")
        }
    }

    @Test func encryptingWithTheVectorPaddingReproducesThePayload() throws {
        for v in vectors.payloads {
            let cipher = try NotificationPayloadCipher(secret: [UInt8](hex: v.secret))
            let payload = cipher.encrypt(Array(v.json.utf8), padding: [UInt8](hex: v.padding))
            #expect(payload.hex == v.payload, "\(v.json.prefix(40))")
        }
    }

    @Test func keyIds() throws {
        for v in vectors.payloads {
            let secret = [UInt8](hex: v.secret)
            #expect(try NotificationPayloadCipher(secret: secret).keyId.hex == v.keyId)
            #expect(NotificationPayloadCipher.keyId(ofSecret: secret).hex == v.keyId)
            #expect(NotificationPayloadCipher.keyId(ofPayload: [UInt8](hex: v.payload))?.hex == v.keyId)
        }
    }

    @Test func rejectedPayloadsFailWithTheirReason() throws {
        for v in vectors.rejected {
            let cipher = try NotificationPayloadCipher(secret: [UInt8](hex: v.secret))
            #expect(failureCode(cipher, [UInt8](hex: v.payload)) == v.reason, "\(v.note)")
        }
    }

    @Test func pushPayloadsNeedBase64URLDecoding() throws {
        let encoded = vectors.payloads.map(\.payloadBase64url)
        // The vectors exercise what plain base64 cannot read: the -/_ alphabet and missing padding.
        #expect(encoded.contains { $0.contains("-") })
        #expect(encoded.contains { $0.contains("_") })
        #expect(encoded.contains { $0.count % 4 != 0 })
        #expect(encoded.allSatisfy { !$0.contains("=") && !$0.contains("+") && !$0.contains("/") })
        #expect(encoded.contains { Data(base64Encoded: $0) == nil })
        for v in vectors.payloads {
            let bytes = try #require(decodeBase64URL(v.payloadBase64url), "\(v.json.prefix(40))")
            #expect(bytes.hex == v.payload)
            let cipher = try NotificationPayloadCipher(secret: [UInt8](hex: v.secret))
            #expect(try cipher.decrypt(bytes) == Array(v.json.utf8))
        }
    }

    // MARK: Properties, without the vectors

    @Test func randomMessagesRoundTrip() throws {
        let seed = UInt64.random(in: .min ... .max)
        var rng = SeededGenerator(state: seed)
        let cipher = try NotificationPayloadCipher(secret: rng.bytes(256))
        for i in 0..<150 {
            let message = rng.bytes(Int.random(in: 0...4000, using: &rng))
            // Half with the encoder's own random padding, half with any valid explicit length.
            var padding: [UInt8]? = nil
            if i % 2 == 1 {
                var length = Int.random(in: 12...1009, using: &rng)
                length += (16 - (4 + message.count + length) % 16) % 16
                padding = rng.bytes(length)
            }
            let payload = cipher.encrypt(message, padding: padding)
            #expect((payload.count - NotificationPayloadCipher.headerSize) % 16 == 0)
            #expect(try cipher.decrypt(payload) == message, "seed \(seed) iteration \(i) size \(message.count)")
        }
    }

    @Test func encryptingTwiceGivesDifferentCiphertexts() throws {
        let cipher = try NotificationPayloadCipher(secret: SecureRandom.bytes(256))
        let message = Array(#"{"loc-key":"MESSAGE_TEXT","msg_id":"1"}"#.utf8)
        let first = cipher.encrypt(message), second = cipher.encrypt(message)
        #expect(first[0..<8] == second[0..<8])
        #expect(first[8...] != second[8...])
        #expect(first[8..<24] != second[8..<24], "msgKey covers the random padding")
        #expect(try cipher.decrypt(first) == message)
        #expect(try cipher.decrypt(second) == message)
    }

    @Test func everySingleBitFlipIsRejected() throws {
        let cipher = try NotificationPayloadCipher(secret: SecureRandom.bytes(256))
        let payload = cipher.encrypt(Array(#"{"a":"b"}"#.utf8))
        #expect(payload.count >= 40)
        for index in payload.indices {
            for bit in 0..<8 {
                var tampered = payload
                tampered[index] ^= 1 << bit
                #expect(failureCode(cipher, tampered) != nil, "byte \(index) bit \(bit) was accepted")
            }
        }
    }
}
