/// The MTProto transports a client can speak over TCP (core.telegram.org/mtproto/mtproto-transports).
/// Obfuscation wraps one of the other three, as Telegram's clients use it against DPI.
public enum TransportKind: String, Sendable, CaseIterable, Codable {
    case abridged
    case intermediate
    case paddedIntermediate = "padded"
    /// Obfuscated abridged, as Telethon's ConnectionTcpObfuscated.
    case obfuscated
    /// Obfuscated padded intermediate: what Telegram's mobile clients send.
    case obfuscatedPadded = "obfuscated-padded"

    public var framing: TransportFraming.Kind {
        switch self {
        case .abridged, .obfuscated: .abridged
        case .intermediate: .intermediate
        case .paddedIntermediate, .obfuscatedPadded: .paddedIntermediate
        }
    }

    public var isObfuscated: Bool { self == .obfuscated || self == .obfuscatedPadded }
}
