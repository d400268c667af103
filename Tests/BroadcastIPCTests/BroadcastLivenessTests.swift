import Testing
@testable import BroadcastIPC

@Suite("Broadcast liveness rules")
struct BroadcastLivenessTests {
    let now: Int32 = 1_700_000_000

    func description(_ id: UInt32, _ timestamp: Int32) -> CoordinationRead<PayloadDescription> {
        .valid(PayloadDescription(id: id, timestamp: timestamp))
    }

    func cutoff(_ id: UInt32, _ timestamp: Int32) -> CoordinationRead<CutoffPayload> {
        .valid(CutoffPayload(id: id, timestamp: timestamp))
    }

    @Test func missingOrCorruptDescriptionIsAnError() {
        guard case .finished(.error(let missing)) = ExtensionCallWatch.checkDescription(.missing, firstSeenId: nil, now: now),
              case .finished(.error(let corrupt)) = ExtensionCallWatch.checkDescription(.corrupt(reason: "not valid JSON"), firstSeenId: 5, now: now)
        else { Issue.record("expected errors"); return }
        #expect(missing.contains("no payload description"))
        #expect(corrupt.contains("not valid JSON"))
    }

    @Test func descriptionOlderThanFourSecondsEndsTheCall() {
        #expect(ExtensionCallWatch.checkDescription(description(1, now - 4), firstSeenId: nil, now: now) == .active(id: 1))
        #expect(ExtensionCallWatch.checkDescription(description(1, now - 4), firstSeenId: 1, now: now) == .unchanged)
        #expect(ExtensionCallWatch.checkDescription(description(1, now - 5), firstSeenId: 1, now: now) == .finished(.callEnded))
        #expect(ExtensionCallWatch.checkDescription(description(1, now - 5), firstSeenId: nil, now: now) == .finished(.callEnded))
        // A clock that reads the future is not "stale".
        #expect(ExtensionCallWatch.checkDescription(description(1, now + 100), firstSeenId: 1, now: now) == .unchanged)
        // No overflow at the edges of Int32.
        #expect(ExtensionCallWatch.checkDescription(description(1, .max), firstSeenId: 1, now: .min) == .unchanged)
        #expect(ExtensionCallWatch.checkDescription(description(1, .min), firstSeenId: 1, now: .min + 3) == .unchanged)
    }

    @Test func changedIdEndsTheCall() {
        #expect(ExtensionCallWatch.checkDescription(description(2, now), firstSeenId: 1, now: now) == .finished(.callEnded))
    }

    @Test func cutoffWithinTenSecondsForOurIdEndsTheScreencast() {
        #expect(ExtensionCallWatch.checkCutoff(cutoff(1, now - 9), firstSeenId: 1, now: now) == .finished(.screencastEnded))
        #expect(ExtensionCallWatch.checkCutoff(cutoff(1, now - 10), firstSeenId: 1, now: now) == .unchanged)
        #expect(ExtensionCallWatch.checkCutoff(cutoff(2, now), firstSeenId: 1, now: now) == .unchanged)
        #expect(ExtensionCallWatch.checkCutoff(cutoff(1, now), firstSeenId: nil, now: now) == .unchanged)
        #expect(ExtensionCallWatch.checkCutoff(.missing, firstSeenId: 1, now: now) == .unchanged)
        #expect(ExtensionCallWatch.checkCutoff(.corrupt(reason: "x"), firstSeenId: 1, now: now) == .unchanged)
    }

    @Test func evaluateCombinesBothChecks() {
        #expect(ExtensionCallWatch.evaluate(description: description(1, now), cutoff: .missing, firstSeenId: nil, now: now) == .active(id: 1))
        #expect(ExtensionCallWatch.evaluate(description: description(1, now), cutoff: cutoff(1, now), firstSeenId: 1, now: now) == .finished(.screencastEnded))
        // A fresh cutoff for the id seen for the first time applies at once.
        #expect(ExtensionCallWatch.evaluate(description: description(1, now), cutoff: cutoff(1, now), firstSeenId: nil, now: now) == .finished(.screencastEnded))
        // A stale description wins over a cutoff.
        #expect(ExtensionCallWatch.evaluate(description: description(1, now - 5), cutoff: cutoff(1, now), firstSeenId: 1, now: now) == .finished(.callEnded))
        #expect(ExtensionCallWatch.evaluate(description: description(1, now - 4), cutoff: cutoff(1, now - 10), firstSeenId: 1, now: now) == .unchanged)
    }

    @Test func appSeesTheExtensionActiveForTwoSeconds() {
        let keepalive = { (id: UInt32, timestamp: Int32) in CoordinationRead<KeepaliveInfo>.valid(KeepaliveInfo(id: id, timestamp: timestamp)) }
        #expect(ExtensionLiveness.evaluate(keepalive(7, now), id: 7, now: now) == .active)
        #expect(ExtensionLiveness.evaluate(keepalive(7, now - 2), id: 7, now: now) == .active)
        #expect(ExtensionLiveness.evaluate(keepalive(7, now - 3), id: 7, now: now) == .inactive(reason: "keepalive is 3 s old"))
        #expect(!ExtensionLiveness.evaluate(keepalive(8, now), id: 7, now: now).isActive)
        #expect(ExtensionLiveness.evaluate(.missing, id: 7, now: now) == .inactive(reason: "no keepalive"))
        guard case .inactive(let reason) = ExtensionLiveness.evaluate(.corrupt(reason: "not valid JSON"), id: 7, now: now) else {
            Issue.record("corrupt keepalive counted as active"); return
        }
        #expect(reason.contains("not valid JSON"))
    }
}
