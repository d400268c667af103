import Container
import Storage

/// The account's actions on messages, one place for the interface and the command line: each
/// is one durable Postbox transaction by main (the only writer), checked by Telegram's rules
/// (MessageActionRules), so every process reading the store sees it once it returns.
public struct MessageActions {
    let postbox: Postbox
    /// Unix time (tests set their own).
    let clock: () -> Int32

    public init(postbox: Postbox, clock: @escaping () -> Int32 = { Int32(clamping: Clock.unixTime()) }) {
        self.postbox = postbox
        self.clock = clock
    }

    /// One durable write: the change is on disk before the caller reports it. `durable: false`:
    /// committed only, for a caller that makes it durable itself (Postbox.sync) before it reports it.
    func write<T>(durable: Bool = true, _ body: (PostboxTransaction, _ now: Int32) throws -> T) throws -> T {
        let now = clock()
        return try postbox.transaction(durable: durable) { t in try body(t, now) }
    }

    /// The stored message, or a refusal naming it.
    static func existing(_ id: MessageId, in t: PostboxTransaction) throws -> Message {
        guard let message = try t.message(id) else {
            throw MessageActionRefusal("no message \(id.id) in chat \(id.peerId.toInt64())")
        }
        return message
    }

    /// A chat to write into: it exists and was not deleted.
    static func chat(_ peerId: PeerId, in t: PostboxTransaction) throws -> Peer {
        guard let peer = try t.peer(peerId), !peer.isDeleted else {
            throw MessageActionRefusal("no chat with peer id \(peerId.toInt64())")
        }
        return peer
    }
}

/// An action Telegram's rules do not allow, or that names what is not there; the description
/// says which, for the person.
public struct MessageActionRefusal: Error, CustomStringConvertible, Equatable {
    public let description: String
    public init(_ description: String) { self.description = description }
}
