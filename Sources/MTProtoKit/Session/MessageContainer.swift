import TLSerialization

/// msg_container for what the client sends (core.telegram.org/mtproto/service_messages#simple-container):
/// requests that wait to go at the same moment travel in one encrypted packet, as MTProtoKit's
/// and Telethon's message packers send them. The container's own msg_id is newer than every
/// message inside it, and its seqno is not content-related.
enum MessageContainer {
    /// Telethon's MessagePacker limits: at most 100 messages, and a body well under the 1 MiB
    /// a server takes in one message.
    static let maximumMessages = 100
    static let maximumBytes = 1_044_448

    struct Message {
        let messageId: Int64
        let seqno: Int32
        let body: [UInt8]
    }

    static func encode(_ messages: [Message]) -> [UInt8] {
        var writer = TLWriter()
        writer.writeUInt32(ServiceMessage.Constructor.container)
        writer.writeInt32(Int32(messages.count))
        for message in messages {
            writer.writeInt64(message.messageId)
            writer.writeInt32(message.seqno)
            writer.writeInt32(Int32(message.body.count))
            writer.writeRaw(message.body)
        }
        return writer.bytes
    }

    /// Splits bodies, in order, into groups that each fit one container (a body too large for
    /// any container goes alone).
    static func batches<T>(_ items: [T], bodySize: (T) -> Int) -> [[T]] {
        var batches: [[T]] = []
        var current: [T] = []
        var bytes = 8
        for item in items {
            let size = 16 + bodySize(item)
            if !current.isEmpty && (current.count == maximumMessages || bytes + size > maximumBytes) {
                batches.append(current)
                current = []
                bytes = 8
            }
            current.append(item)
            bytes += size
        }
        if !current.isEmpty { batches.append(current) }
        return batches
    }
}
