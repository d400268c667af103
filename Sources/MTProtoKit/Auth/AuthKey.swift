import Cryptography

/// A permanent auth key: 2048 bits shared with one datacenter, and its id (the low 64 bits of
/// its SHA-1) that every encrypted message names it by.
public struct AuthKey: Hashable, Sendable {
    public let bytes: [UInt8]
    public let id: Int64

    public init?(bytes: [UInt8]) {
        guard bytes.count == 256 else { return nil }
        self.bytes = bytes
        self.id = AuthKey.id(of: bytes)
    }

    /// The low 64 bits of SHA-1(key): its last 8 bytes, little-endian.
    static func id(of bytes: [UInt8]) -> Int64 {
        LittleEndian.int64(MTProtoEnvelope.keyId(ofAuthKey: bytes))
    }

    /// auth_key_aux_hash: the high 64 bits of SHA-1(key), the retry_id of a repeated set_client_DH_params.
    var auxHash: Int64 { LittleEndian.int64(KeyExchangeCrypto.auxHash(authKey: bytes)) }
}

