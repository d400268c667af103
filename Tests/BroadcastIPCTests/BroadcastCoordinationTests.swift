import Foundation
import Testing
import Container
@testable import BroadcastIPC
import TestSupport

private func jsonObject(_ path: String) throws -> [String: Any] {
    let bytes = try #require(fileBytes(path))
    return try #require(try JSONSerialization.jsonObject(with: Data(bytes)) as? [String: Any])
}

@Suite("Broadcast coordination files")
struct BroadcastCoordinationTests {
    @Test func payloadsRoundTripWithTelegramsKeys() throws {
        try withTemporaryDirectory("bcoord") { dir in
            let coordination = CoordinationDirectory(path: dir.sub("broadcast-coordination"))
            try coordination.create()
            try coordination.writePayloadDescription(PayloadDescription(id: 4_000_000_000, timestamp: 1_700_000_000))
            try coordination.writeKeepalive(KeepaliveInfo(id: 7, timestamp: -5))
            try coordination.writeCutoff(CutoffPayload(id: 8, timestamp: 9))
            try coordination.writeJoinPayload(JoinPayload(id: 1, string: "{\"ufrag\":\"x\"}"))
            try coordination.writeJoinResponse(JoinResponsePayload(id: 2, string: "answer ✓"))

            #expect(coordination.readPayloadDescription() == .valid(PayloadDescription(id: 4_000_000_000, timestamp: 1_700_000_000)))
            #expect(coordination.readKeepalive() == .valid(KeepaliveInfo(id: 7, timestamp: -5)))
            #expect(coordination.readCutoff() == .valid(CutoffPayload(id: 8, timestamp: 9)))
            #expect(coordination.readJoinPayload() == .valid(JoinPayload(id: 1, string: "{\"ufrag\":\"x\"}")))
            #expect(coordination.readJoinResponse() == .valid(JoinResponsePayload(id: 2, string: "answer ✓")))

            let text = String(decoding: try #require(fileBytes(coordination.file("currentPayloadDescription.json"))), as: UTF8.self)
            #expect(text == #"{"id":4000000000,"timestamp":1700000000}"#)
            let join = try jsonObject(coordination.file("joinPayload.json"))
            #expect(Set(join.keys) == ["id", "string"])
            #expect(fileMode(coordination.file("keepaliveInfo.json")) == 0o600)

            coordination.removeKeepalive()
            #expect(coordination.readKeepalive() == .missing)
            coordination.removeKeepalive()
        }
    }

    @Test func readsAreTolerant() throws {
        try withTemporaryDirectory("bcoord") { dir in
            let coordination = CoordinationDirectory(path: dir.path)
            #expect(coordination.readPayloadDescription() == .missing)

            func corruptReason(_ text: String) throws -> String? {
                try writeBytes(Array(text.utf8), to: coordination.file("currentPayloadDescription.json"))
                if case .corrupt(let reason) = coordination.readPayloadDescription() { return reason }
                return nil
            }
            #expect(try corruptReason("")?.contains("not valid JSON") == true)
            #expect(try corruptReason("{\"id\": 1,")?.contains("not valid JSON") == true)
            #expect(try corruptReason("{\"id\": 1}")?.contains("missing key 'timestamp'") == true)
            #expect(try corruptReason("{\"id\": \"1\", \"timestamp\": 2}")?.contains("'id'") == true)
            #expect(try corruptReason("{\"id\": -1, \"timestamp\": 2}") != nil, "negative UInt32")
            #expect(try corruptReason("{\"id\": 1, \"timestamp\": 3000000000}") != nil, "Int32 overflow")
            #expect(try corruptReason("{\"id\": null, \"timestamp\": 2}") != nil)
            #expect(try corruptReason("[1, 2]") != nil)

            // Unknown keys are someone else's business.
            try writeBytes(Array(#"{"id": 3, "timestamp": 4, "extra": true}"#.utf8), to: coordination.file("currentPayloadDescription.json"))
            #expect(coordination.readPayloadDescription() == .valid(PayloadDescription(id: 3, timestamp: 4)))

            // A directory where the file should be is corrupt, not missing.
            try FileSystem.createDirectory(coordination.file("cutoffPayload.json"))
            if case .corrupt = coordination.readCutoff() {} else { Issue.record("directory read as \(coordination.readCutoff())") }
        }
    }

    @Test func coordinationTypeIsIpcOrInProcess() throws {
        try withTemporaryDirectory("bcoord") { dir in
            let path = dir.sub(BroadcastCoordinationType.fileName)
            #expect(BroadcastCoordinationType.read(path: path) == .inProcess)
            try writeBytes(Array("ipc".utf8), to: path)
            #expect(BroadcastCoordinationType.read(path: path) == .embedded)
            try writeBytes(Array("ipc\n".utf8), to: path)
            #expect(BroadcastCoordinationType.read(path: path) == .embedded)
            for other in ["IPC", "inProcess", "", "ipcx", "\u{0}"] {
                try writeBytes(Array(other.utf8), to: path)
                #expect(BroadcastCoordinationType.read(path: path) == .inProcess, "\(other)")
            }
            try BroadcastCoordinationType.embedded.write(path: path)
            #expect(fileBytes(path) == Array("ipc".utf8))
            try BroadcastCoordinationType.inProcess.write(path: path)
            #expect(BroadcastCoordinationType.read(path: path) == .inProcess)

            let layout = ContainerLayout(containerPath: dir.path)
            try FileSystem.createDirectory(layout.rootPath)
            try BroadcastCoordinationType.embedded.write(layout: layout)
            #expect(BroadcastCoordinationType.read(layout: layout) == .embedded)
            #expect(BroadcastCoordinationType.embedded.directory(layout: layout).path == layout.rootPath + "/embedded-broadcast-coordination")
            #expect(BroadcastCoordinationType.inProcess.directory(layout: layout).path == layout.rootPath + "/broadcast-coordination")
        }
    }

    @Test func fileNamesAreTelegrams() {
        let coordination = CoordinationDirectory(path: "/c")
        #expect(coordination.frameDataPath(id: 42) == "/c/0-data-42")
        #expect(coordination.audioPath(id: 42) == "/c/0-audio-42")
        #expect(coordination.callStatisticsPath == "/c/call-stats.json")
    }

    @Test func callStatisticsRoundTrip() throws {
        try withTemporaryDirectory("bcoord") { dir in
            let coordination = CoordinationDirectory(path: dir.path)
            var stats = CallStatistics(mode: .inProcess, callId: 99, peerId: -100_123, startedAt: 10, updatedAt: 11)
            stats.framesReceived = 1800
            stats.framesDropped = 3
            stats.latencyP50Ms = 0.4
            stats.lastRejectReason = "width 0 outside 1…8192"
            try coordination.writeCallStatistics(stats)
            #expect(coordination.readCallStatistics() == .valid(stats))
            let object = try jsonObject(coordination.callStatisticsPath)
            #expect(object["mode"] as? String == "inProcess")
            #expect(object["peerId"] as? Int == -100_123)
            #expect(object["framesReceived"] as? Int == 1800)
        }
    }

    @Test func statusStringsRoundTrip() throws {
        let all: [BroadcastStatus] = [.active, .finished(.screencastEnded), .finished(.callEnded), .finished(.error("no payload: x"))]
        #expect(all.map(\.description) == ["active", "screencastEnded", "callEnded", "error: no payload: x"])
        for status in all {
            #expect(BroadcastStatus(string: status.description) == status)
            let encoded = try JSONEncoder().encode(status)
            #expect(try JSONDecoder().decode(BroadcastStatus.self, from: encoded) == status)
        }
        #expect(BroadcastStatus(string: "finished") == nil)
        #expect(throws: DecodingError.self) { try JSONDecoder().decode(BroadcastStatus.self, from: Data(#""bogus""#.utf8)) }
    }
}
