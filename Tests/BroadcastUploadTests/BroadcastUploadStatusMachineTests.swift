import Testing
import BroadcastIPC
@testable import BroadcastUpload

/// The coordination files in memory, with what the machine wrote.
final class MemoryCoordinator: BroadcastCoordinator {
    struct WriteRefused: Error {}

    var description: CoordinationRead<PayloadDescription> = .missing
    var cutoff: CoordinationRead<CutoffPayload> = .missing
    var joinResponse: CoordinationRead<JoinResponsePayload> = .missing
    var refuseKeepalive = false
    private(set) var keepalives: [KeepaliveInfo] = []
    private(set) var joinPayloads: [JoinPayload] = []
    private(set) var keepaliveRemovals = 0
    private(set) var descriptionReads = 0

    func readPayloadDescription() -> CoordinationRead<PayloadDescription> {
        descriptionReads += 1
        return description
    }
    func readCutoff() -> CoordinationRead<CutoffPayload> { cutoff }
    func readJoinResponse() -> CoordinationRead<JoinResponsePayload> { joinResponse }
    func writeKeepalive(_ value: KeepaliveInfo) throws {
        if refuseKeepalive { throw WriteRefused() }
        keepalives.append(value)
    }
    func writeJoinPayload(_ value: JoinPayload) throws { joinPayloads.append(value) }
    func removeKeepalive() { keepaliveRemovals += 1 }
}

/// Both clocks, moved together by the test.
struct FakeClock {
    static let startUnix: Int32 = 1_700_000_000
    static let startMs: Int64 = 86_400_000
    var elapsedMs: Int64 = 0

    var now: BroadcastInstant {
        BroadcastInstant(unixSeconds: Self.startUnix + Int32(elapsedMs / 1000), monotonicMs: Self.startMs + elapsedMs)
    }

    var unix: Int32 { now.unixSeconds }

    mutating func advance(ms: Int64) -> BroadcastInstant {
        elapsedMs += ms
        return now
    }
}

@Suite("Broadcast upload status machine")
struct BroadcastUploadStatusMachineTests {
    typealias Machine = BroadcastStatusMachine<MemoryCoordinator>
    let request = EmbeddedJoinRequest(ssrc: 77, width: 1280, height: 720, fps: 30)

    func machine(_ mode: BroadcastCoordinationType = .inProcess) -> (Machine, MemoryCoordinator, FakeClock) {
        let coordinator = MemoryCoordinator()
        let clock = FakeClock()
        return (Machine(mode: mode, coordinator: coordinator, joinRequest: request, start: clock.now), coordinator, clock)
    }

    /// Ticks every 100 ms for `ms`, stopping at the first step that is not `.none`.
    func run(_ machine: inout Machine, _ clock: inout FakeClock, for ms: Int64) -> Machine.Step {
        var elapsed: Int64 = 0
        while elapsed < ms {
            elapsed += 100
            let step = machine.tick(at: clock.advance(ms: 100))
            if step != .none { return step }
        }
        return .none
    }

    /// Active on call `id`, one second in.
    func active(_ id: UInt32 = 7) -> (Machine, MemoryCoordinator, FakeClock) {
        var (machine, coordinator, clock) = self.machine()
        coordinator.description = .valid(PayloadDescription(id: id, timestamp: clock.unix))
        #expect(run(&machine, &clock, for: 1000) == .openStream(id: id, sink: nil))
        #expect(machine.activate(at: clock.now) == .none)
        return (machine, coordinator, clock)
    }

    @Test func activeOnFirstSightAtTheOneSecondCheck() {
        var (machine, coordinator, clock) = machine()
        coordinator.description = .valid(PayloadDescription(id: 7, timestamp: clock.unix))
        // Nothing is read before Telegram's first check, one second in.
        #expect(run(&machine, &clock, for: 900) == .none)
        #expect(coordinator.descriptionReads == 0)
        #expect(machine.tick(at: clock.advance(ms: 100)) == .openStream(id: 7, sink: nil))
        #expect(machine.phase == .opening(id: 7, sink: nil))
        #expect(coordinator.keepalives.isEmpty)
        #expect(machine.activate(at: clock.now) == .none)
        #expect(machine.phase == .active(id: 7))
        #expect(machine.callId == 7)
        // The keepalive goes out at once, with our id and the time.
        #expect(coordinator.keepalives == [KeepaliveInfo(id: 7, timestamp: clock.unix)])
        #expect(machine.transitions == [BroadcastTransition(status: "active", atMs: 1000)])
    }

    @Test func keepaliveEverySecondWhileActive() {
        var (machine, coordinator, clock) = active()
        for _ in 0..<3 {
            coordinator.description = .valid(PayloadDescription(id: 7, timestamp: clock.unix))
            #expect(run(&machine, &clock, for: 1000) == .none)
        }
        #expect(coordinator.keepalives.count == 4)
        #expect(coordinator.keepalives.last == KeepaliveInfo(id: 7, timestamp: clock.unix))
        #expect(machine.phase == .active(id: 7))
    }

    @Test func missingDescriptionAtTheFirstCheckIsAnError() {
        var (machine, coordinator, clock) = machine()
        guard case .finished(.error(let reason)) = run(&machine, &clock, for: 1000) else {
            Issue.record("expected an error"); return
        }
        #expect(reason.contains("no payload description"))
        #expect(machine.transitions == [BroadcastTransition(status: "finished", atMs: 1000)])
        // We never wrote a keepalive, so there is none of ours to remove.
        #expect(coordinator.keepaliveRemovals == 0)
    }

    @Test func corruptDescriptionIsAnError() {
        var (machine, coordinator, clock) = active()
        coordinator.description = .corrupt(reason: "currentPayloadDescription.json: not valid JSON")
        guard case .finished(.error(let reason)) = run(&machine, &clock, for: 1000) else {
            Issue.record("expected an error"); return
        }
        #expect(reason.contains("not valid JSON"))
        #expect(machine.endReason?.exitStatus == 1)
        #expect(coordinator.keepaliveRemovals == 1)
    }

    @Test func callEndedWhenTheDescriptionIsMoreThanFourSecondsOld() {
        var (machine, coordinator, clock) = active()
        // The app stops refreshing (killed): the last description stays at `last`.
        let last = coordinator.description.value!.timestamp
        var finishedAt: Int32?
        for _ in 0..<8 {
            if case .finished(let reason) = run(&machine, &clock, for: 1000) {
                #expect(reason == .callEnded)
                finishedAt = clock.unix
                break
            }
        }
        // Still active at 4 s old, ended at the first check after that.
        #expect(finishedAt == last + 5)
        #expect(machine.endReason == .callEnded)
        #expect(machine.endReason?.exitStatus == 0)
        #expect(coordinator.keepaliveRemovals == 1)
        #expect(machine.transitions.map(\.status) == ["active", "finished"])
    }

    @Test func callEndedWhenTheIdChanges() {
        var (machine, coordinator, clock) = active(7)
        coordinator.description = .valid(PayloadDescription(id: 8, timestamp: clock.unix))
        #expect(run(&machine, &clock, for: 1000) == .finished(.callEnded))
        #expect(machine.callId == 7)
    }

    @Test func freshCutoffForOurIdEndsTheScreencast() {
        var (machine, coordinator, clock) = active(7)
        coordinator.description = .valid(PayloadDescription(id: 7, timestamp: clock.unix))
        coordinator.cutoff = .valid(CutoffPayload(id: 7, timestamp: clock.unix))
        #expect(run(&machine, &clock, for: 1000) == .finished(.screencastEnded))
        #expect(coordinator.keepaliveRemovals == 1)
    }

    @Test func aCutoffFoundOnFirstSightEndsTheScreencastAndNamesTheCall() {
        var (machine, coordinator, clock) = machine()
        coordinator.description = .valid(PayloadDescription(id: 7, timestamp: clock.unix))
        coordinator.cutoff = .valid(CutoffPayload(id: 7, timestamp: clock.unix))
        #expect(run(&machine, &clock, for: 1000) == .finished(.screencastEnded))
        #expect(machine.callId == 7)
        #expect(coordinator.keepalives.isEmpty && coordinator.keepaliveRemovals == 0)
    }

    @Test func oldOrForeignCutoffIsIgnored() {
        var (machine, coordinator, clock) = active(7)
        coordinator.cutoff = .valid(CutoffPayload(id: 7, timestamp: clock.unix - 10))
        coordinator.description = .valid(PayloadDescription(id: 7, timestamp: clock.unix + 1))
        #expect(run(&machine, &clock, for: 1000) == .none)
        coordinator.cutoff = .valid(CutoffPayload(id: 99, timestamp: clock.unix))
        coordinator.description = .valid(PayloadDescription(id: 7, timestamp: clock.unix + 1))
        #expect(run(&machine, &clock, for: 1000) == .none)
        coordinator.cutoff = .corrupt(reason: "not valid JSON")
        #expect(run(&machine, &clock, for: 1000) == .none)
        #expect(machine.phase == .active(id: 7))
    }

    @Test func userStopRemovesTheKeepalive() {
        var (machine, coordinator, clock) = active()
        #expect(machine.stop(at: clock.advance(ms: 300)) == .finished(.userStopped))
        #expect(coordinator.keepaliveRemovals == 1)
        // Finished is final: later events change nothing.
        #expect(machine.tick(at: clock.advance(ms: 5000)) == .finished(.userStopped))
        #expect(machine.fail("late", at: clock.now) == .finished(.userStopped))
        #expect(machine.transitions.map(\.status) == ["active", "finished"])
    }

    @Test func streamFailureIsTheCallEndingWhenTheAppSaysSo() {
        var (machine, coordinator, clock) = active()
        _ = clock.advance(ms: 200)
        #expect(machine.streamFailed("0-data-7 was truncated", at: clock.now) == .finished(.error("0-data-7 was truncated")))

        (machine, coordinator, clock) = active()
        coordinator.cutoff = .valid(CutoffPayload(id: 7, timestamp: clock.unix))
        #expect(machine.streamFailed("0-data-7 was truncated", at: clock.now) == .finished(.screencastEnded))
    }

    @Test func unwritableKeepaliveEndsWithAnError() {
        var (machine, coordinator, clock) = machine()
        coordinator.description = .valid(PayloadDescription(id: 7, timestamp: clock.unix))
        coordinator.refuseKeepalive = true
        #expect(run(&machine, &clock, for: 1000) == .openStream(id: 7, sink: nil))
        guard case .finished(.error(let reason)) = machine.activate(at: clock.now) else { Issue.record("expected an error"); return }
        #expect(reason.contains("keepalive"))
    }

    @Test func embeddedJoinsBeforeStreaming() {
        var (machine, coordinator, clock) = machine(.embedded)
        coordinator.description = .valid(PayloadDescription(id: 9, timestamp: clock.unix))
        #expect(run(&machine, &clock, for: 1000) == .none)
        #expect(machine.phase == .joining(id: 9, sinceMs: FakeClock.startMs + 1000))
        #expect(coordinator.joinPayloads == [JoinPayload(id: 9, string: request.jsonText)])
        // An answer to another call is not ours.
        coordinator.joinResponse = .valid(JoinResponsePayload(id: 8, string: #"{"accepted":true,"sink":"0-sink-8"}"#))
        #expect(run(&machine, &clock, for: 300) == .none)
        coordinator.joinResponse = .valid(JoinResponsePayload(id: 9, string: #"{"accepted":true,"sink":"0-sink-9"}"#))
        #expect(machine.tick(at: clock.advance(ms: 100)) == .openStream(id: 9, sink: "0-sink-9"))
        #expect(machine.activate(at: clock.now) == .none)
        #expect(machine.transitions.map(\.status) == ["joining", "active"])
        #expect(coordinator.keepalives == [KeepaliveInfo(id: 9, timestamp: clock.unix)])
    }

    @Test func embeddedRefusedOrUnansweredJoinIsAnError() {
        var (machine, coordinator, clock) = machine(.embedded)
        coordinator.description = .valid(PayloadDescription(id: 9, timestamp: clock.unix))
        _ = run(&machine, &clock, for: 1000)
        coordinator.joinResponse = .valid(JoinResponsePayload(id: 9, string: #"{"accepted":false,"error":"no screencast slot"}"#))
        guard case .finished(.error(let refused)) = machine.tick(at: clock.advance(ms: 100)) else { Issue.record("expected refusal"); return }
        #expect(refused.contains("no screencast slot"))

        (machine, coordinator, clock) = self.machine(.embedded)
        coordinator.description = .valid(PayloadDescription(id: 9, timestamp: clock.unix))
        _ = run(&machine, &clock, for: 1000)
        // The app keeps the call alive but never answers: ten seconds, then the error.
        var step = Machine.Step.none
        var waitedMs: Int64 = 0
        while step == .none && waitedMs < 12_000 {
            coordinator.description = .valid(PayloadDescription(id: 9, timestamp: clock.unix))
            step = machine.tick(at: clock.advance(ms: 100))
            waitedMs += 100
        }
        guard case .finished(.error(let reason)) = step else { Issue.record("expected a timeout"); return }
        #expect(reason.contains("no join response"))
        #expect(waitedMs == 10_000)
    }

    @Test func embeddedLivenessAppliesWhileJoining() {
        var (machine, coordinator, clock) = machine(.embedded)
        coordinator.description = .valid(PayloadDescription(id: 9, timestamp: clock.unix))
        _ = run(&machine, &clock, for: 1000)
        coordinator.description = .valid(PayloadDescription(id: 10, timestamp: clock.unix))
        #expect(run(&machine, &clock, for: 1000) == .finished(.callEnded))
    }
}
