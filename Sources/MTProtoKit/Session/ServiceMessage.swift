import TLSerialization

/// An incoming message body as the session sees it: MTProto's service messages, parsed here
/// (rpc_result, msg_container and gzip_packed carry `Object`s no generated type can describe),
/// and anything else (updates, for the account layer) left as bytes. MTProtoKit's
/// MTInternalMessageParser does the same job. Public for the fuzzing harness.
public enum ServiceMessage: Equatable, Sendable {
    public struct Inner: Equatable, Sendable {
        public let messageId: Int64
        public let seqno: Int32
        public let body: [UInt8]
    }

    case rpcResult(requestMessageId: Int64, result: RPCResult)
    case container([Inner])
    case acknowledged([Int64])
    case badServerSalt(badMessageId: Int64, newSalt: Int64)
    case badMessage(badMessageId: Int64, code: Int32)
    case newSessionCreated(firstMessageId: Int64, serverSalt: Int64)
    case pong(messageId: Int64, pingId: Int64)
    /// msg_detailed_info / msg_new_detailed_info: an answer the server already has; acknowledged.
    case detailedInfo(answerMessageId: Int64)
    case futureSalts(requestMessageId: Int64)
    /// Any other constructor (updates, msgs_state_info…): the body, unwrapped from gzip_packed.
    case other(constructor: UInt32, body: [UInt8])

    public enum RPCResult: Equatable, Sendable {
        case value([UInt8])
        case error(code: Int32, message: String)
    }

    enum Constructor {
        static let rpcResult: UInt32 = 0xf35c_6d01
        static let rpcError: UInt32 = 0x2144_ca19
        static let container: UInt32 = 0x73f1_f8dc
        static let msgsAck: UInt32 = 0x62d6_b459
        static let badMsgNotification: UInt32 = 0xa7ef_f811
        static let badServerSalt: UInt32 = 0xedab_447b
        static let newSessionCreated: UInt32 = 0x9ec2_0908
        static let pong: UInt32 = 0x3477_73c5
        static let msgDetailedInfo: UInt32 = 0x276d_3ec6
        static let msgNewDetailedInfo: UInt32 = 0x809d_b6df
        static let futureSalts: UInt32 = 0xae50_0895
    }

    /// Unpacked bodies larger than this are refused (a gzip bomb from a hostile server).
    public static let unpackedLimit = 16 << 20
    /// A container inside a container is not allowed; neither are more messages than 1,024.
    public static let containerLimit = 1024

    public static func parse(_ body: [UInt8], insideContainer: Bool = false) throws -> ServiceMessage {
        var reader = TLReader(body)
        let constructor = try reader.readUInt32()
        switch constructor {
        case TLConstructor.gzipPacked:
            return try parse(try TLGzip.unpack(try reader.readBytes(), limit: unpackedLimit), insideContainer: insideContainer)
        case Constructor.rpcResult:
            let request = try reader.readInt64()
            var result = Array(body[reader.position...])
            var inner = TLReader(result)
            var resultConstructor = try inner.readUInt32()
            if resultConstructor == TLConstructor.gzipPacked {
                result = try TLGzip.unpack(try inner.readBytes(), limit: unpackedLimit)
                inner = TLReader(result)
                resultConstructor = try inner.readUInt32()
            }
            if resultConstructor == Constructor.rpcError {
                let code = try inner.readInt32()
                let message = try inner.readString()
                return .rpcResult(requestMessageId: request, result: .error(code: code, message: message))
            }
            return .rpcResult(requestMessageId: request, result: .value(result))
        case Constructor.container:
            guard !insideContainer else { throw TLError.nestingTooDeep }
            let count = try reader.readInt32()
            guard count >= 0, Int(count) <= containerLimit, Int(count) * 16 <= reader.remaining else {
                throw ServiceMessageError.badContainer("\(count) messages in \(reader.remaining) bytes")
            }
            var messages: [Inner] = []
            messages.reserveCapacity(Int(count))
            for _ in 0..<count {
                let id = try reader.readInt64()
                let seqno = try reader.readInt32()
                let length = try reader.readInt32()
                guard length >= 4, length % 4 == 0, Int(length) <= reader.remaining else {
                    throw ServiceMessageError.badContainer("an inner message of \(length) bytes with \(reader.remaining) left")
                }
                messages.append(Inner(messageId: id, seqno: seqno, body: try reader.readRaw(count: Int(length))))
            }
            return .container(messages)
        case Constructor.msgsAck:
            guard try reader.readUInt32() == TLConstructor.vector else { throw ServiceMessageError.badVector }
            let count = try reader.readInt32()
            guard count >= 0, Int(count) * 8 <= reader.remaining else { throw ServiceMessageError.badVector }
            return .acknowledged(try (0..<count).map { _ in try reader.readInt64() })
        case Constructor.badServerSalt:
            let bad = try reader.readInt64()
            _ = try reader.readInt32()
            _ = try reader.readInt32()
            return .badServerSalt(badMessageId: bad, newSalt: try reader.readInt64())
        case Constructor.badMsgNotification:
            let bad = try reader.readInt64()
            _ = try reader.readInt32()
            return .badMessage(badMessageId: bad, code: try reader.readInt32())
        case Constructor.newSessionCreated:
            let first = try reader.readInt64()
            _ = try reader.readInt64()
            return .newSessionCreated(firstMessageId: first, serverSalt: try reader.readInt64())
        case Constructor.pong:
            let id = try reader.readInt64()
            return .pong(messageId: id, pingId: try reader.readInt64())
        case Constructor.msgDetailedInfo:
            _ = try reader.readInt64()
            return .detailedInfo(answerMessageId: try reader.readInt64())
        case Constructor.msgNewDetailedInfo:
            return .detailedInfo(answerMessageId: try reader.readInt64())
        case Constructor.futureSalts:
            return .futureSalts(requestMessageId: try reader.readInt64())
        default:
            return .other(constructor: constructor, body: body)
        }
    }
}

enum ServiceMessageError: Error, CustomStringConvertible {
    case badContainer(String)
    case badVector

    var description: String {
        switch self {
        case .badContainer(let reason): "malformed msg_container: \(reason)"
        case .badVector: "malformed msgs_ack vector"
        }
    }
}
