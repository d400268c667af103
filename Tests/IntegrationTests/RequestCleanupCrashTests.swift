import Foundation
import Testing
import Container
import Cryptography
import Formats
import RequestChannel
import TestSupport

/// The states a kill -9 can leave during main's clean-up of the request
/// queue, built directly so each window is tested every run (Scripts/chaos hits them at random).
/// An applied request is never acknowledged as rejected, `rejected/` holds only real refusals,
/// and each of those has its reason.
@Suite("request clean-up survives a crash at any point")
struct RequestCleanupCrashTests {
    struct Queue {
        let sandbox: Sandbox
        let account: Int64
        let submitter: RequestSubmitter
        let codec: RequestCodec

        var root: String { sandbox.layout.requestsPath }
        func entries(_ directory: String) -> [String] {
            ((try? FileManager.default.contentsOfDirectory(atPath: root + "/" + directory)) ?? []).sorted()
        }

        func ack(_ id: String) throws -> RequestAck? {
            guard let bytes = ContainerFiles.bytes(root + "/acks/" + id) else { return nil }
            return try codec.decode(RequestAck.self, from: Array(bytes), role: "ack", id: id)
        }

        /// A writer launch: main drains the queue first.
        func drain() async throws {
            _ = try await sandbox.runOK(Executables.main, ["settings", "--show-calls-tab", "true"])
        }

        func send(_ text: String) throws -> AppRequest {
            try RequestChannelTests.send(submitter, account: account, peer: 1_000_000, text: text)
        }

        func expectEveryRejectedEntryHasItsReason(sourceLocation: SourceLocation = #_sourceLocation) {
            for name in entries("rejected") {
                let reason = ContainerFiles.bytes(root + "/rejected/\(name)/reason").map { String(decoding: $0, as: UTF8.self) }
                #expect(reason?.isEmpty == false, "rejected/\(name) has no reason", sourceLocation: sourceLocation)
            }
        }
    }

    static func queue(_ sandbox: Sandbox) async throws -> Queue {
        let account = try await sandbox.login()
        _ = try await sandbox.seed(peers: 10, messages: 50)
        let key = try #require(try DeviceKey.load(path: sandbox.layout.deviceKeyPath))
        return Queue(sandbox: sandbox, account: account, submitter: try RequestChannelTests.submitter(sandbox),
                     codec: RequestCodec(deviceKey: key))
    }

    @Test("killed while deleting an applied request: the leftover is not refused, the ack stays applied",
          .timeLimit(.minutes(5)))
    func halfRemovedAppliedRequest() async throws {
        try await withSandbox("cleanup-half-removed") { sandbox in
            let queue = try await Self.queue(sandbox)
            let before = try await RequestChannelTests.messageCount(sandbox)
            let request = try queue.send("applied then half removed")
            try await queue.drain()
            #expect(try queue.ack(request.id)?.status == .applied)
            // What a crash in the middle of deleting its directory left in pending/ before the fix:
            // the directory, its request file already gone, an attachment still there.
            let leftover = queue.root + "/pending/" + request.id
            try FileManager.default.createDirectory(atPath: leftover, withIntermediateDirectories: true)
            try Data("attachment".utf8).write(toPath: leftover + "/file-0")
            try await queue.drain()
            #expect(queue.entries("pending").isEmpty)
            #expect(queue.entries("rejected").isEmpty, "an applied request was refused: \(queue.entries("rejected"))")
            #expect(try queue.ack(request.id)?.status == .applied, "the extension would hear 'rejected' for a sent message")
            #expect(try await RequestChannelTests.messageCount(sandbox) == before + 1)
        }
    }

    @Test("killed after acknowledging, before removing: acknowledged again as applied, not moved to rejected/",
          .timeLimit(.minutes(5)))
    func ackedButNotRemoved() async throws {
        try await withSandbox("cleanup-acked") { sandbox in
            let queue = try await Self.queue(sandbox)
            let before = try await RequestChannelTests.messageCount(sandbox)
            let request = try queue.send("acked, still pending")
            let copy = sandbox.base + "/pending-copy"
            try FileManager.default.copyItem(atPath: queue.root + "/pending/" + request.id, toPath: copy)
            try await queue.drain()
            // Put it back as it was at the moment of the crash: applied, acknowledged, still pending.
            try FileManager.default.copyItem(atPath: copy, toPath: queue.root + "/pending/" + request.id)
            try await queue.drain()
            #expect(queue.entries("pending").isEmpty)
            #expect(queue.entries("rejected").isEmpty, "\(queue.entries("rejected"))")
            let ack = try #require(try queue.ack(request.id))
            #expect(ack.status == .applied && ack.detail == "already applied", "\(ack)")
            #expect(ack.result["messageId"] != nil, "the second ack lost the result: \(ack)")
            #expect(try await RequestChannelTests.messageCount(sandbox) == before + 1)
        }
    }

    @Test("half-deleted leftovers in removing/ are cleared; nothing else moves", .timeLimit(.minutes(5)))
    func removingIsEmptied() async throws {
        try await withSandbox("cleanup-removing") { sandbox in
            let queue = try await Self.queue(sandbox)
            try await queue.drain()
            let parked = queue.root + "/removing/" + RequestDirectories.newId(nowMilliseconds: 5) + ".1f"
            try FileManager.default.createDirectory(atPath: parked + "/deep", withIntermediateDirectories: true)
            try Data("half".utf8).write(toPath: parked + "/deep/file-0")
            try await queue.drain()
            #expect(queue.entries("removing").isEmpty)
            #expect(queue.entries("rejected").isEmpty)
        }
    }

    @Test("refused entries reach rejected/ only with their reason, whatever they are", .timeLimit(.minutes(5)))
    func refusalsCarryTheirReason() async throws {
        try await withSandbox("cleanup-reasons") { sandbox in
            let queue = try await Self.queue(sandbox)
            let pending = queue.root + "/pending/"
            try Data("stray".utf8).write(toPath: pending + "notes.txt")
            try Data("stray".utf8).write(toPath: pending + RequestDirectories.newId(nowMilliseconds: 7))
            let junk = pending + RequestDirectories.newId(nowMilliseconds: 8)
            try FileManager.default.createDirectory(atPath: junk, withIntermediateDirectories: true)
            try Data("not sealed".utf8).write(toPath: junk + "/request")
            // A link where a request directory should be: refused without following it.
            let outside = sandbox.base + "/outside"
            try FileManager.default.createDirectory(atPath: outside, withIntermediateDirectories: true)
            try FileManager.default.createSymbolicLink(atPath: pending + RequestDirectories.newId(nowMilliseconds: 9), withDestinationPath: outside)
            // A request for an account that does not exist: a real refusal the extension hears.
            let orphan = try RequestChannelTests.send(queue.submitter, account: 4242, peer: 1_000_000, text: "nobody's")
            try await queue.drain()
            #expect(queue.entries("pending").isEmpty, "\(queue.entries("pending"))")
            #expect(queue.entries("rejected").count == 5, "\(queue.entries("rejected"))")
            queue.expectEveryRejectedEntryHasItsReason()
            #expect(try queue.ack(orphan.id)?.status == .rejected)
            #expect(((try? FileManager.default.contentsOfDirectory(atPath: outside)) ?? []).isEmpty, "a reason was written through the link")
        }
    }

    @Test("a handed-over command that finished before the crash is answered again, not as interrupted",
          .timeLimit(.minutes(5)))
    func finishedCommandIsReAnswered() async throws {
        try await withSandbox("cleanup-claimed") { sandbox in
            let queue = try await Self.queue(sandbox)
            try await queue.drain()
            let finished = RequestDirectories.newId(nowMilliseconds: 10)
            let interrupted = RequestDirectories.newId(nowMilliseconds: 11)
            for id in [finished, interrupted] {
                try FileManager.default.createDirectory(atPath: queue.root + "/claimed/" + id, withIntermediateDirectories: true)
            }
            let answer = RequestAck(id: finished, status: .applied, result: ["stdout": "done\n", "stderr": "", "exitStatus": "0"])
            try Data(try queue.codec.encode(answer, role: "ack", id: finished)).write(toPath: queue.root + "/claimed/\(finished)/answer")
            try await queue.drain()
            #expect(queue.entries("claimed").isEmpty)
            #expect(try queue.ack(finished)?.status == .applied)
            #expect(try queue.ack(finished)?.result["stdout"] == "done\n")
            #expect(try queue.ack(interrupted)?.status == .rejected)
            #expect(queue.entries("rejected") == [interrupted])
            queue.expectEveryRejectedEntryHasItsReason()
        }
    }
}
