import Container
import Cryptography
import Foundation
import Testing
import TestSupport
import TLSerialization
@testable import MTProtoKit

/// The key exchange's cryptography against Telethon (its helpers, AuthKey, rsa module) and the
/// test server's RSA key, which Python's own RSA decrypts RSA_PAD with.
@Suite("crypto: key exchange")
struct CryptoKeyExchangeTests {
    // MARK: Nonce-derived values

    static let nonceScript = #"""
import json, struct, sys
from hashlib import sha1
from telethon import helpers
from telethon.crypto import AES, AuthKey
d = json.load(open(sys.argv[1]))
new_nonce, server_nonce, key = (bytes.fromhex(d[k]) for k in ('new_nonce', 'server_nonce', 'auth_key'))
tmp_key, tmp_iv = helpers.generate_key_data_from_nonce(int.from_bytes(server_nonce, 'little', signed=True),
                                                       int.from_bytes(new_nonce, 'little', signed=True))
auth_key = AuthKey(key)
hashes = [auth_key.calc_new_nonce_hash(int.from_bytes(new_nonce, 'little', signed=True), n).to_bytes(16, 'little', signed=True).hex()
          for n in (1, 2, 3)]
salt = struct.unpack('<q', bytes(a ^ b for a, b in zip(new_nonce[:8], server_nonce[:8])))[0]
plain = AES.decrypt_ige(bytes.fromhex(d['with_hash']), tmp_key, tmp_iv)
data = bytes.fromhex(d['data'])
print(json.dumps({'key': tmp_key.hex(), 'iv': tmp_iv.hex(), 'hashes': hashes, 'salt': str(salt),
                  'key_id': str(auth_key.key_id), 'aux_hash': str(auth_key.aux_hash),
                  'with_hash_ok': plain[:20] == sha1(data).digest() and plain[20:20 + len(data)] == data
                                  and len(plain) - 20 - len(data) < 16}))
"""#

    @Test func nonceDerivedValuesMatchTelethon() async throws {
        try await onOwnThread { () throws -> Void in
            var rng = SeededGenerator(seed: 11)
            let newNonce = rng.bytes(32), serverNonce = rng.bytes(16), authKey = rng.bytes(256)
            let temporary = KeyExchangeCrypto.temporaryKey(newNonce: newNonce, serverNonce: serverNonce)
            let data = rng.bytes(300)  // a client_DH_inner_data's size
            let withHash = try KeyExchangeCrypto.encryptWithHash(data, key: temporary.key, iv: temporary.iv)
            let answer = try CryptoPythonOracle.run(Self.nonceScript, input: [
                "new_nonce": newNonce.hex, "server_nonce": serverNonce.hex, "auth_key": authKey.hex, "data": data.hex,
                "with_hash": withHash.hex,
            ])
            #expect(try CryptoPythonOracle.hex(answer, "key") == temporary.key)
            #expect(try CryptoPythonOracle.hex(answer, "iv") == temporary.iv)
            let hashes = (answer["hashes"] as? [String] ?? []).map { [UInt8](hex: $0) }
            #expect(hashes == (1...3).map { KeyExchangeCrypto.newNonceHash(newNonce: newNonce, number: UInt8($0), authKey: authKey) })
            #expect(answer["salt"] as? String == String(KeyExchangeCrypto.serverSalt(newNonce: newNonce, serverNonce: serverNonce)))
            #expect(answer["with_hash_ok"] as? Bool == true)
            // Telethon reads key_id and aux_hash as unsigned longs.
            let keyId = MTProtoEnvelope.keyId(ofAuthKey: authKey)
            #expect(answer["key_id"] as? String == String(UInt64(littleEndianBytes: keyId)))
            #expect(answer["aux_hash"] as? String == String(UInt64(littleEndianBytes: KeyExchangeCrypto.auxHash(authKey: authKey))))
            #expect(throws: (any Error).self) { try KeyExchangeCrypto.encryptWithHash(data, key: [1, 2], iv: temporary.iv) }
        }
    }

    // MARK: RSA keys and fingerprints

    static let fingerprintScript = #"""
import json, sys
import rsa as rsa_module
from cryptography.hazmat.primitives import serialization
from telethon.crypto import rsa
d = json.load(open(sys.argv[1]))
keys = []
for fingerprint, (key, old) in rsa._server_keys.items():
    keys.append({'pem': key.save_pkcs1().decode(), 'fingerprint': str(fingerprint)})
for pem in d['pems']:
    key = rsa_module.PublicKey.load_pkcs1(pem.encode())
    keys.append({'pem': pem, 'fingerprint': str(rsa._compute_fingerprint(key))})
spki = serialization.load_pem_public_key(open(d['test_key'], 'rb').read()).public_bytes(
    serialization.Encoding.PEM, serialization.PublicFormat.SubjectPublicKeyInfo).decode()
test = rsa_module.PublicKey.load_pkcs1(open(d['test_key'], 'rb').read())
keys.append({'pem': spki, 'fingerprint': str(rsa._compute_fingerprint(test))})
print(json.dumps({'keys': keys}))
"""#

    @Test func fingerprintsMatchTelethonsOnTelegramsKeysAndTheTestKey() async throws {
        try await onOwnThread { () throws -> Void in
            let published = DatacenterConfiguration.production.publicKeys + DatacenterConfiguration.test.publicKeys
            let testKey = try String(contentsOfFile: CryptoPythonOracle.serverPublicKey, encoding: .utf8)
            let answer = try CryptoPythonOracle.run(Self.fingerprintScript, input: [
                "pems": published + [testKey], "test_key": CryptoPythonOracle.serverPublicKey,
            ])
            let keys = answer["keys"] as? [[String: String]] ?? []
            // Telethon's 8 keys, Telegram Desktop's production and test keys, the test server's in
            // PKCS#1 and again as SubjectPublicKeyInfo ("BEGIN PUBLIC KEY").
            #expect(keys.count == 8 + published.count + 2)
            for entry in keys {
                let key = try ServerPublicKey(pem: entry["pem"] ?? "")
                #expect(String(key.fingerprint) == entry["fingerprint"], "\(entry["pem"] ?? "")")
                #expect(key.modulus.count == 256 && key.exponent == [1, 0, 1])
            }
            // Published facts, as Telegram's clients list them.
            #expect(try ServerPublicKey(pem: DatacenterConfiguration.production.publicKeys[0]).fingerprint == Int64(bitPattern: 0xd09d1d85de64fd85))
            #expect(try ServerPublicKey(pem: testKey).fingerprint == Int64(bitPattern: 0x1512fe6aa619989e))
        }
    }

    @Test func badKeysAreRefused() async throws {
        try await onOwnThread { () throws -> Void in
            #expect(throws: ServerPublicKey.Failure.self) { try ServerPublicKey(pem: "") }
            #expect(throws: ServerPublicKey.Failure.self) { try ServerPublicKey(pem: "-----BEGIN RSA PUBLIC KEY-----\nAAAA\n-----END RSA PUBLIC KEY-----\n") }
            let pem = try String(contentsOfFile: CryptoPythonOracle.serverPublicKey, encoding: .utf8)
            let damaged = pem.replacingOccurrences(of: "MIIBCgKCAQEA", with: "MIIBCgKCAQEB")
            #expect(throws: ServerPublicKey.Failure.self) { try ServerPublicKey(pem: damaged) }
            var rng = SeededGenerator(seed: 12)
            var small = rng.bytes(128)
            small[0] |= 0x80
            #expect(throws: ServerPublicKey.Failure.unsupportedSize(bits: 1024)) { try ServerPublicKey(modulus: small, exponent: [1, 0, 1]) }
            var modulus = rng.bytes(256)
            modulus[0] |= 0x80
            #expect(throws: ServerPublicKey.Failure.badExponent) { try ServerPublicKey(modulus: modulus, exponent: [4]) }
            #expect(throws: ServerPublicKey.Failure.badExponent) { try ServerPublicKey(modulus: modulus, exponent: [1]) }
            #expect(try ServerPublicKey(modulus: [0, 0] + modulus, exponent: [0, 3]).modulus == modulus)
        }
    }

    // MARK: RSA_PAD

    /// Reverses RSA_PAD with the test server's private key (Python's big integers), and computes
    /// it forward from given random bytes, for a byte-for-byte comparison.
    static let rsaPadScript = #"""
import json, sys
from hashlib import sha256
from cryptography.hazmat.primitives import serialization
from telethon.crypto import AES
d = json.load(open(sys.argv[1]))
numbers = serialization.load_pem_private_key(open(d['private_key'], 'rb').read(), password=None).private_numbers()
n, e, dd = numbers.public_numbers.n, numbers.public_numbers.e, numbers.d
def unpad(encrypted):
    m = pow(int.from_bytes(encrypted, 'big'), dd, n).to_bytes(256, 'big')
    temp_key_xor, aes_encrypted = m[:32], m[32:]
    temp_key = bytes(a ^ b for a, b in zip(temp_key_xor, sha256(aes_encrypted).digest()))
    data_with_hash = AES.decrypt_ige(aes_encrypted, temp_key, bytes(32))
    data_with_padding = data_with_hash[:192][::-1]
    assert data_with_hash[192:] == sha256(temp_key + data_with_padding).digest(), 'hash'
    return data_with_padding
def pad(data, padding, temp_keys):
    data_with_padding = data + padding
    for temp_key in temp_keys:
        data_with_hash = data_with_padding[::-1] + sha256(temp_key + data_with_padding).digest()
        aes_encrypted = AES.encrypt_ige(data_with_hash, temp_key, bytes(32))
        key_aes_encrypted = bytes(a ^ b for a, b in zip(temp_key, sha256(aes_encrypted).digest())) + aes_encrypted
        if int.from_bytes(key_aes_encrypted, 'big') < n:
            return pow(int.from_bytes(key_aes_encrypted, 'big'), e, n).to_bytes(256, 'big')
out = {'unpadded': [unpad(bytes.fromhex(c)).hex() for c in d['ciphertexts']]}
v = d['vector']
out['vector'] = pad(bytes.fromhex(v['data']), bytes.fromhex(v['padding']), [bytes.fromhex(k) for k in v['temp_keys']]).hex()
print(json.dumps(out))
"""#

    @Test func rsaPadDecryptsWithThePrivateKeyAndMatchesAnIndependentImplementation() async throws {
        try await onOwnThread { () throws -> Void in
            let key = try ServerPublicKey(pem: String(contentsOfFile: CryptoPythonOracle.serverPublicKey, encoding: .utf8))
            var rng = SeededGenerator(seed: 13)
            let inputs = [rng.bytes(144), rng.bytes(100), [], rng.bytes(1)]
            let ciphertexts = try inputs.map { try RSAPad.encrypt($0, key: key) }
            #expect(ciphertexts.allSatisfy { $0.count == 256 })
            // Fixed randomness whose first temp_key gives a number ≥ n, so the vector covers the retry.
            let data = rng.bytes(96), padding = rng.bytes(96)
            let rejected = try Self.rejectedTempKey(data: data, padding: padding, key: key, rng: &rng)
            let tempKeys = [rejected] + (0..<5).map { _ in rng.bytes(32) }
            var draws = [padding] + tempKeys
            let fixed = try RSAPad.encrypt(data, key: key, random: { count in
                let next = draws.removeFirst()
                precondition(next.count == count)
                return next
            })
            #expect(draws.count < 5, "the rejected key was retried")
            let answer = try CryptoPythonOracle.run(Self.rsaPadScript, input: [
                "private_key": CryptoPythonOracle.serverPrivateKey,
                "ciphertexts": ciphertexts.map(\.hex),
                "vector": ["data": data.hex, "padding": padding.hex, "temp_keys": tempKeys.map(\.hex)],
            ])
            let unpadded = (answer["unpadded"] as? [String] ?? []).map { [UInt8](hex: $0) }
            #expect(unpadded.count == inputs.count)
            for (input, plain) in zip(inputs, unpadded) {
                #expect(plain.count == 192 && Array(plain.prefix(input.count)) == input)
            }
            #expect(try CryptoPythonOracle.hex(answer, "vector") == fixed)
            #expect(throws: RSAPad.Failure.dataTooLong(145)) { try RSAPad.encrypt(rng.bytes(145), key: key) }
        }
    }

    /// A temp_key RSA_PAD must reject for this data and padding (key_aes_encrypted ≥ n): seen as
    /// RSA_PAD drawing a second one. About one candidate in five is, for the test key.
    static func rejectedTempKey(data: [UInt8], padding: [UInt8], key: ServerPublicKey, rng: inout SeededGenerator) throws -> [UInt8] {
        // (Its second draw is zeros, which may be rejected too: then it is retried to the end.)
        for _ in 0..<200 {
            let candidate = rng.bytes(32)
            var tempKeysDrawn = 0
            _ = try? RSAPad.encrypt(data, key: key, random: { count in
                if count == 32 { tempKeysDrawn += 1; return tempKeysDrawn == 1 ? candidate : [UInt8](repeating: 0, count: 32) }
                return padding
            })
            if tempKeysDrawn > 1 { return candidate }
        }
        throw HarnessError("no rejected temp_key in 200 candidates")
    }

    @Test func rsaPadGivesUpOnARandomSourceThatNeverGoesBelowTheModulus() async throws {
        try await onOwnThread { () throws -> Void in
            let key = try ServerPublicKey(pem: String(contentsOfFile: CryptoPythonOracle.serverPublicKey, encoding: .utf8))
            var rng = SeededGenerator(seed: 15)
            let data = rng.bytes(20), padding = rng.bytes(172)
            let rejected = try Self.rejectedTempKey(data: data, padding: padding, key: key, rng: &rng)
            var tries = 0
            #expect(throws: RSAPad.Failure.noKeyBelowModulus) {
                try RSAPad.encrypt(data, key: key, random: { count in
                    guard count == 32 else { return padding }
                    tries += 1
                    return rejected
                })
            }
            #expect(tries == RSAPad.maximumAttempts)
        }
    }

    // MARK: pq

    @Test func factorsProductsOfTwoPrimes() async throws {
        try await onOwnThread { () throws -> Void in
            // Telegram-sized products of primes near 2^31 and 2^32 (the first is the pq of
            // core.telegram.org/mtproto/samples-auth_key, 0x17ED48941A08F981), and small edge cases.
            let cases: [(UInt64, UInt64)] = [
                (1_229_739_323, 1_402_015_859), (2_147_483_629, 2_147_483_647), (2_147_483_647, 4_294_967_291),
                (3, 5), (65_521, 65_537), (1_000_003, 999_999_937), (2, 2_147_483_647), (2, 4_294_967_291),
            ]
            for (p, q) in cases {
                let found = try PQFactorization.factor(p * q)
                #expect(found.p == min(p, q) && found.q == max(p, q), "\(p) × \(q)")
            }
            let sample = try PQFactorization.factor(bytes: [0x17, 0xED, 0x48, 0x94, 0x1A, 0x08, 0xF9, 0x81])
            #expect(sample.p == [0x49, 0x4C, 0x55, 0x3B] && sample.q == [0x53, 0x91, 0x10, 0x73])
            #expect(try PQFactorization.factor(bytes: [0, 0, 0x0F]) == ([3], [5]))
        }
    }

    @Test func refusesWhatIsNotAProductOfTwoPrimes() async throws {
        try await onOwnThread { () throws -> Void in
            #expect(throws: PQFactorization.Failure.tooSmall(1)) { try PQFactorization.factor(1) }
            #expect(throws: PQFactorization.Failure.tooSmall(0)) { try PQFactorization.factor(bytes: []) }
            #expect(throws: PQFactorization.Failure.prime(2_147_483_647)) { try PQFactorization.factor(2_147_483_647) }
            #expect(throws: PQFactorization.Failure.prime(9_223_372_036_854_775_783)) { try PQFactorization.factor(9_223_372_036_854_775_783) }
            #expect(throws: PQFactorization.Failure.tooLarge(byteCount: 8)) { try PQFactorization.factor(1 << 63) }
            #expect(throws: PQFactorization.Failure.tooLarge(byteCount: 9)) { try PQFactorization.factor(bytes: [1, 0, 0, 0, 0, 0, 0, 0, 0]) }
            #expect(throws: PQFactorization.Failure.notTwoPrimes(65_537 * 65_537)) { try PQFactorization.factor(65_537 * 65_537) }
            #expect(throws: PQFactorization.Failure.notTwoPrimes(3 * 5 * 7)) { try PQFactorization.factor(3 * 5 * 7) }
            #expect(throws: PQFactorization.Failure.notTwoPrimes(1_000_003 * 1_000_033 * 1_000_037)) {
                try PQFactorization.factor(1_000_003 * 1_000_033 * 1_000_037)
            }
        }
    }

    /// Products of two random 31- and 32-bit primes, as servers send them, factor into the two
    /// primes, smaller first. (Speed is Scripts/bench's business: about 0.6 ms each in release.)
    @Test func randomProductsOfTwoPrimesFactor() async throws {
        try await onOwnThread { () throws -> Void in
            var rng = SeededGenerator(seed: 14)
            func prime(below limit: UInt64) -> UInt64 {
                var candidate = UInt64.random(in: (limit / 2)...limit, using: &rng) | 1
                while !PQFactorization.isPrime(candidate) { candidate -= 2 }
                return candidate
            }
            for _ in 0..<30 {
                let (a, b) = (prime(below: 1 << 31), prime(below: 1 << 32))
                let (p, q) = try PQFactorization.factor(a * b)
                #expect(p == min(a, b) && q == max(a, b), "\(a * b) gave \(p) × \(q)")
            }
        }
    }
}

extension UInt64 {
    init(littleEndianBytes bytes: [UInt8]) {
        self = bytes.prefix(8).reversed().reduce(0) { $0 << 8 | UInt64($1) }
    }
}
