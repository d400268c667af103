/// TL's `int128`: 16 bytes in wire order (nonces). Kept as bytes, as nothing does arithmetic on it.
public struct TLInt128: Hashable, Sendable {
    public var bytes: [UInt8]

    /// `bytes` must be 16 long; other lengths are a programming error.
    public init(bytes: [UInt8]) {
        precondition(bytes.count == 16, "TLInt128 needs 16 bytes")
        self.bytes = bytes
    }

    public static var zero: TLInt128 { TLInt128(bytes: [UInt8](repeating: 0, count: 16)) }

    /// Not cryptographically strong: nonces that must be secret come from SecureRandom instead.
    public static func random() -> TLInt128 {
        var generator = SystemRandomNumberGenerator()
        return TLInt128(bytes: (0..<16).map { _ in UInt8.random(in: 0...255, using: &generator) })
    }
}

/// TL's `int256`: 32 bytes in wire order (new_nonce).
public struct TLInt256: Hashable, Sendable {
    public var bytes: [UInt8]

    /// `bytes` must be 32 long; other lengths are a programming error.
    public init(bytes: [UInt8]) {
        precondition(bytes.count == 32, "TLInt256 needs 32 bytes")
        self.bytes = bytes
    }

    public static var zero: TLInt256 { TLInt256(bytes: [UInt8](repeating: 0, count: 32)) }

    /// Not cryptographically strong: see TLInt128.random.
    public static func random() -> TLInt256 {
        var generator = SystemRandomNumberGenerator()
        return TLInt256(bytes: (0..<32).map { _ in UInt8.random(in: 0...255, using: &generator) })
    }
}
