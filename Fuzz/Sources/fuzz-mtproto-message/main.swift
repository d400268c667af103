import FuzzSupport
import MTProtoKit

/// What arrives on an MTProto connection: SessionCrypto.decrypt (the encrypted message: its key
/// id, msg_key, length and padding checks) and ServiceMessage.parse (a decrypted body: rpc_result,
/// msg_container, gzip_packed and the service messages) on the same bytes.
/// Properties: nothing traps or reads past the input; a forged message never decrypts (the input
/// carries no valid msg_key); what encrypt seals with the input as its body opens to that body; a
/// container's messages lie within the input, at most ServiceMessage.containerLimit of them.
let authKey = (0..<256).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ 7) }

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    let input = fuzzBytes(start, count)
    _ = try? SessionCrypto.decrypt(authKey: authKey, packet: input)

    let body = Array(input.prefix(input.count & ~3))
    let sealed = SessionCrypto.encrypt(authKey: authKey, salt: 1, sessionId: 2, messageId: 3 << 32 | 1, seqno: 1, body: body,
                                       direction: .serverToClient)
    let opened = try? SessionCrypto.decrypt(authKey: authKey, packet: sealed)
    invariant(opened?.body == body && opened?.sessionId == 2, "a sealed message does not open to its body: \(describe(body))")

    if let parsed = try? ServiceMessage.parse(input), case .container(let messages) = parsed {
        invariant(messages.count <= ServiceMessage.containerLimit, "\(messages.count) messages in a container")
        invariant(messages.reduce(0) { $0 + 16 + $1.body.count } + 8 <= input.count, "a container's messages run past its bytes")
    }
    return 0
}
