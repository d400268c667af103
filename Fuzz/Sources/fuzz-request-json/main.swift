import Cryptography
import Formats
import FuzzSupport
import RequestChannel

/// The JSON inside a request file or an ack (`AppRequest`, `RequestAck`): the input is the
/// content, sealed here under the device key as any process in the container could seal it, then
/// opened and decoded by `RequestCodec.decode`, as main's request processor does.
/// Properties: JSON naming a key twice is refused; what decodes survives the codec's re-encoding.
let codec = RequestCodec(deviceKey: FixedKeys.deviceKey)
let forger = SealedFileForger(deviceKey: FixedKeys.deviceKey, purpose: "requests", magic: "TGRQ")
let id = "0000018bcfe56800" + "0123456789abcdef"

func check<T: Codable & Equatable>(_ type: T.Type, role: String, _ json: [UInt8]) {
    let file = forger.seal(json, context: "\(role)/\(id)")
    guard let value = try? codec.decode(T.self, from: file, role: role, id: id) else { return }
    checkNoDuplicateKeys(json, "RequestCodec.decode(\(T.self))")
    checkJSONRoundTrip(value, "\(T.self) through RequestCodec", input: json) { _ in
        try codec.decode(T.self, from: try codec.encode(value, role: role, id: id), role: role, id: id)
    }
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    let json = fuzzBytes(start, count)
    check(AppRequest.self, role: "request", json)
    check(RequestAck.self, role: "ack", json)
    return 0
}

@_cdecl("LLVMFuzzerInitialize")
public func initialize(_ argc: UnsafeMutableRawPointer, _ argv: UnsafeMutableRawPointer) -> CInt {
    Seeds.writeIfRequested {
        let encoder = JSONEncoderSorted()
        func request(_ action: RequestAction) -> [UInt8] {
            encoder.encode(AppRequest(id: id, accountId: 7_000_000_001, origin: "siri", createdAt: 1_700_000_000, action: action))
        }
        return [
            ("send.json", request(.sendMessage(peerId: 1_000_000, text: "Hi ✓", attachments: [
                RequestAttachment(displayName: "a.pdf", kind: "document", mimeType: "application/pdf", size: 10, fileName: "0-a.pdf")]))),
            ("read.json", request(.setMessageRead(peerId: -5, messageId: 7, read: true))),
            ("call.json", request(.recordCall(peerId: 1_000_001, isVideo: false))),
            ("open.json", request(.openURL("tg://resolve?domain=durov"))),
            ("command.json", request(.appOperation(OperationEnvelope(name: "setPasscode", version: 1, body: "{\"setPasscode\":{\"_0\":\"1234\"}}")))),
            ("ack-applied.json", encoder.encode(RequestAck(id: id, status: .applied, result: ["messageId": "12"]))),
            ("ack-rejected.json", encoder.encode(RequestAck(id: id, status: .rejected, detail: "unknown chat"))),
            ("two-actions.json", Array(#"{"version":1,"id":"x","accountId":"1","origin":"share","createdAt":0,"action":{"openURL":{"_0":"a"},"recordCall":{"peerId":1,"isVideo":true}}}"#.utf8)),
            ("duplicate-key.json", Array(#"{"id":"x","status":"applied","status":"rejected","result":{}}"#.utf8)),
        ]
    }
    return 0
}
