import Cryptography

/// The MTProto transports' framing over a byte stream (core.telegram.org/mtproto/mtproto-transports),
/// as a pure value: `encode` wraps a packet for sending, `feed` takes whatever bytes arrived and
/// returns the whole packets they complete. No sockets; TransportConnection puts it on TCP.
/// - abridged: marker 0xef once; each frame a length/4 in one byte (< 127) or 0x7f and 3 bytes
///   little-endian, then the packet;
/// - intermediate: marker 0xeeeeeeee once; a 4-byte little-endian length, then the packet;
/// - padded intermediate: marker 0xdddddddd once; a 4-byte length that counts 0…15 random bytes
///   after the packet.
/// A packet of exactly 4 bytes holding a negative Int32 is the server's transport error and is
/// thrown as `TransportError.serverError`. Quick-ack tokens (answers to a request this client
/// never makes) are skipped. Every length is checked against `maximumPacketSize` before anything
/// is buffered for it, and any error is final: the stream cannot be resynchronised.
public struct TransportFraming: Sendable {
    public enum Kind: String, Sendable, CaseIterable {
        case abridged
        case intermediate
        case paddedIntermediate
    }

    public static let defaultMaximumPacketSize = 16 << 20

    public let kind: Kind
    public let maximumPacketSize: Int
    private var buffer = FrameBuffer()
    private var failure: TransportError?

    public init(_ kind: Kind, maximumPacketSize: Int = TransportFraming.defaultMaximumPacketSize) {
        self.kind = kind
        self.maximumPacketSize = maximumPacketSize
    }

    /// Sent once, before the first frame, on a connection without obfuscation.
    public var header: [UInt8] {
        switch kind {
        case .abridged: [0xef]
        case .intermediate: [0xee, 0xee, 0xee, 0xee]
        case .paddedIntermediate: [0xdd, 0xdd, 0xdd, 0xdd]
        }
    }

    /// The protocol tag inside an obfuscated connection's init (bytes 56..<60), instead of `header`.
    public var obfuscationTag: [UInt8] {
        kind == .abridged ? [0xef, 0xef, 0xef, 0xef] : header
    }

    // MARK: Encoding

    /// One frame. MTProto packets are whole 4-byte words, which abridged needs (it counts words),
    /// and below 2^26 bytes; both are the caller's own data.
    public func encode(_ packet: [UInt8]) -> [UInt8] {
        precondition(packet.count < 1 << 26, "an MTProto packet below 64 MiB")
        switch kind {
        case .abridged:
            precondition(packet.count % 4 == 0, "abridged frames carry whole 4-byte words")
            let words = packet.count / 4
            let prefix: [UInt8] = words < 0x7f
                ? [UInt8(words)]
                : [0x7f, UInt8(truncatingIfNeeded: words), UInt8(truncatingIfNeeded: words >> 8), UInt8(truncatingIfNeeded: words >> 16)]
            return prefix + packet
        case .intermediate:
            return Self.littleEndian(UInt32(packet.count)) + packet
        case .paddedIntermediate:
            let padding = SecureRandom.bytes(Int(SecureRandom.bytes(1)[0] % 16))
            return Self.littleEndian(UInt32(packet.count + padding.count)) + packet + padding
        }
    }

    static func littleEndian(_ value: UInt32) -> [UInt8] {
        withUnsafeBytes(of: value.littleEndian) { Array($0) }
    }

    // MARK: Decoding

    /// Adds received bytes; returns the packets they complete, in order. An error after some
    /// packets is thrown by the next call, so none before it is lost.
    public mutating func feed<C: Collection>(_ bytes: C) throws(TransportError) -> [[UInt8]] where C.Element == UInt8 {
        if let failure { throw failure }
        buffer.append(bytes)
        var packets: [[UInt8]] = []
        do throws(TransportError) {
            while let packet = try nextPacket() { packets.append(packet) }
        } catch {
            if packets.isEmpty { throw error }
        }
        return packets
    }

    /// Adds received bytes without decoding them; `nextPacket` takes the packets out one by one.
    public mutating func append<C: Collection>(_ bytes: C) where C.Element == UInt8 {
        buffer.append(bytes)
    }

    /// The next whole packet in what was fed, or nil until more bytes come.
    public mutating func nextPacket() throws(TransportError) -> [UInt8]? {
        if let failure { throw failure }
        do throws(TransportError) {
            while true {
                switch try decodeFrame() {
                case .incomplete: return nil
                case .skipped: continue
                case .packet(let packet): return try checkedPacket(packet)
                }
            }
        } catch {
            failure = error
            throw error
        }
    }

    private enum Decoded {
        case incomplete
        /// A quick-ack token, consumed.
        case skipped
        case packet([UInt8])
    }

    private mutating func decodeFrame() throws(TransportError) -> Decoded {
        switch kind {
        case .abridged:
            guard buffer.count >= 1 else { return .incomplete }
            let first = buffer[0]
            if first & 0x80 != 0 {
                // A quick ack: 4 bytes, byte-swapped, its top bit set.
                guard buffer.count >= 4 else { return .incomplete }
                buffer.consume(4)
                return .skipped
            }
            var words = Int(first), headerSize = 1
            if first == 0x7f {
                guard buffer.count >= 4 else { return .incomplete }
                words = Int(buffer.littleEndian(at: 1, count: 3))
                headerSize = 4
            }
            return try body(length: words * 4, headerSize: headerSize)
        case .intermediate, .paddedIntermediate:
            guard buffer.count >= 4 else { return .incomplete }
            let length = buffer.littleEndian(at: 0, count: 4)
            if length & 0x8000_0000 != 0 {
                // A quick ack token stands alone, its top bit set; no length is that large.
                buffer.consume(4)
                return .skipped
            }
            if kind == .intermediate && length % 4 != 0 {
                throw .malformedFrame("intermediate frame of \(length) bytes is not whole 4-byte words")
            }
            return try body(length: Int(length), headerSize: 4)
        }
    }

    private mutating func body(length: Int, headerSize: Int) throws(TransportError) -> Decoded {
        guard length > 0 else { throw .malformedFrame("an empty frame") }
        guard length <= maximumPacketSize else { throw .frameTooLarge(length, limit: maximumPacketSize) }
        guard buffer.count >= headerSize + length else { return .incomplete }
        let payload = buffer.take(length, after: headerSize)
        if kind == .paddedIntermediate {
            // The padded transport's quick ack: 0xffffffff, the token, 0…8 random bytes.
            if (8...16).contains(payload.count) && payload[0..<4].allSatisfy({ $0 == 0xff }) { return .skipped }
            return .packet(Self.withoutPadding(payload))
        }
        return .packet(payload)
    }

    /// A transport error is a 4-byte packet holding a negative code; anything else under 4 bytes,
    /// or 4 bytes that are not negative, is no MTProto packet.
    private func checkedPacket(_ packet: [UInt8]) throws(TransportError) -> [UInt8] {
        guard packet.count >= 4 else { throw .malformedFrame("a packet of \(packet.count) bytes") }
        if packet.count == 4 || (kind == .paddedIntermediate && packet.count < 20) {
            let code = Int32(bitPattern: UInt32(packet[0]) | UInt32(packet[1]) << 8 | UInt32(packet[2]) << 16 | UInt32(packet[3]) << 24)
            guard code < 0 else { throw .malformedFrame("a \(packet.count)-byte packet that is no transport error (\(code))") }
            throw .serverError(code: code)
        }
        return packet
    }

    /// The padded transport's 0…15 random bytes carry no length of their own; the packet's shape
    /// gives its end. An unencrypted message (auth_key_id 0) says its length at bytes 16..<20
    /// (20 + length in all); an encrypted one is 24 bytes and whole 16-byte blocks. A transport
    /// error (under 20 bytes) is left for checkedPacket; what fits neither shape is returned as
    /// it came, for the message layer to refuse.
    static func withoutPadding(_ payload: [UInt8]) -> [UInt8] {
        guard payload.count >= 20 else { return payload }
        if payload[0..<8].allSatisfy({ $0 == 0 }) {
            let length = Int(UInt32(payload[16]) | UInt32(payload[17]) << 8 | UInt32(payload[18]) << 16 | UInt32(payload[19]) << 24)
            return length <= payload.count - 20 ? Array(payload[0..<(20 + length)]) : payload
        }
        guard payload.count >= 24 else { return payload }
        return Array(payload[0..<(24 + (payload.count - 24) / 16 * 16)])
    }
}
