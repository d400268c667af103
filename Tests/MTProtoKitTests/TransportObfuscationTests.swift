import Cryptography
import Foundation
import Testing
import TestSupport
@testable import MTProtoKit

/// The obfuscated transport byte for byte against Telethon's tcpobfuscated.py: the same 64-byte
/// init from the same random bytes, Telethon reading what Swift sends and Swift reading what
/// Telethon's key streams produce.
@Suite("transport: obfuscation")
struct TransportObfuscationTests {
    static let script = #"""
import asyncio, json, sys
from telethon.network.connection import tcpobfuscated
from telethon.network.connection.tcpabridged import AbridgedPacketCodec
from telethon.network.connection.tcpintermediate import IntermediatePacketCodec, RandomizedIntermediatePacketCodec
d = json.load(open(sys.argv[1]))
random = bytes.fromhex(d['random'])
codec = {'abridged': AbridgedPacketCodec, 'paddedIntermediate': RandomizedIntermediatePacketCodec}[d['kind']]
tcpobfuscated.os.urandom = lambda n: random  # the init's one random draw, fixed
header, encryptor, decryptor = tcpobfuscated.ObfuscatedIO.init_header(codec)
wire = bytes.fromhex(d['client_stream'])
# The server decrypts with the client's encryption key stream; read frames as Telethon does
# (padded frames as plain intermediate ones: their padding stays on the payload).
plain = encryptor.encrypt(wire[64:])
reader_codec = AbridgedPacketCodec if d['kind'] == 'abridged' else IntermediatePacketCodec
async def parse(data):
    reader = asyncio.StreamReader()
    reader.feed_data(data)
    reader.feed_eof()
    out = []
    while True:
        try:
            out.append(await reader_codec(None).read_packet(reader))
        except asyncio.IncompleteReadError:
            return out
server = b''.join(reader_codec(None).encode_packet(bytes.fromhex(p)) for p in d['server_packets'])
print(json.dumps({'header': bytes(header).hex(), 'client_packets': [p.hex() for p in asyncio.run(parse(plain))],
                  'server_stream': decryptor.encrypt(server).hex()}))
"""#

    static func acceptableRandom(seed: UInt64) -> [UInt8] {
        var rng = SeededGenerator(seed: seed)
        while true {
            let bytes = rng.bytes(64)
            if TransportObfuscation.isAcceptable(bytes) { return bytes }
        }
    }

    @Test(arguments: [TransportFraming.Kind.abridged, .paddedIntermediate])
    func matchesTelethonByteForByte(_ kind: TransportFraming.Kind) async throws {
        try await onOwnThread { () throws -> Void in
            var rng = SeededGenerator(seed: 31)
            let random = Self.acceptableRandom(seed: 32)
            let framing = TransportFraming(kind)
            let obfuscation = try TransportObfuscation(tag: framing.obfuscationTag, datacenterId: nil, random: random)
            #expect(obfuscation.initPayload.count == 64 && Array(obfuscation.initPayload[0..<56]) == Array(random[0..<56]))
            let clientPackets = [0, 1, 40, 2000].map { TransportFramingTests.packet(blocks: $0, rng: &rng) }
            var stream = obfuscation.initPayload
            for packet in clientPackets { stream += obfuscation.encryptor.applied(framing.encode(packet)) }
            let serverPackets = [3, 0, 300].map { TransportFramingTests.packet(blocks: $0, rng: &rng) }
            let answer = try CryptoPythonOracle.run(Self.script, input: [
                "random": random.hex, "kind": kind.rawValue, "client_stream": stream.hex, "server_packets": serverPackets.map(\.hex),
            ])
            #expect(try CryptoPythonOracle.hex(answer, "header") == obfuscation.initPayload)
            let read = (answer["client_packets"] as? [String] ?? []).map { [UInt8](hex: $0) }
            #expect(read.count == clientPackets.count)
            for (sent, got) in zip(clientPackets, read) {
                // Telethon keeps the padded framing's padding on the payload.
                #expect(Array(got.prefix(sent.count)) == sent && got.count - sent.count < (kind == .abridged ? 1 : 16))
            }
            // The server's stream, decrypted in uneven pieces and deframed.
            let serverStream = try CryptoPythonOracle.hex(answer, "server_stream")
            var decoder = TransportFraming(kind)
            var received: [[UInt8]] = []
            var offset = 0
            while offset < serverStream.count {
                let size = Int.random(in: 1...700, using: &rng)
                received += try decoder.feed(obfuscation.decryptor.applied(Array(serverStream[offset..<min(offset + size, serverStream.count)])))
                offset += size
            }
            #expect(received == serverPackets)
        }
    }

    @Test func theInitCarriesTagAndDatacenterAndAvoidsOtherProtocols() throws {
        let random = Self.acceptableRandom(seed: 33)
        let tag: [UInt8] = [0xdd, 0xdd, 0xdd, 0xdd]
        let obfuscation = try TransportObfuscation(tag: tag, datacenterId: -10_004, random: random)
        // What the server sees: the init decrypted with init[8..<40] / init[40..<56].
        let payload = obfuscation.initPayload
        let seen = try AESCTR(key: Array(payload[8..<40]), iv: Array(payload[40..<56])).applied(payload)
        #expect(Array(seen[56..<60]) == tag)
        #expect(Array(seen[60..<62]) == withUnsafeBytes(of: Int16(-10_004).littleEndian) { Array($0) })
        #expect(Array(payload[0..<56]) == Array(random[0..<56]))
        // The server's send key is the same 48 bytes reversed: what it encrypts, the client reads.
        let reversed = Array(payload[8..<56].reversed())
        let serverSends = try AESCTR(key: Array(reversed[0..<32]), iv: Array(reversed[32..<48])).applied([1, 2, 3, 4, 5])
        #expect(obfuscation.decryptor.applied(serverSends) == [1, 2, 3, 4, 5])

        // Given bytes that look like another protocol are refused; drawn ones never do.
        var bad = random
        bad[0] = 0xef
        #expect(throws: TransportError.self) { try TransportObfuscation(tag: tag, datacenterId: nil, random: bad) }
        for word: [UInt8] in [Array("HEAD".utf8), Array("POST".utf8), Array("GET ".utf8), Array("OPTI".utf8),
                              [0x16, 0x03, 0x01, 0x02], [0xdd, 0xdd, 0xdd, 0xdd], [0xee, 0xee, 0xee, 0xee]] {
            bad = random
            bad.replaceSubrange(0..<4, with: word)
            #expect(throws: TransportError.self) { try TransportObfuscation(tag: tag, datacenterId: nil, random: bad) }
        }
        bad = random
        bad.replaceSubrange(4..<8, with: [0, 0, 0, 0])
        #expect(throws: TransportError.self) { try TransportObfuscation(tag: tag, datacenterId: nil, random: bad) }
        #expect(throws: TransportError.self) { try TransportObfuscation(tag: [0xef], datacenterId: nil) }
        #expect(throws: TransportError.self) { try TransportObfuscation(tag: tag, datacenterId: nil, random: [1, 2, 3]) }
        for _ in 0..<500 {
            let drawn = try TransportObfuscation(tag: tag, datacenterId: 2)
            #expect(TransportObfuscation.isAcceptable(drawn.initPayload))
        }
    }
}
