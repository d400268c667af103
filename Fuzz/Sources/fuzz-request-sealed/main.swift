import Cryptography
import Formats
import FuzzSupport
import RequestChannel

/// A request file in `requests/pending/<id>/` or an ack, as main and the extensions open them:
/// `RequestCodec.decode` of arbitrary bytes (magic, version, AES-GCM under the device key).
/// Properties: only a file sealed under this device's key for exactly this role and id opens
/// (never under another device's key, another id, or as the other role); what opens survives
/// the codec's re-encoding; its JSON names no key twice.
let codec = RequestCodec(deviceKey: FixedKeys.deviceKey)
let foreignCodec = RequestCodec(deviceKey: FixedKeys.otherDeviceKey)
let forger = SealedFileForger(deviceKey: FixedKeys.deviceKey, purpose: "requests", magic: "TGRQ")
let id = "0000018bcfe56800" + "0123456789abcdef"
let otherId = "0000018bcfe56800" + "0123456789abcdee"

func check<T: Codable & Equatable>(_ type: T.Type, role: String, otherRole: String, _ input: [UInt8]) {
    guard let value = try? codec.decode(T.self, from: input, role: role, id: id) else { return }
    invariant((try? codec.decode(T.self, from: input, role: otherRole, id: id)) == nil, "a \(role) file opened as \(otherRole)")
    invariant((try? codec.decode(T.self, from: input, role: role, id: otherId)) == nil, "a \(role) file opened under another id")
    invariant((try? foreignCodec.decode(T.self, from: input, role: role, id: id)) == nil, "a \(role) file opened with another device's key")
    guard let json = forger.open(input, context: "\(role)/\(id)") else { violated("RequestCodec opened a \(role) file the GCM reference does not: \(describe(input))") }
    checkNoDuplicateKeys(json, "RequestCodec.decode(\(T.self))")
    checkJSONRoundTrip(value, "\(T.self) through RequestCodec", input: json) { _ in
        let resealed = try codec.encode(value, role: role, id: id)
        return try codec.decode(T.self, from: resealed, role: role, id: id)
    }
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    let input = fuzzBytes(start, count)
    check(AppRequest.self, role: "request", otherRole: "ack", input)
    check(RequestAck.self, role: "ack", otherRole: "request", input)
    return 0
}

@_cdecl("LLVMFuzzerInitialize")
public func initialize(_ argc: UnsafeMutableRawPointer, _ argv: UnsafeMutableRawPointer) -> CInt {
    Seeds.writeIfRequested {
        let send = AppRequest(id: id, accountId: 7_000_000_001, origin: "share", createdAt: 1_700_000_000,
                              action: .sendMessage(peerId: 1_000_000, text: "See you at 6", attachments: [
                                  RequestAttachment(displayName: "photo.png", kind: "image", mimeType: "image/png", size: 1234, fileName: "0-photo.png")]))
        let request = try! codec.encode(send, role: "request", id: id)
        let ack = try! codec.encode(RequestAck(id: id, status: .applied, result: ["messageId": "12"]), role: "ack", id: id)
        var badVersion = request
        badVersion[4] = 2
        var flipped = request
        flipped[flipped.count / 2] ^= 0x10
        return [
            ("request", request),
            ("ack", ack),
            ("request-other-id", try! codec.encode(send, role: "request", id: otherId)),
            ("request-foreign-key", try! foreignCodec.encode(send, role: "request", id: id)),
            ("bad-version", badVersion),
            ("tampered", flipped),
            ("truncated", Array(request.prefix(20))),
            ("magic-only", Array("TGRQ".utf8)),
            ("duplicate-key-ack", forger.seal(Array(#"{"id":"x","status":"applied","status":"rejected","result":{}}"#.utf8), context: "ack/\(id)")),
        ]
    }
    return 0
}
