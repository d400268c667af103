import Cryptography
import TelegramApi

/// The client's half of Telegram's two-step password check (core.telegram.org/api/srp): the
/// password never leaves the device; auth.checkPassword carries A = g^a and the proof M1 that the
/// client knows x = PH2(password), answering the server's B = k·v + g^b. As MTProtoKit's MTSrp
/// does for Telegram iOS; the group (p, g) is checked as the key exchange's is.
public enum PasswordSRP {
    public enum Failure: Error, Equatable, Sendable, CustomStringConvertible {
        /// The account has no password, or the server named an algorithm this client does not know.
        case noPassword
        case unknownAlgorithm
        case group(DiffieHellman.Failure)
        /// B is not within 0 < B < p, or the server sent none.
        case badServerValue
        case computation(String)

        public var description: String {
            switch self {
            case .noPassword: "the account has no two-step password"
            case .unknownAlgorithm: "the server asks for a password algorithm this client does not know; update the app"
            case .group(let failure): "the server's password group fails a check: \(failure)"
            case .badServerValue: "the server's srp_B is out of range"
            case .computation(let reason): "the password check cannot be computed: \(reason)"
            }
        }
    }

    /// What the server's account.password says about checking the current password.
    public struct Challenge: Sendable, Equatable {
        public let salt1: [UInt8]
        public let salt2: [UInt8]
        public let g: Int32
        public let p: [UInt8]
        public let srpB: [UInt8]
        public let srpId: Int64

        public init(salt1: [UInt8], salt2: [UInt8], g: Int32, p: [UInt8], srpB: [UInt8], srpId: Int64) {
            (self.salt1, self.salt2, self.g, self.p, self.srpB, self.srpId) = (salt1, salt2, g, p, srpB, srpId)
        }

        public init(_ password: Api.account.Password) throws(Failure) {
            guard case .password(_, _, let hasPassword, let algorithm, let srpB, let srpId, _, _, _, _, _, _, _) = password,
                  hasPassword, let algorithm, let srpB, let srpId else { throw .noPassword }
            guard case .passwordKdfAlgoSHA256SHA256PBKDF2HMACSHA512iter100000SHA256ModPow(let salt1, let salt2, let g, let p) = algorithm else {
                throw .unknownAlgorithm
            }
            self.init(salt1: salt1, salt2: salt2, g: g, p: p, srpB: srpB, srpId: srpId)
        }
    }

    static let pbkdf2Iterations = 100_000

    /// x's bytes: PH2(password, salt1, salt2).
    static func passwordHash(_ password: String, salt1: [UInt8], salt2: [UInt8]) -> [UInt8] {
        func sh(_ data: [UInt8], _ salt: [UInt8]) -> [UInt8] { Digest.sha256(salt + data + salt) }
        let ph1 = sh(sh(Array(password.utf8), salt1), salt2)
        return sh(KeyDerivation.pbkdf2(password: ph1, salt: salt1, iterations: pbkdf2Iterations, length: 64, digest: .sha512), salt2)
    }

    /// auth.checkPassword's argument for `password`. `random` gives the secret a (tests fix it).
    public static func check(password: String, challenge c: Challenge,
                             random: (Int) -> [UInt8] = SecureRandom.bytes) throws(Failure) -> Api.InputCheckPasswordSRP {
        do { try DiffieHellman.checkGroup(prime: c.p, generator: c.g) } catch { throw .group(error) }
        let p = BigNumber(c.p), g = BigNumber(word: UInt(c.g))
        let bValue = BigNumber(c.srpB)
        guard !bValue.isZero, bValue.compare(p) < 0, let gB = bValue.bytes(width: 256) else { throw .badServerValue }
        guard let pBytes = p.bytes(width: 256), let gBytes = g.bytes(width: 256) else { throw .computation("p or g wider than 256 bytes") }

        let x = BigNumber(passwordHash(password, salt1: c.salt1, salt2: c.salt2))
        x.markSecret()
        let k = BigNumber(Digest.sha256(pBytes + gBytes))
        for _ in 0 ..< 8 {
            let a = BigNumber(random(256))
            a.markSecret()
            guard let gA = g.power(a, modulo: p)?.bytes(width: 256) else { throw .computation("g^a mod p") }
            let u = BigNumber(Digest.sha256(gA + gB))
            // A zero u or an A outside the safe range would let a server learn x: draw a again.
            guard !u.isZero, (try? DiffieHellman.checkPublicValue(gA, prime: pBytes, name: "A")) != nil else { continue }
            guard let gX = g.power(x, modulo: p) else { throw .computation("g^x mod p") }
            let base = bValue.subtracting(k.multiplied(by: gX, modulo: p), modulo: p)
            // g^b recovered from B must be a proper group element, as g_a in the key exchange.
            guard let baseBytes = base.bytes(width: 256), (try? DiffieHellman.checkPublicValue(baseBytes, prime: pBytes, name: "g_b")) != nil else {
                throw .badServerValue
            }
            let exponent = a.adding(u.multiplied(by: x))
            exponent.markSecret()
            guard let s = base.power(exponent, modulo: p)?.bytes(width: 256) else { throw .computation("S") }
            let key = Digest.sha256(s)
            let hp = Digest.sha256(pBytes), hg = Digest.sha256(gBytes)
            let xored = zip(hp, hg).map { $0 ^ $1 }
            let m1 = Digest.sha256(xored + Digest.sha256(c.salt1) + Digest.sha256(c.salt2) + gA + gB + key)
            return .inputCheckPasswordSRP(srpId: c.srpId, A: gA, M1: m1)
        }
        throw .computation("no secret a gave a usable A")
    }
}
