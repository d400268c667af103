@testable import MTProtoKit
import TLSerialization
import TestSupport
import Testing

@Suite("MTProto session parts")
struct SessionPartsTests {
    @Test func messageIdsRiseAndAreDivisibleByFour() async throws {
        try await onOwnThread { () throws -> Void in
            var clock = MessageIdClock()
            var last: Int64 = 0
            for _ in 0..<10_000 {
                let id = clock.next()
                #expect(id % 4 == 0)
                #expect(id > last)
                last = id
            }
            let seconds = MessageIdClock.realtimeNanoseconds() / 1_000_000_000
            #expect(abs((last >> 32) - seconds) <= 1)
        }
    }

    @Test func messageIdsFollowTheServersClock() async throws {
        try await onOwnThread { () throws -> Void in
            var clock = MessageIdClock()
            let now = MessageIdClock.realtimeNanoseconds() / 1_000_000_000
            // A server an hour ahead: its msg_id's high half is its unixtime.
            clock.synchronise(withServerMessageId: (now + 3600) << 32 | 1)
            #expect(abs(clock.timeOffset - 3600) <= 1)
            #expect(abs((clock.next() >> 32) - (now + 3600)) <= 1)
        }
    }

    @Test func sequenceNumbersCountContentRelatedMessages() async throws {
        try await onOwnThread { () throws -> Void in
            var sequence = SequenceNumbers()
            #expect(sequence.next(contentRelated: true) == 1)
            #expect(sequence.next(contentRelated: false) == 2)
            #expect(sequence.next(contentRelated: true) == 3)
            #expect(sequence.next(contentRelated: true) == 5)
            #expect(sequence.next(contentRelated: false) == 6)
        }
    }

    @Test func replayWindowRefusesDuplicatesAndTheTooOld() async throws {
        try await onOwnThread { () throws -> Void in
            var window = ReplayWindow()
            #expect(window.admit(101) == .fresh)
            #expect(window.admit(101) == .duplicate)
            for id in 1000..<(1000 + Int64(ReplayWindow.capacity) + 10) { #expect(window.admit(id * 4 + 1) == .fresh) }
            // 101 and the oldest of the later ids have left the window: they are refused as too old.
            #expect(window.admit(101) == .tooOld)
            #expect(window.admit(1000 * 4 + 1) == .tooOld)
        }
    }

    @Test func rpcErrorsTellFloodWaitAndMigration() async throws {
        try await onOwnThread { () throws -> Void in
            #expect(RPCError(code: 420, message: "FLOOD_WAIT_7").floodWaitSeconds == 7)
            #expect(RPCError(code: 420, message: "FLOOD_PREMIUM_WAIT_3").floodWaitSeconds == 3)
            #expect(RPCError(code: 400, message: "FLOOD_WAIT_7").floodWaitSeconds == nil)
            #expect(RPCError(code: 420, message: "FLOOD_WAIT_X").floodWaitSeconds == nil)
            #expect(RPCError(code: 303, message: "PHONE_MIGRATE_4").migrateDatacenter == 4)
            #expect(RPCError(code: 303, message: "FILE_MIGRATE_5").migrateDatacenter == 5)
            #expect(RPCError(code: 303, message: "SEE_OTHER").migrateDatacenter == nil)
        }
    }

    @Test func addressesParse() async throws {
        try await onOwnThread { () throws -> Void in
            #expect(DatacenterAddress(parsing: "127.0.0.1:443") == DatacenterAddress(host: "127.0.0.1", port: 443))
            #expect(DatacenterAddress(parsing: "[::1]:8443") == DatacenterAddress(host: "::1", port: 8443))
            #expect(DatacenterAddress(parsing: "[::1]:8443")?.description == "[::1]:8443")
            for bad in ["127.0.0.1", "127.0.0.1:0", "127.0.0.1:70000", ":443", "::1:443", "host:", "[::1]443"] {
                #expect(DatacenterAddress(parsing: bad) == nil, "\(bad)")
            }
        }
    }

    @Test func authInfoRoundTripsAndRefusesAnythingElse() async throws {
        try await onOwnThread { () throws -> Void in
            let key = try #require(AuthKey(bytes: (0..<256).map { UInt8($0) }))
            let info = DatacenterAuthInfo(authKey: key, serverSalt: -5, timeOffset: 42)
            let bytes = info.encoded()
            #expect(DatacenterAuthInfo(encoded: bytes) == info)
            for cut in 0..<bytes.count { #expect(DatacenterAuthInfo(encoded: Array(bytes[..<cut])) == nil) }
            #expect(DatacenterAuthInfo(encoded: bytes + [0]) == nil)
            var otherVersion = bytes
            otherVersion[4] = 2
            #expect(DatacenterAuthInfo(encoded: otherVersion) == nil)
        }
    }

    @Test func serviceMessagesParse() async throws {
        try await onOwnThread { () throws -> Void in
            var writer = TLWriter()
            writer.writeUInt32(ServiceMessage.Constructor.rpcResult)
            writer.writeInt64(77)
            writer.writeUInt32(ServiceMessage.Constructor.rpcError)
            writer.writeInt32(420)
            writer.writeString("FLOOD_WAIT_3")
            #expect(try ServiceMessage.parse(writer.bytes) == .rpcResult(requestMessageId: 77, result: .error(code: 420, message: "FLOOD_WAIT_3")))

            let ack = MTProtoSession.msgsAck([1, 2, 3])
            #expect(try ServiceMessage.parse(ack) == .acknowledged([1, 2, 3]))

            // A container of an ack and a pong.
            var pong = TLWriter()
            pong.writeUInt32(ServiceMessage.Constructor.pong)
            pong.writeInt64(9)
            pong.writeInt64(10)
            var container = TLWriter()
            container.writeUInt32(ServiceMessage.Constructor.container)
            container.writeInt32(2)
            for (id, body) in [(Int64(5), ack), (Int64(9), pong.bytes)] {
                container.writeInt64(id)
                container.writeInt32(1)
                container.writeInt32(Int32(body.count))
                container.writeRaw(body)
            }
            let parsed = try ServiceMessage.parse(container.bytes)
            #expect(parsed == .container([.init(messageId: 5, seqno: 1, body: ack), .init(messageId: 9, seqno: 1, body: pong.bytes)]))
            // A container inside a container is refused; so is every cut of the container.
            #expect(throws: (any Error).self) { try ServiceMessage.parse(container.bytes, insideContainer: true) }
            for cut in 4..<container.bytes.count {
                #expect(throws: (any Error).self) { try ServiceMessage.parse(Array(container.bytes[..<cut])) }
            }
            // A container claiming more messages than its bytes can hold is refused before allocating.
            var huge = TLWriter()
            huge.writeUInt32(ServiceMessage.Constructor.container)
            huge.writeInt32(Int32.max)
            #expect(throws: (any Error).self) { try ServiceMessage.parse(huge.bytes) }
        }
    }

    @Test func gzipPackedResultsAreUnpacked() async throws {
        try await onOwnThread { () throws -> Void in
            var inner = TLWriter()
            inner.writeUInt32(0x1234_5678)
            inner.writeString(String(repeating: "compressible ", count: 200))
            var writer = TLWriter()
            writer.writeUInt32(ServiceMessage.Constructor.rpcResult)
            writer.writeInt64(5)
            writer.writeUInt32(TLConstructor.gzipPacked)
            writer.writeBytes(TLGzip.pack(inner.bytes))
            #expect(try ServiceMessage.parse(writer.bytes) == .rpcResult(requestMessageId: 5, result: .value(inner.bytes)))
        }
    }
}
