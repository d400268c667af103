import Foundation
import Testing
@testable import Cryptography
@testable import Formats
import TestSupport

/// The push's encodings are read strictly: one text per payload, MTProto 2.0's padding bounds,
/// and message ids that are message ids.
@Suite("push decoding is strict")
struct PushStrictnessTests {
    @Test func base64URLRoundTripsAndIsCanonical() {
        var rng = SeededGenerator(seed: 64)
        for count in 0..<200 {
            let bytes = rng.bytes(count)
            let text = Base64URL.encode(bytes)
            #expect(!text.contains("=") && !text.contains("+") && !text.contains("/"))
            #expect(Base64URL.decode(text) == bytes)
            #expect(Base64URL.encode(bytes) == Data(bytes).base64EncodedString()
                .replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
                .replacingOccurrences(of: "=", with: ""))
        }
    }

    static let notStrict: [String] = [
        "QQ=",   // padding: Telegram's sender never pads
        "QQ==",
        "QUI=",
        "QUJD=", // padding after a whole group
        "Q",     // 1 mod 4 can be no byte string
        "QR",    // the unused low bits of the last character are not zero
        "QUJ",   // likewise ("QUI" is the canonical text of "AB")
        "a+b/",  // standard base64's characters, not base64url's
        "QU JD", "QUJD\n", "QU\u{0}I", "QUJD!",
    ]

    @Test(arguments: notStrict)
    func nonCanonicalTextIsRefused(_ text: String) {
        #expect(Base64URL.decode(text) == nil, "\(text.debugDescription) was accepted")
    }

    @Test(arguments: [0, 4, 11, 1025, 1040, 2048])
    func paddingOutsideMTProtoBoundsIsRefused(_ padding: Int) throws {
        let cipher = try NotificationPayloadCipher(secret: Array(repeating: 7, count: 256))
        // Pad the message itself so the plaintext stays a whole number of blocks.
        var message = Array(#"{"loc_key":"MESSAGE_TEXT"}"#.utf8)
        while (4 + message.count + padding) % 16 != 0 { message.append(0x20) }
        let payload = cipher.encrypt(message, padding: Array(repeating: 0xAB, count: padding))
        #expect(throws: NotificationPayloadCipher.Failure.badPadding(padding)) { try cipher.decrypt(payload) }
        #expect(NotificationPayloadCipher.Failure.badPadding(padding).code == "badPadding")
    }

    @Test(arguments: [12, 13, 27, 1024])
    func paddingWithinBoundsIsAccepted(_ padding: Int) throws {
        let cipher = try NotificationPayloadCipher(secret: Array(repeating: 7, count: 256))
        var message = Array(#"{"loc_key":"MESSAGE_TEXT"}"#.utf8)
        while (4 + message.count + padding) % 16 != 0 { message.append(0x20) }
        let payload = cipher.encrypt(message, padding: Array(repeating: 0xAB, count: padding))
        #expect(try cipher.decrypt(payload) == message)
    }

    @Test func deletionIdsAreAllValidOrNone() {
        func ids(msgId: String? = nil, messages: String? = nil) -> [Int32]? {
            NotificationPayload(locKey: NotificationPayload.LocKey.messageDeleted, msgId: msgId, messages: messages).deletedMessageIds
        }
        #expect(ids(msgId: "5") == [5])
        #expect(ids(messages: "1,2, 3") == [1, 2, 3])
        #expect(ids(msgId: "5", messages: "x") == [5])
        for bad in ["", "x", "1,x", "1,,2", "1,", "-4", "0", "+3", "2147483648", "１", "1 2"] {
            #expect(ids(messages: bad) == nil, "messages \(bad.debugDescription) parsed")
            #expect(ids(msgId: bad) == nil, "msg_id \(bad.debugDescription) parsed")
        }
        #expect(ids() == nil)
    }
}
