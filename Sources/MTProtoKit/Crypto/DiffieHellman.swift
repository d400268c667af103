import Cryptography
import Synchronization

/// The key exchange's Diffie-Hellman and every check core.telegram.org/mtproto/auth_key and
/// /mtproto/security_guidelines require of it: dh_prime a safe 2048-bit prime (2^2047 < p < 2^2048,
/// p and (p−1)/2 prime), g ∈ 2…7 generating the subgroup of order (p−1)/2 (a condition on p mod
/// 4g by quadratic reciprocity), and g_a, g_b within 1 < v < p − 1 and 2^1984 ≤ v ≤ p − 2^1984.
/// Numbers are big-endian bytes, as server_DH_inner_data and client_DH_inner_data carry them.
public enum DiffieHellman {
    public enum Failure: Error, Equatable, Sendable, CustomStringConvertible {
        case primeSize(bits: Int)
        case primeComposite
        /// p is prime but (p−1)/2 is not.
        case primeNotSafe
        case unsupportedGenerator(Int32)
        /// g does not generate the subgroup of order (p−1)/2: p mod `modulus` is `residue`.
        case generatorNotQuadraticResidue(generator: Int32, modulus: UInt, residue: UInt)
        /// `name` is not within 1 < v < p − 1.
        case valueOutOfRange(name: String)
        /// `name` is within 1 < v < p − 1 but not within 2^1984 ≤ v ≤ p − 2^1984.
        case valueNearBounds(name: String)
        case computation(String)

        public var description: String {
            switch self {
            case .primeSize(let bits): "dh_prime has \(bits) bits, not 2048"
            case .primeComposite: "dh_prime is not prime"
            case .primeNotSafe: "dh_prime is not a safe prime: (dh_prime - 1)/2 is composite"
            case .unsupportedGenerator(let g): "g = \(g) is not one of 2…7"
            case .generatorNotQuadraticResidue(let g, let m, let r):
                "g = \(g) does not generate the subgroup of order (p-1)/2: p mod \(m) = \(r)"
            case .valueOutOfRange(let name): "\(name) is not between 1 and dh_prime - 1"
            case .valueNearBounds(let name): "\(name) is not between 2^1984 and dh_prime - 2^1984"
            case .computation(let reason): "Diffie-Hellman computation failed: \(reason)"
            }
        }
    }

    /// The dh_prime Telegram's servers send (auth_key and security_guidelines print it): known
    /// safe, so it is accepted without the primality tests, as the guidelines suggest.
    public static let telegramPrime: [UInt8] = [
        0xC7, 0x1C, 0xAE, 0xB9, 0xC6, 0xB1, 0xC9, 0x04, 0x8E, 0x6C, 0x52, 0x2F, 0x70, 0xF1, 0x3F, 0x73,
        0x98, 0x0D, 0x40, 0x23, 0x8E, 0x3E, 0x21, 0xC1, 0x49, 0x34, 0xD0, 0x37, 0x56, 0x3D, 0x93, 0x0F,
        0x48, 0x19, 0x8A, 0x0A, 0xA7, 0xC1, 0x40, 0x58, 0x22, 0x94, 0x93, 0xD2, 0x25, 0x30, 0xF4, 0xDB,
        0xFA, 0x33, 0x6F, 0x6E, 0x0A, 0xC9, 0x25, 0x13, 0x95, 0x43, 0xAE, 0xD4, 0x4C, 0xCE, 0x7C, 0x37,
        0x20, 0xFD, 0x51, 0xF6, 0x94, 0x58, 0x70, 0x5A, 0xC6, 0x8C, 0xD4, 0xFE, 0x6B, 0x6B, 0x13, 0xAB,
        0xDC, 0x97, 0x46, 0x51, 0x29, 0x69, 0x32, 0x84, 0x54, 0xF1, 0x8F, 0xAF, 0x8C, 0x59, 0x5F, 0x64,
        0x24, 0x77, 0xFE, 0x96, 0xBB, 0x2A, 0x94, 0x1D, 0x5B, 0xCD, 0x1D, 0x4A, 0xC8, 0xCC, 0x49, 0x88,
        0x07, 0x08, 0xFA, 0x9B, 0x37, 0x8E, 0x3C, 0x4F, 0x3A, 0x90, 0x60, 0xBE, 0xE6, 0x7C, 0xF9, 0xA4,
        0xA4, 0xA6, 0x95, 0x81, 0x10, 0x51, 0x90, 0x7E, 0x16, 0x27, 0x53, 0xB5, 0x6B, 0x0F, 0x6B, 0x41,
        0x0D, 0xBA, 0x74, 0xD8, 0xA8, 0x4B, 0x2A, 0x14, 0xB3, 0x14, 0x4E, 0x0E, 0xF1, 0x28, 0x47, 0x54,
        0xFD, 0x17, 0xED, 0x95, 0x0D, 0x59, 0x65, 0xB4, 0xB9, 0xDD, 0x46, 0x58, 0x2D, 0xB1, 0x17, 0x8D,
        0x16, 0x9C, 0x6B, 0xC4, 0x65, 0xB0, 0xD6, 0xFF, 0x9C, 0xA3, 0x92, 0x8F, 0xEF, 0x5B, 0x9A, 0xE4,
        0xE4, 0x18, 0xFC, 0x15, 0xE8, 0x3E, 0xBE, 0xA0, 0xF8, 0x7F, 0xA9, 0xFF, 0x5E, 0xED, 0x70, 0x05,
        0x0D, 0xED, 0x28, 0x49, 0xF4, 0x7B, 0xF9, 0x59, 0xD9, 0x56, 0x85, 0x0C, 0xE9, 0x29, 0x85, 0x1F,
        0x0D, 0x81, 0x15, 0xF6, 0x35, 0xB1, 0x05, 0xEE, 0x2E, 0x4E, 0x15, 0xD0, 0x4B, 0x24, 0x54, 0xBF,
        0x6F, 0x4F, 0xAD, 0xF0, 0x34, 0xB1, 0x04, 0x03, 0x11, 0x9C, 0xD8, 0xE3, 0xB9, 0x2F, 0xCC, 0x5B,
    ]

    /// Verdicts on other primes, kept for the process's life ("it makes sense to cache the result"):
    /// the tests cost a fraction of a second each. Bounded, so a server sending a new prime every
    /// time cannot grow it.
    private static let verdicts = Mutex<[[UInt8]: Failure?]>([:])
    private static let maximumVerdicts = 16

    /// Checks dh_prime and g. Telegram's own prime costs nothing; another is tested once per process.
    public static func checkGroup(prime: [UInt8], generator g: Int32) throws(Failure) {
        let p = BigNumber(prime)
        guard p.bitCount == 2048 else { throw .primeSize(bits: p.bitCount) }
        try checkGenerator(g, prime: p)
        let canonical = p.minimalBytes
        if canonical == telegramPrime { return }
        let cached = verdicts.withLock { $0[canonical] }
        let verdict: Failure?
        if let cached {
            verdict = cached
        } else {
            verdict = safePrimeVerdict(p)
            verdicts.withLock { table in
                if table.count >= maximumVerdicts { table.removeAll() }
                table[canonical] = verdict
            }
        }
        if let verdict { throw verdict }
    }

    /// nil when p and (p−1)/2 are both prime.
    static func safePrimeVerdict(_ p: BigNumber) -> Failure? {
        // (p−1)/2 prime implies p ≡ 3 (mod 4), and a safe prime above 7 is ≡ 11 (mod 12): a
        // composite or unsafe p is usually refused here without a primality test.
        guard p.remainder(dividingBy: 4) == 3 else { return p.isProbablePrime() ? .primeNotSafe : .primeComposite }
        guard p.isProbablePrime() else { return .primeComposite }
        guard p.shiftedRight(by: 1).isProbablePrime() else { return .primeNotSafe }
        return nil
    }

    /// g's condition on p by quadratic reciprocity (auth_key's list).
    static func checkGenerator(_ g: Int32, prime p: BigNumber) throws(Failure) {
        func require(_ modulus: UInt, _ allowed: Set<UInt>) throws(Failure) {
            let residue = p.remainder(dividingBy: modulus)
            guard allowed.contains(residue) else {
                throw .generatorNotQuadraticResidue(generator: g, modulus: modulus, residue: residue)
            }
        }
        switch g {
        case 2: try require(8, [7])
        case 3: try require(3, [2])
        case 4: break
        case 5: try require(5, [1, 4])
        case 6: try require(24, [19, 23])
        case 7: try require(7, [3, 5, 6])
        default: throw .unsupportedGenerator(g)
        }
    }

    /// 1 < value < p − 1 and 2^(2048−64) ≤ value ≤ p − 2^(2048−64), for g_a and g_b.
    public static func checkPublicValue(_ value: [UInt8], prime: [UInt8], name: String) throws(Failure) {
        let v = BigNumber(value), p = BigNumber(prime)
        let one = BigNumber(word: 1)
        guard v.compare(one) > 0, v.compare(p.subtracting(one)) < 0 else { throw .valueOutOfRange(name: name) }
        let margin = BigNumber(powerOfTwo: 2048 - 64)
        guard v.compare(margin) >= 0, v.compare(p.subtracting(margin)) <= 0 else { throw .valueNearBounds(name: name) }
    }

    /// A random 2048-bit secret b and g_b = g^b mod p (256 bytes, big-endian), drawn again in the
    /// (astronomically unlikely) case that g_b falls outside the safe range.
    public static func generateSecret(generator g: Int32, prime: [UInt8],
                                      random: (Int) -> [UInt8] = SecureRandom.bytes) throws(Failure) -> (b: [UInt8], gB: [UInt8]) {
        guard (2...7).contains(g) else { throw .unsupportedGenerator(g) }
        let p = BigNumber(prime)
        for _ in 0..<8 {
            let b = random(256)
            let exponent = BigNumber(b)
            exponent.markSecret()
            guard let gB = BigNumber(word: UInt(g)).power(exponent, modulo: p)?.bytes(width: 256) else {
                throw .computation("g^b mod p")
            }
            do {
                try checkPublicValue(gB, prime: prime, name: "g_b")
                return (b, gB)
            } catch {
                continue
            }
        }
        throw .computation("no b gave a g_b within the safe range")
    }

    /// auth_key = g_a^b mod p as 256 bytes big-endian, left-padded with zeros.
    public static func sharedKey(gA: [UInt8], secret b: [UInt8], prime: [UInt8]) throws(Failure) -> [UInt8] {
        let exponent = BigNumber(b)
        exponent.markSecret()
        guard let key = BigNumber(gA).power(exponent, modulo: BigNumber(prime))?.bytes(width: 256) else {
            throw .computation("g_a^b mod p")
        }
        return key
    }
}
