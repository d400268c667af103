import Foundation
import Testing
@testable import Formats
@testable import Storage

@Suite("Push formats: envelope, base64url, decrypted payload")
struct PushFormatTests {
    @Test func base64URLRoundTripsEveryLengthWithoutPadding() {
        for length in 0..<40 {
            let bytes = (0..<length).map { UInt8(truncatingIfNeeded: $0 &* 37 &+ 251) }
            let text = Base64URL.encode(bytes)
            #expect(!text.contains("=") && !text.contains("+") && !text.contains("/"))
            #expect(Base64URL.decode(text) == bytes)
        }
    }

    @Test func base64URLRejectsWhatIsNotBase64() {
        #expect(Base64URL.decode("ab$d") == nil)
        #expect(Base64URL.decode("a") == nil)
        #expect(Base64URL.decode("ab cd") == nil)
        #expect(Base64URL.decode("") == [])
    }

    @Test func envelopeParsesTheOuterApsAndP() throws {
        let json = #"{"aps":{"alert":{"title":"T","body":"B"},"mutable-content":1,"sound":"0.m4a"},"p":"AAEC"}"#
        let envelope = try PushEnvelope.parse(Array(json.utf8))
        #expect(envelope.aps?.alert == PushAps.Alert(title: "T", body: "B"))
        #expect(envelope.aps?.mutableContent == 1)
        #expect(try envelope.payloadBytes() == [0, 1, 2])
    }

    @Test func envelopeFailuresAreNamed() throws {
        #expect(throws: PushEnvelope.ParseError.notJSONObject) { try PushEnvelope.parse(Array("not json".utf8)) }
        #expect(throws: PushEnvelope.ParseError.notJSONObject) { try PushEnvelope.parse(Array("[1,2]".utf8)) }
        let noP = try PushEnvelope.parse(Array(#"{"aps":{"alert":"Hello"}}"#.utf8))
        #expect(noP.aps?.alert?.body == "Hello")
        #expect(throws: PushEnvelope.ParseError.missingPayload) { try noP.payloadBytes() }
        let numberP = try PushEnvelope.parse(Array(#"{"p":12}"#.utf8))
        #expect(throws: PushEnvelope.ParseError.missingPayload) { try numberP.payloadBytes() }
        let badP = try PushEnvelope.parse(Array(#"{"p":"%%%"}"#.utf8))
        #expect(throws: PushEnvelope.ParseError.payloadNotBase64URL) { try badP.payloadBytes() }
    }

    @Test func alertMayBeAStringOrADictionary() throws {
        let string = try JSONDecoder().decode(PushAps.self, from: Data(#"{"alert":"Hi","thread-id":"5"}"#.utf8))
        #expect(string.alert == PushAps.Alert(body: "Hi"))
        #expect(string.threadId == "5")
        // A field of the wrong type is ignored, as Telegram's `as? String` casts ignore it.
        let odd = try JSONDecoder().decode(PushAps.self, from: Data(#"{"alert":5,"sound":7,"category":"r"}"#.utf8))
        #expect(odd.alert == nil && odd.sound == nil && odd.category == "r")
    }

    @Test func payloadUsesTelegramsKeysAndPeerNamespaces() throws {
        var payload = NotificationPayload(locKey: "MESSAGE_TEXT", msgId: "42", aps: PushAps(threadId: "7"))
        payload.setPeer(PeerId(namespace: .cloudGroup, id: 777))
        let object = try #require(try JSONSerialization.jsonObject(with: Data(payload.encoded())) as? [String: Any])
        #expect(object["loc-key"] as? String == "MESSAGE_TEXT")
        #expect(object["chat_id"] as? String == "777")
        #expect(object["msg_id"] as? String == "42")
        #expect((object["aps"] as? [String: Any])?["thread-id"] as? String == "7")
        #expect(NotificationPayload.decode(try payload.encoded()) == payload)
        #expect(payload.peerId == PeerId(namespace: .cloudGroup, id: 777))

        for (key, namespace) in [("from_id", PeerId.Namespace.cloudUser), ("chat_id", .cloudGroup),
                                 ("channel_id", .cloudChannel), ("encryption_id", .secretChat)] {
            let decoded = try #require(NotificationPayload.decode(Array("{\"\(key)\":\"123456789012\"}".utf8)))
            #expect(decoded.peerId == PeerId(namespace: namespace, id: 123456789012))
        }
        #expect(NotificationPayload.decode(Array(#"{"from_id":"x"}"#.utf8))?.peerId == nil)
        #expect(NotificationPayload.decode(Array(#"{"from_id":5}"#.utf8))?.peerId == nil)
    }

    @Test func deletedIdsPreferMsgIdThenTheList() {
        #expect(NotificationPayload(msgId: "9", messages: "1,2").deletedMessageIds == [9])
        #expect(NotificationPayload(messages: "1, 2,3").deletedMessageIds == [1, 2, 3])
        // Strict: one id that is not a message id voids the list (PushStrictnessTests has more).
        #expect(NotificationPayload(messages: "1, 2,x,3").deletedMessageIds == nil)
        #expect(NotificationPayload().deletedMessageIds == nil)
    }
}
