import Foundation
import Testing
import TestSupport
@testable import MTProtoKit

/// The three framings as pure values: exact bytes, any chunking, and every hostile stream
/// refused with a typed error (never a crash, never a read past what arrived).
@Suite("transport: framing")
struct TransportFramingTests {
    static let kinds = TransportFraming.Kind.allCases

    /// An encrypted-message-shaped packet (24 bytes and whole blocks), which the padded framing's
    /// padding removal recognises.
    static func packet(blocks: Int, rng: inout SeededGenerator) -> [UInt8] {
        var bytes = rng.bytes(24 + 16 * blocks)
        bytes[0] |= 1
        return bytes
    }

    @Test func exactBytes() async throws {
        try await onOwnThread { () throws -> Void in
            let four: [UInt8] = [1, 2, 3, 4]
            #expect(TransportFraming(.abridged).header == [0xef])
            #expect(TransportFraming(.abridged).obfuscationTag == [0xef, 0xef, 0xef, 0xef])
            #expect(TransportFraming(.intermediate).header == [0xee, 0xee, 0xee, 0xee])
            #expect(TransportFraming(.paddedIntermediate).obfuscationTag == [0xdd, 0xdd, 0xdd, 0xdd])
            #expect(TransportFraming(.abridged).encode(four) == [1] + four)
            let words126 = [UInt8](repeating: 7, count: 504)
            #expect(TransportFraming(.abridged).encode(words126).prefix(1) == [126])
            let words127 = [UInt8](repeating: 7, count: 508)
            #expect(Array(TransportFraming(.abridged).encode(words127).prefix(4)) == [0x7f, 127, 0, 0])
            let large = [UInt8](repeating: 7, count: 4 * 0x012345)
            #expect(Array(TransportFraming(.abridged).encode(large).prefix(4)) == [0x7f, 0x45, 0x23, 0x01])
            #expect(TransportFraming(.intermediate).encode(four) == [4, 0, 0, 0] + four)
            for _ in 0..<50 {
                let frame = TransportFraming(.paddedIntermediate).encode(four)
                let length = Int(frame[0]) | Int(frame[1]) << 8 | Int(frame[2]) << 16 | Int(frame[3]) << 24
                #expect(length == frame.count - 4 && (4...19).contains(length) && Array(frame[4..<8]) == four)
            }
        }
    }

    @Test(arguments: kinds)
    func roundTripsInAnyChunking(_ kind: TransportFraming.Kind) async throws {
        try await onOwnThread { () throws -> Void in
            var rng = SeededGenerator(seed: 21)
            // Around abridged's switch to the long form (127 words) and a 1 MiB packet.
            let packets = [0, 1, 29, 30, 31, 100, 4000, 65_536].map { Self.packet(blocks: $0, rng: &rng) }
            let stream = packets.flatMap { TransportFraming(kind).encode($0) }
            // All at once, one byte at a time (the first thousand frames' worth), random pieces.
            var whole = TransportFraming(kind)
            #expect(try whole.feed(stream) == packets)
            var bytewise = TransportFraming(kind)
            var out: [[UInt8]] = []
            for byte in stream.prefix(5000) { out += try bytewise.feed([byte]) }
            out += try bytewise.feed(stream.dropFirst(5000))
            #expect(out == packets)
            var pieces = TransportFraming(kind)
            out = []
            var offset = 0
            while offset < stream.count {
                let size = Int.random(in: 1...3000, using: &rng)
                out += try pieces.feed(stream[offset..<min(offset + size, stream.count)])
                offset += size
            }
            #expect(out == packets)
            #expect(try pieces.nextPacket() == nil)
        }
    }

    @Test func paddedFramingRemovesPaddingByThePacketsShape() async throws {
        try await onOwnThread { () throws -> Void in
            var rng = SeededGenerator(seed: 22)
            // An unencrypted message: auth_key_id 0, msg_id, length, body; its length marks the end.
            let body = rng.bytes(40)
            let unencrypted = [UInt8](repeating: 0, count: 8) + rng.bytes(8) + [40, 0, 0, 0] + body
            for padding in 0...15 {
                for packet in [unencrypted, Self.packet(blocks: 3, rng: &rng)] {
                    let frame = TransportFraming.littleEndian(UInt32(packet.count + padding)) + packet + rng.bytes(padding)
                    var framing = TransportFraming(.paddedIntermediate)
                    #expect(try framing.feed(frame) == [packet])
                }
            }
        }
    }

    @Test(arguments: kinds)
    func transportErrorsAreTyped(_ kind: TransportFraming.Kind) async throws {
        try await onOwnThread { () throws -> Void in
            var rng = SeededGenerator(seed: 23)
            let good = Self.packet(blocks: 2, rng: &rng)
            let framing = TransportFraming(kind)
            for code: Int32 in [-404, -429, -444] {
                let error = withUnsafeBytes(of: code.littleEndian) { Array($0) }
                // The server sends its error unpadded; framed like any packet.
                let errorFrame = kind == .paddedIntermediate ? TransportFraming.littleEndian(4) + error : framing.encode(error)
                var decoder = TransportFraming(kind)
                // The packet before the error is delivered; the error comes with the next call, and stays.
                #expect(try decoder.feed(framing.encode(good) + errorFrame) == [good])
                #expect(throws: TransportError.serverError(code: code)) { try decoder.feed([]) }
                #expect(throws: TransportError.serverError(code: code)) { try decoder.nextPacket() }
            }
            var positive = TransportFraming(kind)
            let notAnError = kind == .paddedIntermediate ? TransportFraming.littleEndian(4) + [1, 0, 0, 0] : framing.encode([1, 0, 0, 0])
            #expect(throws: TransportError.self) { try positive.feed(notAnError) }
        }
    }

    @Test func hostileFramesAreRefused() async throws {
        try await onOwnThread { () throws -> Void in
            func refusal(_ kind: TransportFraming.Kind, _ bytes: [UInt8], limit: Int = TransportFraming.defaultMaximumPacketSize) -> TransportError? {
                var framing = TransportFraming(kind, maximumPacketSize: limit)
                do { _ = try framing.feed(bytes); return nil } catch { return error }
            }
            // A huge length is refused from its header alone, before any of its body.
            #expect(refusal(.abridged, [0x7f, 0xff, 0xff, 0xff]) == .frameTooLarge(0xff_ffff * 4, limit: 16 << 20))
            #expect(refusal(.intermediate, [0xfc, 0xff, 0xff, 0x7f]) == .frameTooLarge(0x7fff_fffc, limit: 16 << 20))
            #expect(refusal(.paddedIntermediate, [0x01, 0x00, 0x00, 0x01]) == .frameTooLarge(0x0100_0001, limit: 16 << 20))
            #expect(refusal(.intermediate, [0x00, 0x04, 0x00, 0x00], limit: 1000) == .frameTooLarge(1024, limit: 1000))
            // Empty, misaligned and too-short packets.
            #expect(refusal(.abridged, [0x00]) == .malformedFrame("an empty frame"))
            #expect(refusal(.abridged, [0x7f, 0, 0, 0]) == .malformedFrame("an empty frame"))
            #expect(refusal(.intermediate, [0, 0, 0, 0]) == .malformedFrame("an empty frame"))
            #expect(refusal(.intermediate, [5, 0, 0, 0, 1, 2, 3, 4, 5])?.description.contains("4-byte words") == true)
            #expect(refusal(.paddedIntermediate, [3, 0, 0, 0, 1, 2, 3]) == .malformedFrame("a packet of 3 bytes"))
            // Truncated frames are not errors: they wait for the rest.
            #expect(refusal(.abridged, [0x02, 1, 2, 3]) == nil)
            #expect(refusal(.abridged, [0x7f, 0x80]) == nil)
            #expect(refusal(.intermediate, [8, 0, 0, 0, 1, 2]) == nil)
            #expect(refusal(.paddedIntermediate, [8, 0]) == nil)
            // Quick acks (never requested) are skipped, not delivered.
            var abridged = TransportFraming(.abridged)
            #expect(try abridged.feed([0x81, 0x02, 0x03, 0x84, 0x02, 9, 9, 9, 9, 9, 9, 9, 9]) == [[9, 9, 9, 9, 9, 9, 9, 9]])
            var intermediate = TransportFraming(.intermediate)
            #expect(try intermediate.feed([0x01, 0x02, 0x03, 0x84, 8, 0, 0, 0, 9, 9, 9, 9, 9, 9, 9, 9]) == [[9, 9, 9, 9, 9, 9, 9, 9]])
            var padded = TransportFraming(.paddedIntermediate)
            #expect(try padded.feed([12, 0, 0, 0, 0xff, 0xff, 0xff, 0xff, 1, 2, 3, 0x84, 7, 7, 7, 7]).isEmpty)
        }
    }

    @Test(arguments: kinds)
    func garbageNeverCrashes(_ kind: TransportFraming.Kind) async throws {
        try await onOwnThread { () throws -> Void in
            var rng = SeededGenerator(seed: 24)
            for _ in 0..<2000 {
                var framing = TransportFraming(kind, maximumPacketSize: 4096)
                let garbage = rng.bytes(Int.random(in: 0...600, using: &rng))
                var offset = 0
                do {
                    while offset < garbage.count {
                        let size = Int.random(in: 1...64, using: &rng)
                        for packet in try framing.feed(garbage[offset..<min(offset + size, garbage.count)]) {
                            #expect(packet.count >= 4 && packet.count <= 4096)
                        }
                        offset += size
                    }
                } catch {
                    // A typed TransportError; the decoder stays failed.
                    #expect(throws: TransportError.self) { try framing.nextPacket() }
                }
            }
        }
    }
}
