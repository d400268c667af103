import Formats
import Storage

/// One push as `main push --json` reports it: the push exactly as the device receives it, and
/// what it was made from.
public struct ComposedPush: Codable, Sendable {
    public let push: PushEnvelope
    public let accountId: String
    public let peerId: Int64
    public let messageId: Int32?
    public let kind: PushKind
    public let keyId: String
}
