import BroadcastIPC
import Container
import Formats
import FuzzSupport

/// The broadcast coordination files main and the broadcast extension exchange every second
/// (`currentPayloadDescription.json`, `keepaliveInfo.json`, `cutoffPayload.json`, `joinPayload.json`,
/// `joinResponsePayload.json`, `call-stats.json`) and `broadcast-coordination-type`: each input is
/// read as every one of them, through `CoordinationDirectory.decode` and
/// `BroadcastCoordinationType.parse`, the functions the file readers use.
/// Properties: a file that exists is valid or corrupt with a reason naming the file; JSON naming a
/// key twice is refused; whatever is valid survives the writers' encoding; the coordination type
/// is embedded exactly when the text is "ipc" (whitespace aside), and what is written reads back.
func check<T: Codable & Equatable & Sendable>(_ type: T.Type, _ name: String, _ input: [UInt8]) {
    switch CoordinationDirectory.decode(T.self, from: input, name: name) {
    case .missing:
        violated("\(name): bytes read as a missing file")
    case .corrupt(let reason):
        invariant(reason.hasPrefix(name + ": "), "\(name): the reason \"\(reason)\" does not name the file")
    case .valid(let value):
        checkNoDuplicateKeys(input, "CoordinationDirectory.decode(\(name))")
        checkJSONRoundTrip(value, name, input: input) {
            guard case .valid(let again) = CoordinationDirectory.decode(T.self, from: $0, name: name) else { throw Corrupt() }
            return again
        }
    }
}

struct Corrupt: Error {}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    let input = fuzzBytes(start, count)
    check(PayloadDescription.self, BroadcastFileNames.payloadDescription, input)
    check(KeepaliveInfo.self, BroadcastFileNames.keepaliveInfo, input)
    check(CutoffPayload.self, BroadcastFileNames.cutoffPayload, input)
    check(JoinPayload.self, BroadcastFileNames.joinPayload, input)
    check(JoinResponsePayload.self, BroadcastFileNames.joinResponsePayload, input)
    check(CallStatistics.self, BroadcastFileNames.callStatistics, input)

    let type = BroadcastCoordinationType.parse(input)
    let text = String(decoding: input, as: UTF8.self).trimmingWhitespace()
    invariant((type == .embedded) == (text == "ipc"), "broadcast-coordination-type \(describe(input)) read as \(type)")
    for written in [BroadcastCoordinationType.embedded, .inProcess] {
        let bytes = Array((written == .embedded ? "ipc" : "inProcess").utf8)
        invariant(BroadcastCoordinationType.parse(bytes) == written, "broadcast-coordination-type as written for \(written) reads back otherwise")
    }
    return 0
}

@_cdecl("LLVMFuzzerInitialize")
public func initialize(_ argc: UnsafeMutableRawPointer, _ argv: UnsafeMutableRawPointer) -> CInt {
    Seeds.writeIfRequested {
        let encoder = JSONEncoderSorted()
        let stats = CallStatistics(mode: .embedded, callId: 4_000_000_000, peerId: -1_000_000_123, startedAt: 1_700_000_000,
                                   extensionActive: true, framesReceived: 1800, framesDropped: 3, framesRejected: 1,
                                   tornDiscarded: 2, checksumFailures: 0, framesVerified: 1800, fps: 29.97, averageFps: 30,
                                   latencyAverageMs: 1.25, latencyP50Ms: 0.9, latencyMaxMs: 17.5, audioBytes: 96000,
                                   audioChunks: 100, lastRejectReason: "orientation 9 outside 1…8", copiedBytes: 1 << 30,
                                   copyNanos: 123_456_789, updatedAt: 1_700_000_060)
        return [
            ("payload-description.json", encoder.encode(PayloadDescription(id: 4_000_000_000, timestamp: 1_700_000_000))),
            ("keepalive.json", encoder.encode(KeepaliveInfo(id: 17, timestamp: -1))),
            ("join.json", encoder.encode(JoinPayload(id: 5, string: #"{"ufrag":"a","pwd":"b","ssrc":1}"#))),
            ("call-stats.json", encoder.encode(stats)),
            ("call-stats-inprocess.json", encoder.encode(CallStatistics(mode: .inProcess, callId: 1, peerId: 2, startedAt: 3, updatedAt: 4))),
            ("negative-id.json", Array(#"{"id":-1,"timestamp":0}"#.utf8)),
            ("float-id.json", Array(#"{"id":1.5,"timestamp":0}"#.utf8)),
            ("huge-double.json", Array(#"{"mode":"embedded","callId":1,"peerId":2,"startedAt":3,"extensionActive":false,"framesReceived":0,"framesDropped":0,"framesRejected":0,"tornDiscarded":0,"checksumFailures":0,"framesVerified":0,"fps":1e308,"averageFps":-0.0,"latencyAverageMs":5e-324,"latencyP50Ms":0,"latencyMaxMs":0,"audioBytes":0,"audioChunks":0,"copiedBytes":0,"copyNanos":0,"updatedAt":0}"#.utf8)),
            ("duplicate-id.json", Array(#"{"id":1,"id":2,"timestamp":0}"#.utf8)),
            ("type-ipc", Array("ipc\n".utf8)),
            ("type-other", Array(" IPC ".utf8)),
        ]
    }
    return 0
}
