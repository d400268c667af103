import Formats
import FuzzSupport

/// The push as it reaches notify-service (`{"aps": …, "p": "<base64url>"}`, from the push server
/// through APNs): `PushEnvelope.parse`, then `payloadBytes()`.
/// Properties: JSON naming a key twice is refused; a parsed envelope survives re-encoding; a `p`
/// that decodes is canonical base64url (so one payload has one spelling).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    let input = fuzzBytes(start, count)
    guard let envelope = try? PushEnvelope.parse(input) else { return 0 }
    checkNoDuplicateKeys(input, "PushEnvelope.parse")
    checkJSONRoundTrip(envelope, "PushEnvelope", input: input) { try PushEnvelope.parse($0) }
    if let p = envelope.p, let bytes = try? envelope.payloadBytes() {
        invariant(Base64URL.encode(bytes) == p, "payloadBytes() decoded non-canonical base64url \"\(p)\"")
    }
    return 0
}

@_cdecl("LLVMFuzzerInitialize")
public func initialize(_ argc: UnsafeMutableRawPointer, _ argv: UnsafeMutableRawPointer) -> CInt {
    Seeds.writeIfRequested {
        let p = Base64URL.encode(FixedKeys.pattern(count: 72, seed: 9))
        return [
            ("alert-object.json", #"{"aps":{"alert":{"title":"Ada","subtitle":"Group","body":"See you at 6"},"mutable-content":1,"sound":"0.m4a","badge":3,"thread-id":"1000000","category":"r"},"p":"\#(p)"}"#),
            ("alert-string.json", #"{"aps":{"alert":"You have a new message"},"p":"\#(p)"}"#),
            ("no-p.json", #"{"aps":{"alert":"Hello"}}"#),
            ("p-number.json", #"{"p":12,"aps":5}"#),
            ("p-not-base64.json", #"{"p":"%%%"}"#),
            ("p-padded.json", #"{"p":"AAE="}"#),
            ("escaped.json", #"{"aps":{"alert":{"body":"\u0041\ud83d\ude00\n"}},"p":"AAEC"}"#),
            ("duplicate-p.json", #"{"p":"AAEC","p":"AAED"}"#),
        ].map { ($0.0, Array($0.1.utf8)) }
    }
    return 0
}
