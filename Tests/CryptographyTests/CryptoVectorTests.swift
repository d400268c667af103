import Foundation
import Testing
@testable import Cryptography
import TestSupport

/// Vectors computed by Python's `cryptography` package (Vectors/make_crypto_vectors.py), so these
/// tests compare Sources/Cryptography with an independent implementation.
struct CryptoVectors: Decodable {
    struct DigestVector: Decodable { let input, sha1, sha256: String }
    struct HMACVector: Decodable { let key, data, mac: String }
    struct HKDFVector: Decodable { let ikm, salt, info: String; let length: Int; let okm: String }
    struct PBKDF2Vector: Decodable { let password, salt: String; let iterations, length: Int; let dk: String }
    struct GCMVector: Decodable { let key, nonce, aad, plaintext, ciphertext, tag: String }

    let digests: [DigestVector]
    let hmacSHA256: [HMACVector]
    let hkdfSHA256: [HKDFVector]
    let pbkdf2SHA256: [PBKDF2Vector]
    let aes256gcm: [GCMVector]

    static func load(filePath: String = #filePath) throws -> CryptoVectors {
        let directory = URL(fileURLWithPath: filePath).deletingLastPathComponent()
        let url = directory.appendingPathComponent("Vectors/crypto-vectors.json")
        return try JSONDecoder().decode(CryptoVectors.self, from: Data(contentsOf: url))
    }
}

@Suite("Crypto vectors (independent implementation)")
struct CryptoVectorTests {
    let vectors: CryptoVectors

    init() throws { vectors = try CryptoVectors.load() }

    @Test func fileHasEnoughVectors() {
        #expect(vectors.digests.count >= 5)
        #expect(vectors.hmacSHA256.count >= 5)
        #expect(vectors.hkdfSHA256.count >= 5)
        #expect(vectors.pbkdf2SHA256.count >= 5)
        #expect(vectors.aes256gcm.count >= 5)
    }

    @Test func knownAnswersFromTheStandards() {
        // Spot checks that the vector file itself is sane (FIPS 180 "abc", RFC 5869 A.1).
        #expect(Digest.sha256(Array("abc".utf8)).hex == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
        #expect(Digest.sha1(Array("abc".utf8)).hex == "a9993e364706816aba3e25717850c26c9cd0d89d")
        #expect(vectors.hkdfSHA256[0].okm == "3cb25f25faacd57a90434f64d0362f2a2d2d0a90cf1a5a4c5db02d56ecc4c5bf34007208d5b887185865")
    }

    @Test func sha1AndSHA256() {
        for v in vectors.digests {
            let input = [UInt8](hex: v.input)
            #expect(Digest.sha1(input).hex == v.sha1, "sha1 of \(v.input.prefix(32))")
            #expect(Digest.sha256(input).hex == v.sha256, "sha256 of \(v.input.prefix(32))")
        }
    }

    @Test func hmacSHA256() {
        for v in vectors.hmacSHA256 {
            #expect(Digest.hmacSHA256(key: [UInt8](hex: v.key), data: [UInt8](hex: v.data)).hex == v.mac,
                    "key \(v.key.prefix(16)) data \(v.data.prefix(16))")
        }
    }

    @Test func hkdf() {
        for v in vectors.hkdfSHA256 {
            let okm = KeyDerivation.hkdf(inputKey: [UInt8](hex: v.ikm), salt: [UInt8](hex: v.salt),
                                         info: [UInt8](hex: v.info), length: v.length)
            #expect(okm.count == v.length)
            #expect(okm.hex == v.okm, "ikm \(v.ikm.prefix(16)) salt \(v.salt.prefix(16)) info \(v.info.prefix(16)) length \(v.length)")
        }
    }

    @Test func pbkdf2() {
        for v in vectors.pbkdf2SHA256 {
            let dk = KeyDerivation.pbkdf2(password: [UInt8](hex: v.password), salt: [UInt8](hex: v.salt),
                                          iterations: v.iterations, length: v.length)
            #expect(dk.hex == v.dk, "password \(v.password) iterations \(v.iterations) length \(v.length)")
        }
    }

    @Test func valueSealerOpensIndependentlySealedValues() throws {
        for v in vectors.aes256gcm {
            let sealed = [ValueSealer.version] + [UInt8](hex: v.nonce) + [UInt8](hex: v.ciphertext) + [UInt8](hex: v.tag)
            let sealer = ValueSealer(key: [UInt8](hex: v.key))
            let aad = [UInt8](hex: v.aad)
            #expect(try sealer.open(sealed, additionalData: aad).hex == v.plaintext, "key \(v.key.prefix(16))")
            // The same bytes with the tag's last bit flipped must not open.
            var tampered = sealed
            tampered[tampered.count - 1] ^= 1
            #expect(throws: ValueSealer.OpenError.self) { try sealer.open(tampered, additionalData: aad) }
        }
    }

    @Test func valueSealerRoundTripsWithVectorKeysAndData() throws {
        // seal is randomised (fresh nonce) so it cannot match a fixed vector; its output must at least
        // open, and keep the version ‖ nonce ‖ ciphertext ‖ tag layout the vectors use.
        for v in vectors.aes256gcm {
            let sealer = ValueSealer(key: [UInt8](hex: v.key))
            let plaintext = [UInt8](hex: v.plaintext)
            let sealed = sealer.seal(plaintext, additionalData: [UInt8](hex: v.aad))
            #expect(sealed.count == 1 + 12 + plaintext.count + 16)
            #expect(try sealer.open(sealed, additionalData: [UInt8](hex: v.aad)) == plaintext)
        }
    }
}
