@testable import ScreencastCall
import Foundation
import Testing
import Container
import BroadcastIPC
import TestSupport

@Suite("Call: heartbeat and extension liveness")
struct CallHeartbeatTests {
    func heartbeat(_ dir: TemporaryDirectory) -> CallHeartbeat {
        CallHeartbeat(id: 7, directory: CoordinationDirectory(path: dir.path), ringPath: dir.sub("0-data-7"))
    }

    @Test func publishWritesThePayloadDescription() throws {
        try withTemporaryDirectory("call") { dir in
            let beat = heartbeat(dir)
            beat.publish(now: 1_700_000_000)
            #expect(beat.directory.readPayloadDescription() == .valid(PayloadDescription(id: 7, timestamp: 1_700_000_000)))
            #expect(beat.writeError == nil)
        }
    }

    @Test func aFreshKeepaliveForOurIdIsActive() throws {
        try withTemporaryDirectory("call") { dir in
            let beat = heartbeat(dir)
            #expect(!beat.liveness.isActive)
            try beat.directory.writeKeepalive(KeepaliveInfo(id: 7, timestamp: 1000))
            #expect(beat.checkExtension(now: 1002), "the verdict changed")
            #expect(beat.liveness == .active)
            #expect(!beat.checkExtension(now: 1002), "unchanged")
        }
    }

    @Test func aKeepaliveOlderThanTwoSecondsIsInactive() throws {
        try withTemporaryDirectory("call") { dir in
            let beat = heartbeat(dir)
            try beat.directory.writeKeepalive(KeepaliveInfo(id: 7, timestamp: 1000))
            beat.checkExtension(now: 1003)
            #expect(beat.liveness == .inactive(reason: "keepalive is 3 s old"))
        }
    }

    @Test func aCorruptKeepaliveIsInactiveWithTheReason() throws {
        try withTemporaryDirectory("call") { dir in
            let beat = heartbeat(dir)
            try writeBytes(Array("{\"id\": 7, \"timest".utf8), to: dir.sub(BroadcastFileNames.keepaliveInfo))
            beat.checkExtension(now: 1000)
            guard case .inactive(let reason) = beat.liveness else { Issue.record("active on a corrupt keepalive"); return }
            #expect(reason.hasPrefix("keepalive unreadable"))
            #expect(CallHeartbeat.text(beat.liveness).hasPrefix("inactive: keepalive unreadable"))
        }
    }

    @Test func aKeepaliveForAnotherCallIsInactive() throws {
        try withTemporaryDirectory("call") { dir in
            let beat = heartbeat(dir)
            try beat.directory.writeKeepalive(KeepaliveInfo(id: 8, timestamp: 1000))
            beat.checkExtension(now: 1000)
            #expect(beat.liveness == .inactive(reason: "keepalive is for another call (8)"))
        }
    }

    @Test func aWriterWhoseProcessIsGoneIsInactiveAtOnce() throws {
        try withTemporaryDirectory("call") { dir in
            let beat = heartbeat(dir)
            let now = Clock.unixTime()
            try beat.directory.writeKeepalive(KeepaliveInfo(id: 7, timestamp: now))
            try CallFixture.ring(beat.ringPath)
            // The ring names a live writer (this process): the keepalive decides.
            _ = try FrameRingWriter(path: beat.ringPath)
            beat.checkExtension(now: now)
            #expect(beat.liveness == .active)
            // A pid above any pid_max: certainly no such process.
            try poke(beat.ringPath, offset: FrameRingLayout.Header.writerPid, Int32(0x7FFF_FFF0))
            beat.checkExtension(now: now)
            #expect(beat.liveness == .inactive(reason: "extension process \(0x7FFF_FFF0) is gone"))
            #expect(ExtensionProcessProbe.isGone(getpid()) == false)
        }
    }
}
