import Container
import Cryptography
import Foundation
import Testing
import TestSupport
@testable import MTProtoKit

/// Diffie-Hellman's checks (auth_key, security guidelines) and arithmetic, against Python's big
/// integers: Euler's criterion for the generator conditions, pow() for the key agreement.
@Suite("crypto: Diffie-Hellman")
struct CryptoDiffieHellmanTests {
    static let prime = DiffieHellman.telegramPrime

    /// The test server's `unsafe-dh-prime` (Tools/mtproto-server/auth.py): prime, p mod 3 = 2, but
    /// (p − 1)/2 composite.
    static let unsafePrime = [UInt8](hex:
        "b94774495ba6bfd3de7ca9277aa5a089129095394ccb528698df450693ba1fe821dc352b6f3ac2cb16c9683c80"
        + "1ffa1fd9f8ff49bcc135c03694b575fcb5d33a377d5e7efea39cb5519873ece6ca1558501ac5bdc8a6e44fd55e2d"
        + "1cd07801a37607f185631e2aff6a0f054106d224f8e945a70af8f4f05932c6dc5497f1c65fdaf3c1d79073224ffe"
        + "55e64d06f1bbae35721ae3a9b1414ddd35279f05cf3f521520a65c6790893ab187484a4615481bc8120a6b3e6b8e"
        + "961d1350c24dcffc6a689eb142d288ca28d7b483b7f2b19c5a36c3b9e4f4b1c7617bd4e90a2b89aec77f87613c1a"
        + "55834e5b14d1f1d0cd31566586e20c28b2a33637714c81aa2ffdfb")

    static let script = #"""
import json, secrets, sys
d = json.load(open(sys.argv[1]))
p, unsafe = int(d['prime'], 16), int(d['unsafe'], 16)
def probably_prime(n, rounds=8):
    if n % 2 == 0: return n == 2
    r, s = n - 1, 0
    while r % 2 == 0: r //= 2; s += 1
    for _ in range(rounds):
        x = pow(secrets.randbelow(n - 3) + 2, r, n)
        if x in (1, n - 1): continue
        for _ in range(s - 1):
            x = pow(x, 2, n)
            if x == n - 1: break
        else: return False
    return True
# Euler's criterion: g generates the subgroup of order (p-1)/2 iff g is a quadratic residue mod p.
residues = {str(g): pow(g, (p - 1) // 2, p) == 1 for g in range(2, 8)}
a = secrets.randbelow(p - 3) + 2
g_b = int(d['g_b'], 16)
print(json.dumps({'residues': residues,
                  'telegram_safe': probably_prime(p) and probably_prime((p - 1) // 2),
                  'unsafe_is_prime': probably_prime(unsafe), 'unsafe_half_is_prime': probably_prime((unsafe - 1) // 2),
                  'g_b_ok': g_b == pow(3, int(d['b'], 16), p),
                  'g_a': pow(3, a, p).to_bytes(256, 'big').hex(), 'key': pow(g_b, a, p).to_bytes(256, 'big').hex()}))
"""#

    @Test func keyAgreementAndGeneratorConditionsMatchPython() async throws {
        try await onOwnThread { () throws -> Void in
            try DiffieHellman.checkGroup(prime: Self.prime, generator: 3)
            let (b, gB) = try DiffieHellman.generateSecret(generator: 3, prime: Self.prime)
            #expect(b.count == 256 && gB.count == 256)
            let answer = try CryptoPythonOracle.run(Self.script, input: [
                "prime": Self.prime.hex, "unsafe": Self.unsafePrime.hex, "g_b": gB.hex, "b": b.hex,
            ])
            #expect(answer["telegram_safe"] as? Bool == true)
            #expect(answer["unsafe_is_prime"] as? Bool == true && answer["unsafe_half_is_prime"] as? Bool == false)
            #expect(answer["g_b_ok"] as? Bool == true)
            let gA = try CryptoPythonOracle.hex(answer, "g_a")
            try DiffieHellman.checkPublicValue(gA, prime: Self.prime, name: "g_a")
            #expect(try DiffieHellman.sharedKey(gA: gA, secret: b, prime: Self.prime) == CryptoPythonOracle.hex(answer, "key"))
            // The reciprocity table agrees with Euler's criterion on Telegram's prime, g by g.
            let residues = answer["residues"] as? [String: Bool] ?? [:]
            #expect(residues.count == 6)
            for g in Int32(2)...7 {
                let accepted = (try? DiffieHellman.checkGroup(prime: Self.prime, generator: g)) != nil
                #expect(accepted == residues[String(g)], "g = \(g)")
            }
        }
    }

    @Test func unsafeGroupsAreRefusedWithTheirReason() async throws {
        try await onOwnThread { () throws -> Void in
            func refusal(_ prime: [UInt8], _ g: Int32) -> DiffieHellman.Failure? {
                do { try DiffieHellman.checkGroup(prime: prime, generator: g); return nil } catch { return error }
            }
            #expect(refusal(Array(Self.prime.dropFirst()), 4) == .primeSize(bits: 2037))
            #expect(refusal([0x01] + Self.prime, 4) == .primeSize(bits: 2049))
            #expect(refusal([], 3) == .primeSize(bits: 0))
            #expect(refusal(Self.prime, 1) == .unsupportedGenerator(1))
            #expect(refusal(Self.prime, 8) == .unsupportedGenerator(8))
            #expect(refusal(Self.prime, -3) == .unsupportedGenerator(-3))
            // Odd multiples of 3 beside the prime (p ≡ 2 mod 3): 1 and 3 mod 4, with g = 4 (no condition).
            for minus: UInt8 in [2, 8] {
                var composite = Self.prime
                composite[255] -= minus
                #expect(refusal(composite, 4) == .primeComposite)
            }
            // With g = 3 the generator condition refuses p ≡ 0 (mod 3) before any primality test.
            var multipleOfThree = Self.prime
            multipleOfThree[255] -= 2
            #expect(refusal(multipleOfThree, 3) == .generatorNotQuadraticResidue(generator: 3, modulus: 3, residue: 0))
            let started = Container.Clock.monotonicNanoseconds()
            #expect(refusal(Self.unsafePrime, 3) == .primeNotSafe)
            let first = Container.Clock.milliseconds(since: started)
            let again = Container.Clock.monotonicNanoseconds()
            #expect(refusal(Self.unsafePrime, 3) == .primeNotSafe)
            let cached = Container.Clock.milliseconds(since: again)
            print("dh_prime safety test: \(String(format: "%.1f", first)) ms, then \(String(format: "%.3f", cached)) ms from the cache")
            #expect(cached < first)
        }
    }

    @Test func publicValuesOutsideTheSafeRangeAreRefused() async throws {
        try await onOwnThread { () throws -> Void in
            let p = BigNumber(Self.prime)
            let margin = BigNumber(powerOfTwo: 2048 - 64)
            func check(_ value: BigNumber) -> DiffieHellman.Failure? {
                do { try DiffieHellman.checkPublicValue(value.minimalBytes, prime: Self.prime, name: "g_a"); return nil } catch { return error }
            }
            #expect(check(BigNumber(word: 0)) == .valueOutOfRange(name: "g_a"))
            #expect(check(BigNumber(word: 1)) == .valueOutOfRange(name: "g_a"))
            #expect(check(p.subtracting(BigNumber(word: 1))) == .valueOutOfRange(name: "g_a"))
            #expect(check(p) == .valueOutOfRange(name: "g_a"))
            #expect(check(BigNumber([0xff] + Self.prime)) == .valueOutOfRange(name: "g_a"))
            #expect(check(BigNumber(word: 2)) == .valueNearBounds(name: "g_a"))
            #expect(check(BigNumber(powerOfTwo: 1000)) == .valueNearBounds(name: "g_a"))
            #expect(check(margin.subtracting(BigNumber(word: 1))) == .valueNearBounds(name: "g_a"))
            #expect(check(margin) == nil)
            #expect(check(p.subtracting(margin)) == nil)
            #expect(check(p.subtracting(margin).subtracting(BigNumber(word: 1))) == nil)
            #expect(check(p.subtracting(margin.subtracting(BigNumber(word: 1)))) == .valueNearBounds(name: "g_a"))
            #expect(check(p.subtracting(BigNumber(word: 2))) == .valueNearBounds(name: "g_a"))
            // Leading zeros are the same number.
            #expect((try? DiffieHellman.checkPublicValue([0, 0] + margin.minimalBytes, prime: Self.prime, name: "g_b")) != nil)
        }
    }

    @Test func theSharedKeyIsAlways256BytesLeftPadded() async throws {
        try await onOwnThread { () throws -> Void in
            // g_a^1 mod p = g_a: a small result comes out left-padded to 256 bytes.
            let small = BigNumber(powerOfTwo: 1990).minimalBytes
            let key = try DiffieHellman.sharedKey(gA: small, secret: [1], prime: Self.prime)
            #expect(key.count == 256 && Array(key.suffix(small.count)) == small && key.prefix(256 - small.count).allSatisfy { $0 == 0 })
            #expect(throws: DiffieHellman.Failure.unsupportedGenerator(9)) { try DiffieHellman.generateSecret(generator: 9, prime: Self.prime) }
        }
    }
}
