/// Why creating an auth key failed. Each names the check that refused the server's answer, so a
/// hostile or broken server is reported, not trusted, and never leaves a key behind.
public enum AuthKeyExchangeError: Error, Equatable, CustomStringConvertible {
    case malformed(String)
    case unexpectedAnswer(String)
    case nonceMismatch(step: String)
    case serverNonceMismatch(step: String)
    case noKnownPublicKey(offered: [Int64])
    case factorization(String)
    case serverRefusedParameters
    case answerHashMismatch
    case unsafeParameters(String)
    case newNonceHashMismatch(step: String)
    case serverFailed
    case tooManyRetries(Int)
    case crypto(String)

    public var description: String {
        switch self {
        case .malformed(let reason): "the key exchange answer is malformed: \(reason)"
        case .unexpectedAnswer(let what): "unexpected answer in the key exchange: \(what)"
        case .nonceMismatch(let step): "the server's \(step) carries another nonce"
        case .serverNonceMismatch(let step): "the server's \(step) carries another server_nonce"
        case .noKnownPublicKey(let offered):
            "the server offers no public key this client trusts (fingerprints: \(offered.map { String(UInt64(bitPattern: $0), radix: 16) }.joined(separator: ", ")))"
        case .factorization(let reason): "cannot factor pq: \(reason)"
        case .serverRefusedParameters: "the server answered server_DH_params_fail"
        case .answerHashMismatch: "server_DH_inner_data's SHA-1 does not match (a wrong key or a tampered answer)"
        case .unsafeParameters(let reason): "unsafe Diffie-Hellman parameters: \(reason)"
        case .newNonceHashMismatch(let step): "\(step)'s new_nonce_hash does not match"
        case .serverFailed: "the server answered dh_gen_fail"
        case .tooManyRetries(let count): "the server asked to retry set_client_DH_params \(count) times"
        case .crypto(let reason): "key exchange crypto failed: \(reason)"
        }
    }
}
