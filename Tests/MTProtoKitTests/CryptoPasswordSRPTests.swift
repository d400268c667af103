import Foundation
import Testing
import MTProtoKit
import TelegramApi
import TestSupport

/// The two-step password's SRP against Telethon's `compute_check` (telethon/password.py), the
/// same secret a given to both: A and M1 must be byte-equal. The oracle also checks the proof the
/// way a server does (with v = g^x and its own b), so a wrong formula on both sides cannot pass.
@Suite("Two-step password SRP against Telethon")
struct CryptoPasswordSRPTests {
    static let oracle = #"""
    import hashlib, json, os, sys
    import telethon.password as pw
    from telethon.tl import types
    inp = json.load(open(sys.argv[1]))
    p_bytes = bytes.fromhex(inp["p"]); p = int.from_bytes(p_bytes, "big"); g = 3
    salt1, salt2 = bytes.fromhex(inp["salt1"]), bytes.fromhex(inp["salt2"])
    algo = types.PasswordKdfAlgoSHA256SHA256PBKDF2HMACSHA512iter100000SHA256ModPow(salt1, salt2, g, p_bytes)
    x = int.from_bytes(pw.compute_hash(algo, inp["server_password"]), "big")
    v = pow(g, x, p)
    H = lambda *parts: hashlib.sha256(b"".join(parts)).digest()
    pad = lambda n: n.to_bytes(256, "big")
    k = int.from_bytes(H(p_bytes, pad(g)), "big")
    b = int.from_bytes(bytes.fromhex(inp["b"]), "big")
    B = (k * v + pow(g, b, p)) % p
    request = types.account.Password(new_algo=types.PasswordKdfAlgoUnknown(), new_secure_algo=types.SecurePasswordKdfAlgoUnknown(),
                                     secure_random=b"", has_password=True, current_algo=algo, srp_B=pad(B), srp_id=77)
    fixed = bytes.fromhex(inp["a"])
    pw.os.urandom = lambda n: fixed
    check = pw.compute_check(request, inp["client_password"])
    # The server's side: S = (A · v^u)^b, and the proof it expects.
    A = int.from_bytes(check.A, "big")
    u = int.from_bytes(H(pad(A), pad(B)), "big")
    S = pow(A * pow(v, u, p) % p, b, p)
    expected = H(bytes(a ^ c for a, c in zip(H(p_bytes), H(pad(g)))), H(salt1), H(salt2), pad(A), pad(B), H(pad(S)))
    print(json.dumps({"B": pad(B).hex(), "A": check.A.hex(), "M1": check.M1.hex(), "server_accepts_telethon": expected == check.M1,
                      "server_M1": expected.hex()}))
    """#

    static func challenge(_ answer: [String: Any], salt1: [UInt8], salt2: [UInt8]) throws -> PasswordSRP.Challenge {
        PasswordSRP.Challenge(salt1: salt1, salt2: salt2, g: 3, p: CryptoDiffieHellmanTests.prime,
                              srpB: try CryptoPythonOracle.hex(answer, "B"), srpId: 77)
    }

    @Test("The right password: A and M1 equal Telethon's, and the server's check accepts them",
          arguments: ["correct horse", "pässwörd ✓", ""])
    func rightPasswordMatchesTelethon(password: String) throws {
        let salt1 = [UInt8]((0 ..< 40).map { UInt8(truncatingIfNeeded: $0 &* 7 &+ 1) })
        let salt2 = [UInt8]((0 ..< 16).map { UInt8(truncatingIfNeeded: $0 &* 13 &+ 5) })
        let a = [UInt8]((0 ..< 256).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ 11) })
        let b = [UInt8]((0 ..< 256).map { UInt8(truncatingIfNeeded: $0 &* 17 &+ 3) })
        let answer = try CryptoPythonOracle.run(Self.oracle, input: [
            "p": CryptoDiffieHellmanTests.prime.hex, "salt1": salt1.hex, "salt2": salt2.hex, "a": a.hex, "b": b.hex,
            "server_password": password, "client_password": password,
        ])
        #expect(answer["server_accepts_telethon"] as? Bool == true)
        let check = try PasswordSRP.check(password: password, challenge: try Self.challenge(answer, salt1: salt1, salt2: salt2)) { _ in a }
        guard case .inputCheckPasswordSRP(let srpId, let A, let M1) = check else { Issue.record("\(check)"); return }
        #expect(srpId == 77)
        #expect(A.hex == answer["A"] as? String)
        #expect(M1.hex == answer["M1"] as? String)
        #expect(M1.hex == answer["server_M1"] as? String)
    }

    @Test("A wrong password gives a proof the server refuses")
    func wrongPasswordIsRefused() throws {
        let salt1 = [UInt8](repeating: 9, count: 40), salt2 = [UInt8](repeating: 4, count: 16)
        let a = [UInt8](repeating: 0x5a, count: 256), b = [UInt8](repeating: 0x33, count: 256)
        let answer = try CryptoPythonOracle.run(Self.oracle, input: [
            "p": CryptoDiffieHellmanTests.prime.hex, "salt1": salt1.hex, "salt2": salt2.hex, "a": a.hex, "b": b.hex,
            "server_password": "the real one", "client_password": "the real one",
        ])
        let check = try PasswordSRP.check(password: "a guess", challenge: try Self.challenge(answer, salt1: salt1, salt2: salt2)) { _ in a }
        guard case .inputCheckPasswordSRP(_, let A, let M1) = check else { Issue.record("\(check)"); return }
        #expect(A.hex == answer["A"] as? String, "A depends on a alone")
        #expect(M1.hex != answer["server_M1"] as? String)
    }

    @Test("A server value out of range, an unsafe group or no password: refused before anything is sent")
    func badChallengesAreRefused() throws {
        let good = PasswordSRP.Challenge(salt1: [1], salt2: [2], g: 3, p: CryptoDiffieHellmanTests.prime,
                                         srpB: [UInt8](repeating: 0x42, count: 256), srpId: 1)
        #expect(throws: PasswordSRP.Failure.badServerValue) {
            try PasswordSRP.check(password: "x", challenge: PasswordSRP.Challenge(salt1: [1], salt2: [2], g: 3, p: good.p, srpB: [0], srpId: 1))
        }
        #expect(throws: PasswordSRP.Failure.badServerValue) {
            try PasswordSRP.check(password: "x", challenge: PasswordSRP.Challenge(salt1: [1], salt2: [2], g: 3, p: good.p, srpB: good.p, srpId: 1))
        }
        var composite = CryptoDiffieHellmanTests.prime
        composite[255] ^= 0x02
        #expect(throws: PasswordSRP.Failure.self) {
            try PasswordSRP.check(password: "x", challenge: PasswordSRP.Challenge(salt1: [1], salt2: [2], g: 3, p: composite, srpB: good.srpB, srpId: 1))
        }
        let none = Api.account.Password.password(hasRecovery: false, hasSecureValues: false, hasPassword: false, currentAlgo: nil, srpB: nil,
                                                 srpId: nil, hint: nil, emailUnconfirmedPattern: nil, newAlgo: .passwordKdfAlgoUnknown,
                                                 newSecureAlgo: .securePasswordKdfAlgoUnknown, secureRandom: [], pendingResetDate: nil,
                                                 loginEmailPattern: nil)
        #expect(throws: PasswordSRP.Failure.noPassword) { try PasswordSRP.Challenge(none) }
    }
}
