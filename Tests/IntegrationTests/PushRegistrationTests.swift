import Foundation
import Testing
import Container
import Cryptography
import Storage
import TestSupport

/// What the app registers with the push server, and that a push made by main decrypts with it
/// exactly as Telegram's server payload would.
@Suite("main push-registration and the push payload")
struct PushRegistrationTests {
    @Test("push-registration --json: a 256-byte secret, its key id, a stable token", .timeLimit(.minutes(5)))
    func registrationFields() async throws {
        try await withSandbox("push-registration") { sandbox in
            let accountId = try await sandbox.login()
            let first = try await sandbox.pushRegistration()
            let second = try await sandbox.pushRegistration(account: accountId)

            #expect(first.accountId == String(accountId))
            #expect(first.tokenType == 1)
            let secret = try #require(first.secretBytes, "secret is not base64: \(first.secret)")
            #expect(secret.count == 256)
            #expect(first.keyId == Hex.encode(Digest.sha1(secret)[12..<20]), "keyId is not SHA-1(secret)[12..<20]")
            #expect(first.keyId.count == 16)
            #expect(first.token.count == 64 && first.token.allSatisfy(\.isHexDigit), "token \(first.token)")
            #expect(first.token == second.token, "the device token changed between calls")
            #expect(first.secret == second.secret && first.keyId == second.keyId, "the secret changed between calls")
            #expect(!first.token.contains(first.keyId))

            // A push names the same key id in its report and in the first 8 bytes of "p".
            try await sandbox.seed(peers: 10, messages: 50)
            let chat = try #require(try await sandbox.chatList().first { $0.kind == "user" })
            let push = try await sandbox.sendPush(peer: chat.peerId, text: "key id check")
            #expect(push.keyId == first.keyId)
            #expect(Hex.encode(push.payload.prefix(8)) == first.keyId)
        }
    }

    @Test("main push's p decrypts with the registered secret to Telegram's payload JSON", .timeLimit(.minutes(5)))
    func payloadDecrypts() async throws {
        try await withSandbox("push-payload") { sandbox in
            let fixture = try await NotifyFixture.make(sandbox)
            let chat = try fixture.chat("user")
            let secret = try #require(try await sandbox.pushRegistration().secretBytes)
            let text = "decrypt me with the secret"
            let line = try await sandbox.sendPushLine(peer: chat.peerId, text: text)
            let envelope = try #require(NotifyPushJSON.object(line), "\(line)")
            let p = try #require(NotifyBase64URL.decode(envelope["p"] as? String ?? ""), "p is not base64url: \(line)")
            #expect(NotifyBase64URL.encode(p) == envelope["p"] as? String, "p is not canonical unpadded base64url")

            let decrypted = try NotificationPayloadCipher(secret: secret).decrypt(p)
            // The test's own MTProto implementation (telegram-internals §5) agrees with the product's.
            #expect(try NotifyPayloadCrypto.decrypt(p, secret: secret) == decrypted, "the spec's decryption disagrees with the product's")
            let json = try #require((try? JSONSerialization.jsonObject(with: Data(decrypted))) as? [String: Any],
                                    "the payload is not a JSON object: \(String(decoding: decrypted, as: UTF8.self))")
            let row = try #require(try await sandbox.chatList().first { $0.peerId == chat.peerId })
            #expect(json["loc-key"] as? String == "MESSAGE_TEXT", "\(json)")
            #expect(json["from_id"] as? String == String(chat.rawId), "\(json)")
            #expect(json["msg_id"] as? String == String(row.topMessageId), "\(json)")
            #expect(json["chat_id"] == nil && json["channel_id"] == nil && json["encryption_id"] == nil, "\(json)")
            let aps = try #require(json["aps"] as? [String: Any], "\(json)")
            let alert = try #require(aps["alert"] as? [String: Any], "\(json)")
            #expect(alert["body"] as? String == text, "\(json)")
            #expect(alert["title"] as? String == chat.title, "\(json)")
            #expect((json["loc-args"] as? [String])?.contains(text) == true, "\(json)")

            // The outer aps carries nothing of it.
            let outer = try #require(envelope["aps"] as? [String: Any])
            let outerText = NotifyPushJSON.line(outer)
            #expect(!outerText.contains(text) && !outerText.contains(chat.title), "outer aps: \(outerText)")
            #expect(outer["mutable-content"] as? Int == 1, "\(outerText)")
        }
    }
}
