import Foundation
import RequestChannel
import Testing

/// The processor alone, over a fake handler: each crash window of the channel is set up as a
/// killed main leaves it on disk, and a fresh processor (main restarted) must finish it with
/// every request applied at most once and answered.
@Suite("Request processor: crash windows")
struct RequestProcessorTests {
    @Test func appliesAcknowledgesAndRemoves() throws {
        let fixture = try ChannelFixture()
        let request = try fixture.submit()
        let summary = try fixture.processor().drain()
        #expect(summary.applied == 1)
        #expect(fixture.handler.applyCalls == 1)
        #expect(try fixture.ack(request.id)?.status == .applied)
        #expect(try fixture.ack(request.id)?.result == ["messageId": "1"])
        #expect(fixture.entries(fixture.directories.pending).isEmpty)
        #expect(fixture.entries(fixture.directories.removing).isEmpty)
    }

    @Test func appliedButNotAcknowledgedIsAcknowledgedNotAppliedAgain() throws {
        let fixture = try ChannelFixture()
        let request = try fixture.submit()
        // The transaction committed (id recorded), then main died before the ack.
        fixture.handler.applied[request.id] = ["messageId": "41"]
        let summary = try fixture.processor().drain()
        #expect(summary.alreadyApplied == 1 && summary.applied == 0)
        #expect(fixture.handler.applyCalls == 0)
        let ack = try #require(try fixture.ack(request.id))
        #expect(ack.status == .applied && ack.detail == "already applied" && ack.result == ["messageId": "41"])
        #expect(fixture.entries(fixture.directories.pending).isEmpty)
    }

    @Test func acknowledgedButNotRemovedIsNotAppliedAgain() throws {
        let fixture = try ChannelFixture()
        let request = try fixture.submit()
        try fixture.processor().drain()
        // main died between the ack and the removal: the request is still (again) pending.
        try fixture.putBack(request)
        let summary = try fixture.processor().drain()
        #expect(summary.alreadyApplied == 1)
        #expect(fixture.handler.applyCalls == 1)
        #expect(try fixture.ack(request.id)?.result == ["messageId": "1"])
        #expect(fixture.entries(fixture.directories.pending).isEmpty)
    }

    @Test func halfRemovedLeftoversGoAtTheNextDrain() throws {
        let fixture = try ChannelFixture()
        let leftover = fixture.directories.removing + "/0123.deadbeef"
        try FileManager.default.createDirectory(atPath: leftover + "/half", withIntermediateDirectories: true)
        try fixture.processor().drain()
        #expect(fixture.entries(fixture.directories.removing).isEmpty)
    }

    @Test func aRefusedRequestIsAnsweredAndKeptAsideWithItsReason() throws {
        let fixture = try ChannelFixture()
        fixture.handler.behaviour = .refuse("no chat 7")
        let request = try fixture.submit()
        let summary = try fixture.processor().drain()
        #expect(summary.rejected == 1)
        #expect(try fixture.ack(request.id)?.status == .rejected)
        #expect(try fixture.ack(request.id)?.detail == "no chat 7")
        #expect(fixture.reason(request.id) == "no chat 7")
        #expect(fixture.entries(fixture.directories.pending).isEmpty)
    }

    @Test func aFailureThatMayPassLeavesTheRequestClaimedForTheNextDrain() throws {
        let fixture = try ChannelFixture()
        fixture.handler.behaviour = .failForNow
        let request = try fixture.submit()
        #expect(try fixture.processor().drain().deferred == 1)
        // Claimed: main keeps it (the extension can no longer take it back) and tries again.
        #expect(fixture.entries(fixture.directories.pending).isEmpty)
        #expect(fixture.entries(fixture.directories.applying) == [request.id])
        #expect(try fixture.ack(request.id) == nil)
        fixture.handler.behaviour = .apply
        #expect(try fixture.processor().drain().applied == 1)
        #expect(fixture.entries(fixture.directories.applying).isEmpty)
    }

    @Test func aClaimedRequestCannotBeWithdrawnSoFailedIsNeverSaidOfAnAppliedOne() throws {
        let fixture = try ChannelFixture()
        fixture.handler.behaviour = .failForNow
        let request = try fixture.submit()
        _ = try fixture.processor().drain()
        #expect(fixture.submitter.withdraw(request) == false, "main claimed it: the extension waits for its answer")
        fixture.handler.behaviour = .apply
        #expect(try fixture.processor().drain().applied == 1)
        #expect(try fixture.ack(request.id)?.status == .applied)
    }

    @Test func aWithdrawnRequestIsNeverApplied() throws {
        let fixture = try ChannelFixture()
        let request = try fixture.submit()
        #expect(fixture.submitter.withdraw(request))
        let summary = try fixture.processor().drain()
        #expect(summary.applied == 0 && fixture.handler.applyCalls == 0)
        #expect(try fixture.ack(request.id) == nil)
    }

    @Test func aRequestClaimedByAMainThatDiedIsAppliedOnceByTheNext() throws {
        let fixture = try ChannelFixture()
        let request = try fixture.submit()
        // A main that died right after its claim: the request is in applying/, not applied.
        try FileManager.default.moveItem(atPath: fixture.directories.pendingRequest(request.id),
                                         toPath: fixture.directories.applyingRequest(request.id))
        #expect(try fixture.processor().drain().applied == 1)
        #expect(fixture.handler.applyCalls == 1)
        #expect(try fixture.ack(request.id)?.status == .applied)
        #expect(fixture.entries(fixture.directories.applying).isEmpty)
        // And one that died after applying, before acknowledging: acknowledged, not applied again.
        let second = try fixture.submit()
        try FileManager.default.moveItem(atPath: fixture.directories.pendingRequest(second.id),
                                         toPath: fixture.directories.applyingRequest(second.id))
        fixture.handler.applied[second.id] = ["messageId": "9"]
        #expect(try fixture.processor().drain().alreadyApplied == 1)
        #expect(fixture.handler.applyCalls == 1)
        #expect(try fixture.ack(second.id)?.result == ["messageId": "9"])
    }

    @Test func anUnreadableCopyOfAnAppliedRequestIsAcknowledgedNotRefused() throws {
        let fixture = try ChannelFixture()
        let request = try fixture.submit()
        fixture.handler.applied[request.id] = ["messageId": "9"]
        FileManager.default.createFile(atPath: fixture.directories.pendingRequest(request.id) + "/" + RequestDirectories.requestFileName,
                                       contents: Data("garbage".utf8))
        let summary = try fixture.processor().drain()
        #expect(summary.alreadyApplied == 1)
        #expect(try fixture.ack(request.id)?.status == .applied)
    }

    @Test func strayEntriesInPendingAreMovedAsideWithAReason() throws {
        let fixture = try ChannelFixture()
        FileManager.default.createFile(atPath: fixture.directories.pending + "/notes.txt", contents: Data("x".utf8))
        #expect(try fixture.processor().drain().rejected == 1)
        #expect(fixture.entries(fixture.directories.pending).isEmpty)
        #expect(fixture.entries(fixture.directories.rejected).count == 1)
    }

    // MARK: main's own operations

    static let operation = RequestAction.appOperation(OperationEnvelope(name: "lock", version: 1, body: "{\"lock\":{}}"))

    @Test func anOperationIsClaimedRunOnceAndAnswered() throws {
        let fixture = try ChannelFixture()
        let request = try fixture.submit(Self.operation)
        try fixture.processor().drain()
        #expect(fixture.handler.commandCalls == 1)
        #expect(try fixture.ack(request.id)?.result == ["ran": "yes"])
        #expect(fixture.entries(fixture.directories.claimed).isEmpty)
        #expect(fixture.entries(fixture.directories.pending).isEmpty)
    }

    @Test func anOperationClaimedByAMainThatDiedIsReportedInterruptedNeverRunAgain() throws {
        let fixture = try ChannelFixture()
        let request = try fixture.submit(Self.operation)
        // main renamed it into claimed/ and died while running it.
        try FileManager.default.moveItem(atPath: fixture.directories.pendingRequest(request.id),
                                         toPath: fixture.directories.claimedRequest(request.id))
        try fixture.processor().drain()
        #expect(fixture.handler.commandCalls == 0)
        let ack = try #require(try fixture.ack(request.id))
        #expect(ack.status == .rejected && (ack.detail ?? "").hasPrefix("interrupted"))
        #expect(fixture.reason(request.id)?.hasPrefix("interrupted") == true)
        #expect(fixture.entries(fixture.directories.claimed).isEmpty)
    }

    @Test func anOperationAnsweredButNotAcknowledgedSendsTheRecordedAnswer() throws {
        let fixture = try ChannelFixture()
        let request = try fixture.submit(Self.operation)
        let claimed = fixture.directories.claimedRequest(request.id)
        try FileManager.default.moveItem(atPath: fixture.directories.pendingRequest(request.id), toPath: claimed)
        let answer = RequestAck(id: request.id, status: .applied, result: ["recorded": "1"])
        let bytes = try RequestCodec(deviceKey: fixture.deviceKey).encode(answer, role: "ack", id: request.id)
        FileManager.default.createFile(atPath: claimed + "/" + RequestProcessor.answerFileName, contents: Data(bytes))
        try fixture.processor().drain()
        #expect(fixture.handler.commandCalls == 0)
        #expect(try fixture.ack(request.id)?.result == ["recorded": "1"])
        #expect(fixture.entries(fixture.directories.claimed).isEmpty)
    }

    @Test func anOperationWithNoRunningAppIsRefused() throws {
        let fixture = try ChannelFixture()
        fixture.handler.takesCommands = false
        let request = try fixture.submit(Self.operation)
        try fixture.processor().drain()
        #expect(fixture.handler.commandCalls == 0)
        #expect(try fixture.ack(request.id)?.status == .rejected)
    }

    /// An older main handed its commands over as command lines; this one refuses such a request
    /// with a reason a person can act on, and never runs it.
    @Test func aCommandLineHandOffFromAnOlderMainIsRefusedWithAClearReason() throws {
        struct Legacy: Encodable {
            struct Action: Encodable {
                struct Command: Encodable {
                    let arguments: [String]
                    let standardInput: [String]
                    let workingDirectory: String
                }

                let mainCommand: Command
            }

            let version = 1
            let id: String
            let accountId = "0"
            let origin = "app"
            let createdAt: Int64 = 1_700_000_000
            let action: Action
        }
        let fixture = try ChannelFixture()
        let id = try fixture.submitEncoded { id in
            Legacy(id: id, action: .init(mainCommand: .init(arguments: ["passcode", "set"], standardInput: ["1234"], workingDirectory: "/tmp")))
        }
        #expect(try fixture.processor().drain().rejected == 1)
        #expect(fixture.handler.commandCalls == 0)
        let reason = try #require(fixture.reason(id))
        #expect(reason.contains("`main passcode`") && reason.contains("run the command again"))
        #expect(try fixture.ack(id)?.status == .rejected)
    }
}
