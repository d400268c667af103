import Cryptography
import Foundation
import Testing
import TestSupport
@testable import MTProtoKit

/// MTProto 2.0 encrypted messages (SessionCrypto over MTProtoEnvelope, the KDF the push payload
/// shares) against Telethon's MTProtoState, and every refusal on hostile input.
@Suite("crypto: encrypted messages")
struct CryptoMessageTests {
    static func key(seed: UInt64 = 35) -> [UInt8] {
        var rng = SeededGenerator(seed: seed)
        return rng.bytes(256)
    }

    /// Telethon decrypts what Swift sends (x = 0) and encrypts what the server would (x = 8).
    static let telethonScript = #"""
import json, sys
from hashlib import sha1, sha256
from telethon.crypto import AES
from telethon.network.mtprotostate import MTProtoState
d = json.load(open(sys.argv[1]))
key = bytes.fromhex(d['key'])
packet = bytes.fromhex(d['client_packet'])
msg_key = packet[8:24]
aes_key, aes_iv = MTProtoState._calc_key(key, msg_key, True)
plain = AES.decrypt_ige(packet[24:], aes_key, aes_iv)
ok = packet[:8] == sha1(key).digest()[12:20] and sha256(key[88:120] + plain).digest()[8:24] == msg_key
server_plain = bytes.fromhex(d['server_plain'])
server_key = sha256(key[96:128] + server_plain).digest()[8:24]
k, iv = MTProtoState._calc_key(key, server_key, False)
print(json.dumps({'plain': plain.hex(), 'ok': ok,
                  'server_packet': (sha1(key).digest()[12:20] + server_key + AES.encrypt_ige(server_plain, k, iv)).hex()}))
"""#

    static func plaintext(salt: Int64, sessionId: Int64, messageId: Int64, seqno: Int32, body: [UInt8], padding: [UInt8]) -> [UInt8] {
        var out: [UInt8] = []
        for value in [salt, sessionId, messageId] { withUnsafeBytes(of: value.littleEndian) { out += $0 } }
        withUnsafeBytes(of: seqno.littleEndian) { out += $0 }
        withUnsafeBytes(of: Int32(body.count).littleEndian) { out += $0 }
        return out + body + padding
    }

    @Test func bothDirectionsMatchTelethon() async throws {
        try await onOwnThread { () throws -> Void in
            let key = Self.key()
            var rng = SeededGenerator(seed: 7)
            let body = rng.bytes(52)
            let padding = rng.bytes(28)  // 32 + 52 + 28 = 112
            let packet = SessionCrypto.encrypt(authKey: key, salt: 0x1122334455667788, sessionId: -42, messageId: 0x6500_0000_0000_0004,
                                               seqno: 3, body: body, padding: padding)
            let expected = Self.plaintext(salt: 0x1122334455667788, sessionId: -42, messageId: 0x6500_0000_0000_0004, seqno: 3,
                                          body: body, padding: padding)
            let serverBody = rng.bytes(40)
            let serverPlain = Self.plaintext(salt: 9, sessionId: -42, messageId: 0x6500_0000_0000_0001, seqno: 1,
                                             body: serverBody, padding: rng.bytes(24))  // 32 + 40 + 24 = 96
            let answer = try CryptoPythonOracle.run(Self.telethonScript, input: [
                "key": key.hex, "client_packet": packet.hex, "server_plain": serverPlain.hex,
            ])
            #expect(answer["ok"] as? Bool == true, "Telethon's msg_key or auth_key_id differs")
            #expect(try CryptoPythonOracle.hex(answer, "plain") == expected)
            let decrypted = try SessionCrypto.decrypt(authKey: key, packet: try CryptoPythonOracle.hex(answer, "server_packet"))
            #expect(decrypted == SessionCrypto.Plaintext(salt: 9, sessionId: -42, messageId: 0x6500_0000_0000_0001, seqno: 1, body: serverBody))
        }
    }

    @Test func roundTripsWithRandomPaddingWithinBounds() async throws {
        try await onOwnThread { () throws -> Void in
            let key = Self.key(seed: 1)
            var rng = SeededGenerator(seed: 2)
            for length in stride(from: 0, through: 400, by: 4) {
                let body = rng.bytes(length)
                let packet = SessionCrypto.encrypt(authKey: key, salt: 1, sessionId: 2, messageId: 4, seqno: 5, body: body,
                                                   direction: .serverToClient)
                let padding = packet.count - 24 - 32 - length
                #expect((12...1024).contains(padding) && packet.count % 16 == 8)
                #expect(try SessionCrypto.decrypt(authKey: key, packet: packet).body == body)
            }
        }
    }

    /// A message sealed correctly around a plaintext the test chooses: the checks after msg_key.
    static func sealed(_ plaintext: [UInt8], key: [UInt8]) -> [UInt8] {
        MTProtoEnvelope.seal(plaintext, authKey: key, keyId: MTProtoEnvelope.keyId(ofAuthKey: key), direction: .serverToClient)
    }

    static func header(length: Int32) -> [UInt8] {
        [UInt8](repeating: 1, count: 28) + withUnsafeBytes(of: length.littleEndian) { Array($0) }
    }

    @Test func hostileMessagesAreRefusedWithTheirReason() async throws {
        try await onOwnThread { () throws -> Void in
            let key = Self.key(seed: 3)
            let good = SessionCrypto.encrypt(authKey: key, salt: 1, sessionId: 2, messageId: 5, seqno: 1, body: [1, 2, 3, 4],
                                             direction: .serverToClient)
            func refusal(_ packet: [UInt8]) -> SessionCrypto.Failure? {
                do { _ = try SessionCrypto.decrypt(authKey: key, packet: packet); return nil } catch { return error }
            }
            #expect(refusal(good) == nil)
            #expect(refusal(Array(good.prefix(39))) == .tooShort(39))
            #expect(refusal([]) == .tooShort(0))
            var otherKey = good
            otherKey[0] ^= 1
            #expect(refusal(otherKey)?.code == "wrongAuthKeyId")
            #expect(refusal(good + [0]) == .badLength(good.count - 23))
            var tampered = good
            tampered[tampered.count - 1] ^= 0x80
            #expect(refusal(tampered) == .wrongMsgKey)
            var otherMsgKey = good
            otherMsgKey[10] ^= 1
            #expect(refusal(otherMsgKey) == .wrongMsgKey)
            // The client's own direction (x = 0) does not open as the server's (x = 8).
            let clientToServer = SessionCrypto.encrypt(authKey: key, salt: 1, sessionId: 2, messageId: 4, seqno: 1, body: [1, 2, 3, 4])
            #expect(refusal(clientToServer) == .wrongMsgKey)

            // Past msg_key: the length field against what the plaintext holds.
            #expect(refusal(Self.sealed(Self.header(length: -4) + [UInt8](repeating: 0, count: 16), key: key)) == .badMessageLength(-4, available: 16))
            #expect(refusal(Self.sealed(Self.header(length: 6) + [UInt8](repeating: 0, count: 32), key: key)) == .badMessageLength(6, available: 32))
            #expect(refusal(Self.sealed(Self.header(length: 0x7fff_fff0) + [UInt8](repeating: 0, count: 16), key: key))
                    == .badMessageLength(0x7fff_fff0, available: 16))
            #expect(refusal(Self.sealed(Self.header(length: 12) + [UInt8](repeating: 0, count: 16), key: key)) == .badPadding(4))
            #expect(refusal(Self.sealed(Self.header(length: 0) + [UInt8](repeating: 0, count: 1040), key: key)) == .badPadding(1040))
            #expect(refusal(Self.sealed(Self.header(length: 0) + [UInt8](repeating: 0, count: 1024), key: key)) == nil)
            #expect(refusal(Self.sealed([UInt8](repeating: 0, count: 16), key: key)) == .badMessageLength(0, available: -16))
        }
    }

    @Test func garbageNeverCrashes() async throws {
        try await onOwnThread { () throws -> Void in
            let key = Self.key(seed: 4)
            let keyId = MTProtoEnvelope.keyId(ofAuthKey: key)
            var rng = SeededGenerator(seed: 5)
            for _ in 0..<3000 {
                let count = Int.random(in: 0...300, using: &rng)
                var packet = rng.bytes(count)
                if count >= 8 && Bool.random(using: &rng) { packet.replaceSubrange(0..<8, with: keyId) }
                #expect(throws: SessionCrypto.Failure.self) { try SessionCrypto.decrypt(authKey: key, packet: packet) }
            }
        }
    }

    @Test func transportErrorMinus404MeansAnUnknownKey() async throws {
        try await onOwnThread { () throws -> Void in
            #expect(SessionCrypto.isUnknownAuthKey(TransportError.serverError(code: -404)))
            #expect(!SessionCrypto.isUnknownAuthKey(TransportError.serverError(code: -429)))
            #expect(!SessionCrypto.isUnknownAuthKey(TransportError.closedByPeer))
            #expect(!SessionCrypto.isUnknownAuthKey(TransportTimeout(seconds: 1)))
        }
    }

    // MARK: AES-256-CTR (the obfuscated transport's stream)

    @Test func aesCTRMatchesNISTAndStreamsAcrossCalls() async throws {
        try await onOwnThread { () throws -> Void in
            // NIST SP 800-38A F.5.5, CTR-AES256.Encrypt: its counter carries across bytes (…feff → …ff00).
            let key = [UInt8](hex: "603deb1015ca71be2b73aef0857d77811f352c073b6108d72d9810a30914dff4")
            let iv = [UInt8](hex: "f0f1f2f3f4f5f6f7f8f9fafbfcfdfeff")
            let plain = [UInt8](hex: "6bc1bee22e409f96e93d7e117393172aae2d8a571e03ac9c9eb76fac45af8e51"
                                 + "30c81c46a35ce411e5fbc1191a0a52eff69f2445df4f9b17ad2b417be66c3710")
            let cipher = [UInt8](hex: "601ec313775789a5b7a7f504bbf3d228f443e3ca4d62b59aca84e990cacaf5c5"
                                  + "2b0930daa23de94ce87017ba2d84988ddfc9c58db67aada613c2dd08457941a6")
            #expect(try AESCTR(key: key, iv: iv).applied(plain) == cipher)
            // The same stream in odd-sized pieces, mid-block included.
            let stream = try AESCTR(key: key, iv: iv)
            var out: [UInt8] = []
            var offset = 0
            for size in [1, 3, 15, 0, 17, 5, 23] {
                out += stream.applied(Array(plain[offset..<min(offset + size, plain.count)]))
                offset = min(offset + size, plain.count)
            }
            out += stream.applied(Array(plain[offset...]))
            #expect(out == cipher)
            #expect(try AESCTR(key: key, iv: iv).applied(cipher) == plain)
            #expect(throws: AESCTR.InvalidInput.self) { try AESCTR(key: Array(key.prefix(16)), iv: iv) }
            #expect(throws: AESCTR.InvalidInput.self) { try AESCTR(key: key, iv: Array(iv.prefix(8))) }
        }
    }
}
