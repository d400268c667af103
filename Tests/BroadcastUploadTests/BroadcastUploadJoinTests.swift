import Testing
import BroadcastIPC
import Foundation
@testable import BroadcastUpload

@Suite("Broadcast upload embedded join")
struct BroadcastUploadJoinTests {
    func answer(_ string: String, id: UInt32 = 5, for ours: UInt32 = 5) -> EmbeddedJoinAnswer {
        EmbeddedJoinAnswer.evaluate(.valid(JoinResponsePayload(id: id, string: string)), id: ours)
    }

    @Test func joinRequestIsCompactJSONWithItsStream() throws {
        let request = EmbeddedJoinRequest(ssrc: 123_456, width: 1920, height: 1080, fps: 60)
        #expect(request.jsonText == #"{"fps":60,"height":1080,"ssrc":123456,"width":1920}"#)
        #expect(try JSONDecoder().decode(EmbeddedJoinRequest.self, from: Data(request.jsonText.utf8)) == request)
        #expect(request.payload(id: 9) == JoinPayload(id: 9, string: request.jsonText))
        // Unpaced: no rate is promised.
        let unpaced = EmbeddedJoinRequest(geometry: NV12Geometry(width: 64, height: 32), fps: 0)
        #expect(!unpaced.jsonText.contains("fps"))
        #expect(unpaced.ssrc != 0)
    }

    @Test func acceptedAnswerNamesTheSink() {
        #expect(answer(#"{"accepted": true, "sink": "0-sink-5"}"#) == .accepted(sink: "0-sink-5"))
    }

    @Test func refusedAnswerCarriesTheAppsReason() {
        #expect(answer(#"{"accepted": false, "error": "screencast already running"}"#)
            == .rejected("the app refused the join: screencast already running"))
        #expect(answer(#"{"accepted": false}"#) == .rejected("the app refused the join: no reason given"))
    }

    @Test func answersThatAreNotOursKeepUsWaiting() {
        #expect(EmbeddedJoinAnswer.evaluate(.missing, id: 5) == .pending(note: nil))
        guard case .pending(let other?) = answer(#"{"accepted": true, "sink": "0-sink-4"}"#, id: 4) else {
            Issue.record("expected pending"); return
        }
        #expect(other.contains("call 4"))
        guard case .pending(let corrupt?) = EmbeddedJoinAnswer.evaluate(.corrupt(reason: "not valid JSON"), id: 5) else {
            Issue.record("expected pending"); return
        }
        #expect(corrupt.contains("not valid JSON"))
    }

    @Test func malformedAnswerForOurIdIsRefused() {
        for string in ["", "accepted", #"{"sink": "0-sink-5"}"#, #"{"accepted": "yes"}"#, "[1,2]"] {
            guard case .rejected(let reason) = answer(string) else { Issue.record("accepted \(string)"); continue }
            #expect(reason.contains("not the expected JSON"))
        }
        guard case .rejected(let noSink) = answer(#"{"accepted": true}"#) else { Issue.record("expected refusal"); return }
        #expect(noSink.contains("no sink"))
    }

    @Test func sinkNamesThatCouldEscapeOrClobberAreRefused() {
        for sink in ["../0-sink-5", "0-sink-5/../../x", "keepaliveInfo.json", "0-data-5", "0-sink-", "0-sink-a b",
                     "0-sink-" + String(repeating: "x", count: 200), "/tmp/0-sink-5"] {
            guard case .rejected = answer(#"{"accepted": true, "sink": "\#(sink)"}"#) else {
                Issue.record("accepted sink \(sink)"); continue
            }
        }
        #expect(EmbeddedJoinAnswer.sinkNameProblem("0-sink-4294967295") == nil)
        #expect(EmbeddedJoinAnswer.sinkNameProblem("0-sink-v2.ring") == nil)
    }
}
