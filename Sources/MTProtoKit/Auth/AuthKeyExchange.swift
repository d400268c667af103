import Container
import Cryptography
import FoundationEssentials
import TLSerialization
import TelegramApi

/// What a finished key exchange gives the session: the key, the first server salt, and how far
/// the server's clock is from ours (server_time − local time, seconds).
public struct AuthKeyExchangeResult: Sendable {
    public let authKey: AuthKey
    public let serverSalt: Int64
    public let timeOffset: Int32
}

/// Creates a permanent auth key with a datacenter (core.telegram.org/mtproto/auth_key):
/// req_pq_multi → req_DH_params (p_q_inner_data_dc under RSA_PAD with a key the server names by
/// fingerprint) → server_DH_inner_data checked → set_client_DH_params, retried when asked.
/// Runs over any PacketConnection; every answer is checked before anything of it is used.
public struct AuthKeyExchange {
    public var publicKeys: [ServerPublicKey]
    /// The dc id as p_q_inner_data_dc carries it (10000 + id on Telegram's test datacenters).
    public var wireDatacenterId: Int32
    public var timeout: Double
    public static let maximumRetries = 5

    public init(publicKeys: [ServerPublicKey], wireDatacenterId: Int32, timeout: Double = 10) {
        self.publicKeys = publicKeys
        self.wireDatacenterId = wireDatacenterId
        self.timeout = timeout
    }

    public func run(over connection: PacketConnection) throws -> AuthKeyExchangeResult {
        do {
            return try exchange(over: connection)
        } catch let failure as DiffieHellman.Failure {
            throw AuthKeyExchangeError.unsafeParameters(failure.description)
        } catch let failure as PQFactorization.Failure {
            throw AuthKeyExchangeError.factorization(failure.description)
        } catch let failure as RSAPad.Failure {
            throw AuthKeyExchangeError.crypto(failure.description)
        }
    }

    private func exchange(over connection: PacketConnection) throws -> AuthKeyExchangeResult {
        var clock = PlainMessageIds()
        func call<F: TLFunction>(_ function: F) throws -> F.Result {
            var writer = TLWriter()
            function.serialize(to: &writer)
            try connection.send(UnencryptedMessage.encode(messageId: clock.next(), body: writer.bytes))
            let (_, body) = try UnencryptedMessage.decode(try connection.receive(timeout: timeout))
            var reader = TLReader(body)
            do {
                return try F.parseResult(from: &reader)
            } catch {
                throw AuthKeyExchangeError.malformed("\(function.name): \(error)")
            }
        }

        // 1. req_pq_multi.
        let nonce = TLInt128(bytes: SecureRandom.bytes(16))
        guard case .resPQ(let resNonce, let serverNonce, let pq, let fingerprints) = try call(MTProto.functions.ReqPqMulti(nonce: nonce)) else {
            throw AuthKeyExchangeError.unexpectedAnswer("not resPQ")
        }
        guard resNonce == nonce else { throw AuthKeyExchangeError.nonceMismatch(step: "resPQ") }
        guard let key = publicKeys.first(where: { fingerprints.contains($0.fingerprint) }) else {
            throw AuthKeyExchangeError.noKnownPublicKey(offered: fingerprints)
        }

        // 2. req_DH_params with p_q_inner_data_dc under RSA_PAD.
        let (p, q) = try KeyExchangeCrypto.factor(pq)
        let newNonce = TLInt256(bytes: SecureRandom.bytes(32))
        var inner = TLWriter()
        MTProto.P_Q_inner_data.p_q_inner_data_dc(pq: pq, p: p, q: q, nonce: nonce, serverNonce: serverNonce,
                                                  newNonce: newNonce, dc: wireDatacenterId).serialize(to: &inner)
        let encrypted = try KeyExchangeCrypto.rsaPad(inner.bytes, key: key)
        let params = try call(MTProto.functions.ReqDHParams(nonce: nonce, serverNonce: serverNonce, p: p, q: q,
                                                            publicKeyFingerprint: key.fingerprint, encryptedData: encrypted))
        let encryptedAnswer: [UInt8]
        switch params {
        case .server_DH_params_fail(let n, let sn, let hash):
            guard n == nonce else { throw AuthKeyExchangeError.nonceMismatch(step: "server_DH_params_fail") }
            guard sn == serverNonce else { throw AuthKeyExchangeError.serverNonceMismatch(step: "server_DH_params_fail") }
            guard hash.bytes == Array(Digest.sha1(newNonce.bytes)[4..<20]) else {
                throw AuthKeyExchangeError.newNonceHashMismatch(step: "server_DH_params_fail")
            }
            throw AuthKeyExchangeError.serverRefusedParameters
        case .server_DH_params_ok(let n, let sn, let answer):
            guard n == nonce else { throw AuthKeyExchangeError.nonceMismatch(step: "server_DH_params_ok") }
            guard sn == serverNonce else { throw AuthKeyExchangeError.serverNonceMismatch(step: "server_DH_params_ok") }
            encryptedAnswer = answer
        }

        // 3. server_DH_inner_data: decrypted, its hash checked, the group and g_a checked.
        let temporary = KeyExchangeCrypto.temporaryKey(newNonce: newNonce.bytes, serverNonce: serverNonce.bytes)
        let dh = try Self.decryptInnerData(encryptedAnswer, key: temporary.key, iv: temporary.iv)
        guard case .server_DH_inner_data(let n, let sn, let g, let dhPrime, let gA, let serverTime) = dh else {
            throw AuthKeyExchangeError.unexpectedAnswer("not server_DH_inner_data")
        }
        guard n == nonce else { throw AuthKeyExchangeError.nonceMismatch(step: "server_DH_inner_data") }
        guard sn == serverNonce else { throw AuthKeyExchangeError.serverNonceMismatch(step: "server_DH_inner_data") }
        try KeyExchangeCrypto.checkGroup(prime: dhPrime, generator: g)
        try KeyExchangeCrypto.checkPublicValue(gA, prime: dhPrime, name: "g_a")
        let timeOffset = serverTime &- Clock.unixTime()

        // 4. set_client_DH_params, again while the server answers dh_gen_retry.
        var retryId: Int64 = 0
        for _ in 0...Self.maximumRetries {
            let (b, gB) = try KeyExchangeCrypto.generateSecret(generator: g, prime: dhPrime)
            try KeyExchangeCrypto.checkPublicValue(gB, prime: dhPrime, name: "g_b")
            var clientInner = TLWriter()
            MTProto.Client_DH_Inner_Data.client_DH_inner_data(nonce: nonce, serverNonce: serverNonce, retryId: retryId, gB: gB)
                .serialize(to: &clientInner)
            let encryptedClient = try KeyExchangeCrypto.encryptWithHash(clientInner.bytes, key: temporary.key, iv: temporary.iv)
            let keyBytes = try KeyExchangeCrypto.sharedKey(gA: gA, secret: b, prime: dhPrime)
            guard let authKey = AuthKey(bytes: keyBytes) else { throw AuthKeyExchangeError.crypto("the shared key is not 256 bytes") }
            let answer = try call(MTProto.functions.SetClientDHParams(nonce: nonce, serverNonce: serverNonce, encryptedData: encryptedClient))
            func check(_ n: TLInt128, _ sn: TLInt128, _ hash: TLInt128, number: UInt8, step: String) throws {
                guard n == nonce else { throw AuthKeyExchangeError.nonceMismatch(step: step) }
                guard sn == serverNonce else { throw AuthKeyExchangeError.serverNonceMismatch(step: step) }
                guard hash.bytes == KeyExchangeCrypto.newNonceHash(newNonce: newNonce.bytes, number: number, authKey: authKey.bytes) else {
                    throw AuthKeyExchangeError.newNonceHashMismatch(step: step)
                }
            }
            switch answer {
            case .dh_gen_ok(let n, let sn, let hash):
                try check(n, sn, hash, number: 1, step: "dh_gen_ok")
                let salt = KeyExchangeCrypto.serverSalt(newNonce: newNonce.bytes, serverNonce: serverNonce.bytes)
                return AuthKeyExchangeResult(authKey: authKey, serverSalt: salt, timeOffset: timeOffset)
            case .dh_gen_retry(let n, let sn, let hash):
                try check(n, sn, hash, number: 2, step: "dh_gen_retry")
                retryId = authKey.auxHash
            case .dh_gen_fail(let n, let sn, let hash):
                try check(n, sn, hash, number: 3, step: "dh_gen_fail")
                throw AuthKeyExchangeError.serverFailed
            }
        }
        throw AuthKeyExchangeError.tooManyRetries(Self.maximumRetries + 1)
    }

    /// answer_with_hash = SHA1(answer) + answer + 0…15 random bytes; the answer's length is
    /// found by parsing it, then its hash is checked before any field is trusted.
    static func decryptInnerData(_ encrypted: [UInt8], key: [UInt8], iv: [UInt8]) throws -> MTProto.Server_DH_inner_data {
        guard encrypted.count >= 20 + 16, encrypted.count % 16 == 0 else {
            throw AuthKeyExchangeError.malformed("encrypted_answer of \(encrypted.count) bytes")
        }
        let plain: [UInt8]
        do { plain = try AESIGE.decrypt(encrypted, key: key, iv: iv) } catch { throw AuthKeyExchangeError.crypto("\(error)") }
        var reader = TLReader(Array(plain[20...]))
        let inner: MTProto.Server_DH_inner_data
        do { inner = try MTProto.Server_DH_inner_data.parse(from: &reader) } catch { throw AuthKeyExchangeError.answerHashMismatch }
        let consumed = reader.position
        guard plain.count - 20 - consumed < 16, Digest.sha1(Array(plain[20..<(20 + consumed)])) == Array(plain[0..<20]) else {
            throw AuthKeyExchangeError.answerHashMismatch
        }
        return inner
    }
}

/// Message ids for unencrypted messages: unixtime·2³² rising, divisible by 4.
struct PlainMessageIds {
    private var last: Int64 = 0
    mutating func next() -> Int64 {
        var id = MessageIdClock.messageId(forUnixNanoseconds: MessageIdClock.realtimeNanoseconds())
        if id <= last { id = last + 4 }
        last = id
        return id
    }
}
