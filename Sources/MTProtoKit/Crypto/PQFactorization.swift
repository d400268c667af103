/// The key exchange's proof of work (core.telegram.org/mtproto/auth_key, step 3): pq, "the
/// product of two different odd prime numbers", normally below 2^63, split into p < q.
/// Pollard's rho with Brent's cycle detection and batched gcds; products modulo pq through a
/// 128-bit intermediate (multipliedFullWidth), in Montgomery form in the rho's loop. Factors near
/// 2^31 take some 10^5 steps. Every step is counted, so a hostile pq cannot keep it busy.
public enum PQFactorization {
    public enum Failure: Error, Equatable, Sendable, CustomStringConvertible {
        /// More than 63 bits (or more than 8 bytes): beyond what the protocol sends.
        case tooLarge(byteCount: Int)
        /// 0, 1, or too small to be the product of two different primes.
        case tooSmall(UInt64)
        case prime(UInt64)
        /// Composite, but not the product of two different primes (a square, three factors…).
        case notTwoPrimes(UInt64)
        case gaveUp(UInt64, steps: Int)

        public var description: String {
            switch self {
            case .tooLarge(let count): "pq of \(count) bytes is larger than 2^63"
            case .tooSmall(let pq): "pq = \(pq) is not a product of two primes"
            case .prime(let pq): "pq = \(pq) is prime"
            case .notTwoPrimes(let pq): "pq = \(pq) is not the product of two different primes"
            case .gaveUp(let pq, let steps): "no factor of pq = \(pq) within \(steps) steps"
            }
        }
    }

    /// Far more than a product of two 32-bit primes needs (about 2^17 steps with Brent's variant).
    public static let maximumSteps = 1 << 24

    /// pq as the resPQ's big-endian string → p and q as big-endian strings (no leading zeros),
    /// as p_q_inner_data and req_DH_params carry them.
    public static func factor(bytes pq: [UInt8]) throws(Failure) -> (p: [UInt8], q: [UInt8]) {
        let significant = pq.drop { $0 == 0 }
        guard significant.count <= 8 else { throw .tooLarge(byteCount: significant.count) }
        let value = significant.reduce(UInt64(0)) { $0 << 8 | UInt64($1) }
        let (p, q) = try factor(value)
        return (bigEndian(p), bigEndian(q))
    }

    public static func factor(_ pq: UInt64) throws(Failure) -> (p: UInt64, q: UInt64) {
        guard pq < 1 << 63 else { throw .tooLarge(byteCount: 8) }
        guard pq >= 6 else { throw .tooSmall(pq) }
        if isPrime(pq) { throw .prime(pq) }
        var divisor = smallDivisor(pq) ?? 0
        if divisor == 0 { divisor = try rho(pq) }
        let p = min(divisor, pq / divisor), q = max(divisor, pq / divisor)
        guard p != q, isPrime(p), isPrime(q) else { throw .notTwoPrimes(pq) }
        return (p, q)
    }

    static func bigEndian(_ value: UInt64) -> [UInt8] {
        let bytes = withUnsafeBytes(of: value.bigEndian) { Array($0) }
        return Array(bytes.drop { $0 == 0 })
    }

    // MARK: Arithmetic modulo n < 2^63

    @inline(__always)
    static func multiply(_ a: UInt64, _ b: UInt64, modulo n: UInt64) -> UInt64 {
        // a, b < n, so the high half of a·b is below n and the division cannot overflow.
        n.dividingFullWidth(a.multipliedFullWidth(by: b)).remainder
    }

    static func power(_ base: UInt64, _ exponent: UInt64, modulo n: UInt64) -> UInt64 {
        var result: UInt64 = 1, base = base % n, exponent = exponent
        while exponent > 0 {
            if exponent & 1 == 1 { result = multiply(result, base, modulo: n) }
            base = multiply(base, base, modulo: n)
            exponent >>= 1
        }
        return result
    }

    static func gcd(_ a: UInt64, _ b: UInt64) -> UInt64 {
        var (a, b) = (a, b)
        while b != 0 { (a, b) = (b, a % b) }
        return a
    }

    /// Deterministic Miller–Rabin: these twelve bases decide every n below 2^64.
    static func isPrime(_ n: UInt64) -> Bool {
        if n < 2 { return false }
        let bases: [UInt64] = [2, 3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37]
        for p in bases where n % p == 0 { return n == p }
        var d = n - 1, s = 0
        while d & 1 == 0 { d >>= 1; s += 1 }
        witness: for a in bases {
            var x = power(a, d, modulo: n)
            if x == 1 || x == n - 1 { continue }
            for _ in 1..<max(s, 1) {
                x = multiply(x, x, modulo: n)
                if x == n - 1 { continue witness }
            }
            return false
        }
        return true
    }

    /// The least divisor below 1024, if any: small factors (never Telegram's) without the rho, so
    /// that the rho only sees n above 2^20 and its constants c stay far below n.
    static func smallDivisor(_ n: UInt64) -> UInt64? {
        var d: UInt64 = 2
        while d < 1024 && d * d <= n {
            if n % d == 0 { return d }
            d += d == 2 ? 1 : 2
        }
        return nil
    }

    /// Multiplication modulo an odd n < 2^63 in Montgomery form (x·2^64 mod n): a product costs
    /// two 64×64→128 multiplications and no division. The rho below runs entirely in this form:
    /// gcd(x·2^64 mod n, n) = gcd(x, n), so its differences never need converting back.
    struct Montgomery {
        let n: UInt64
        /// −n⁻¹ mod 2^64.
        let negativeInverse: UInt64

        init(_ n: UInt64) {
            self.n = n
            var inverse = n  // n·n ≡ 1 (mod 8): three bits; each Newton step doubles them.
            for _ in 0..<5 { inverse = inverse &* (2 &- n &* inverse) }
            negativeInverse = 0 &- inverse
        }

        /// a·b·2^-64 mod n, for a, b < n.
        @inline(__always)
        func multiply(_ a: UInt64, _ b: UInt64) -> UInt64 {
            let (high, low) = a.multipliedFullWidth(by: b)
            let m = low &* negativeInverse
            let (mHigh, mLow) = m.multipliedFullWidth(by: n)
            // low + mLow ≡ 0 (mod 2^64) by the choice of m: its carry is 1 unless both are 0.
            let carry: UInt64 = (low | mLow) == 0 ? 0 : 1
            let t = high + mHigh + carry  // < 2n < 2^64, as n < 2^63
            return t >= n ? t - n : t
        }
    }

    /// A nontrivial divisor of the odd composite n (Brent, "An improved Monte Carlo
    /// factorization algorithm", 1980): f(y) = y² + c (in Montgomery form: another polynomial of
    /// the same kind), the gcd taken every `batch` steps over the product of |x − y|,
    /// backtracking one step at a time when a batch overshoots to n.
    static func rho(_ n: UInt64) throws(Failure) -> UInt64 {
        let batch: UInt64 = 128
        let field = Montgomery(n)
        var steps = 0
        for c in UInt64(1)...UInt64(64) {
            func f(_ y: UInt64) -> UInt64 {
                let square = field.multiply(y, y)
                return square >= n - c ? square - (n - c) : square + c
            }
            var y: UInt64 = 2, x: UInt64 = 2, ys: UInt64 = 2
            var r: UInt64 = 1, q: UInt64 = 1, g: UInt64 = 1
            repeat {
                x = y
                for _ in 0..<r { y = f(y) }
                steps += Int(r)
                var k: UInt64 = 0
                while k < r && g == 1 {
                    ys = y
                    let count = min(batch, r - k)
                    for _ in 0..<count {
                        y = f(y)
                        q = field.multiply(q, x > y ? x - y : y - x)
                    }
                    steps += Int(count)
                    g = gcd(q, n)
                    k += batch
                }
                r *= 2
                if steps > maximumSteps { throw .gaveUp(n, steps: steps) }
            } while g == 1
            if g == n {
                // The batch's product reached 0 mod n: redo its steps one gcd at a time.
                repeat {
                    ys = f(ys)
                    g = gcd(x > ys ? x - ys : ys - x, n)
                    steps += 1
                } while g == 1 && steps <= maximumSteps
            }
            if g != n && g != 1 { return g }
            // This c cycled without a split (or ran out): try the next polynomial.
        }
        throw .gaveUp(n, steps: steps)
    }
}
