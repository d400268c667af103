import Cryptography
import Formats
import FuzzSupport

/// The decrypted push JSON (`NotificationPayload`), reached the way notify-service reaches it:
/// the input is the message, encrypted with the shipped cipher, decrypted, then parsed.
/// Properties: decrypt(encrypt(m)) == m for every message; JSON naming a key twice is refused;
/// a parsed payload survives re-encoding (what notify-service reads is what a server could send).
let cipher = try! NotificationPayloadCipher(secret: FixedKeys.notificationSecret)

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    let message = fuzzBytes(start, count)
    let sealed = cipher.encrypt(message, padding: ReferencePushCipher.padding(forMessageCount: message.count))
    let opened: [UInt8]
    do { opened = try cipher.decrypt(sealed) } catch {
        violated("decrypt(encrypt(m)) failed (\(error)) for m = \(describe(message))")
    }
    invariant(opened == message, "decrypt(encrypt(m)) != m for m = \(describe(message))")
    guard let payload = NotificationPayload.decode(opened) else { return 0 }
    checkNoDuplicateKeys(message, "NotificationPayload.decode")
    checkJSONRoundTrip(payload, "NotificationPayload", input: message) {
        guard let again = NotificationPayload.decode($0) else { throw Undecodable() }
        return again
    }
    _ = payload.deletedMessageIds
    return 0
}

struct Undecodable: Error {}

@_cdecl("LLVMFuzzerInitialize")
public func initialize(_ argc: UnsafeMutableRawPointer, _ argv: UnsafeMutableRawPointer) -> CInt {
    Seeds.writeIfRequested {
        [
            ("message.json", #"{"loc-key":"MESSAGE_TEXT","loc-args":["Ada Lovelace","See you at 6"],"from_id":"1000000","msg_id":"42","aps":{"alert":{"title":"Ada","body":"See you at 6"},"badge":3,"thread-id":"1000000","sound":"0.m4a","mutable-content":1}}"#),
            ("group.json", #"{"loc-key":"CHAT_MESSAGE_TEXT","loc-args":["Ada","Team","Hi"],"chat_id":"777","msg_id":"5","topic_title":"News","topic_id":"3","silent":"1"}"#),
            ("channel.json", #"{"loc-key":"CHANNEL_MESSAGE_TEXT","channel_id":"1234567890","msg_id":"9"}"#),
            ("secret.json", #"{"loc-key":"MESSAGE_TEXT","encryption_id":"55","msg_id":"1"}"#),
            ("deleted.json", #"{"loc-key":"MESSAGE_DELETED","from_id":"1000000","messages":"1, 2,3,x,99999999999"}"#),
            ("read.json", #"{"loc-key":"READ_HISTORY","from_id":"1000000","max_id":"40"}"#),
            ("revoke.json", #"{"loc-key":"SESSION_REVOKE"}"#),
            ("wrong-types.json", #"{"loc-key":5,"loc-args":"x","from_id":1000000,"aps":{"alert":7,"badge":"3"}}"#),
            ("alert-string.json", #"{"aps":{"alert":"Hello"}}"#),
            ("duplicate-from.json", #"{"loc-key":"MESSAGE_TEXT","from_id":"1","from_id":"2"}"#),
        ].map { ($0.0, Array($0.1.utf8)) }
    }
    return 0
}
