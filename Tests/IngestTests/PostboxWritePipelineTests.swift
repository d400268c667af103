@testable import Ingest
import Foundation
import Testing
import Synchronization
import Container
import Cryptography
@testable import Storage
import TestSupport

/// The bulk writers (main seed, the export import) commit on the pipeline's thread while the
/// caller makes the next batch: commits in order, one failure stops everything after it, and
/// what a batch holds is released on the submitting thread, not the writer's.
@Suite("PostboxWritePipeline: transactions committed beside the caller")
struct PostboxWritePipelineTests {
    static func postbox(_ dir: TemporaryDirectory) throws -> Postbox {
        let deviceKey = DeviceKey(bytes: (0 ..< 48).map { UInt8(truncatingIfNeeded: $0 &* 11 &+ 3) })
        return try Postbox(layout: ContainerLayout(containerPath: dir.path), accountId: 5, deviceKey: deviceKey, readOnly: false)
    }

    /// `count` text messages over `chats` chats, each id once.
    static func messages(_ count: Int, chats: Int = 7) -> [Message] {
        (0 ..< count).map { n in
            let peer = PeerId(namespace: .cloudUser, id: Int64(10 + n % chats))
            let index = MessageIndex(id: MessageId(peerId: peer, namespace: 0, id: Int32(n + 1)), timestamp: 1_700_000_000 + Int32(n))
            return Message(index: index, authorId: peer, text: "pipeline message \(n)", isIncoming: true)
        }
    }

    /// For each payload released: whether the submitting thread released it.
    final class ReleaseLog: Sendable {
        let onSubmitter = Mutex<[Bool]>([])
    }

    final class Payload: @unchecked Sendable {
        let log: ReleaseLog
        let submitter: pthread_t
        init(_ log: ReleaseLog, submitter: pthread_t) { self.log = log; self.submitter = submitter }
        deinit { let here = pthread_equal(pthread_self(), submitter) != 0; log.onSubmitter.withLock { $0.append(here) } }
    }

    @Test("Batches commit in order; what each held is released on the submitting thread")
    func inOrderAndReleasedBySubmitter() throws {
        try withTemporaryDirectory("pipeline-order") { dir in
            let postbox = try Self.postbox(dir)
            let pipeline = PostboxWritePipeline(postbox: postbox, label: "test-writer")
            let log = ReleaseLog()
            let batches = 6
            for n in 0 ..< batches {
                let payload = Payload(log, submitter: pthread_self())
                let batch = Self.messages(300, chats: 3).map { message in
                    var m = message
                    m.index = MessageIndex(id: MessageId(peerId: m.index.id.peerId, namespace: m.index.id.namespace, id: m.index.id.id + Int32(n * 1000)),
                                           timestamp: m.index.timestamp + Int32(n * 1000))
                    return m
                }
                try pipeline.submit { t in
                    withExtendedLifetime(payload) {}
                    // Each batch sees exactly the batches before it.
                    #expect(try t.counters().messageCount == Int64(n * 300))
                    try t.addMessages(batch)
                }
            }
            try pipeline.finish()
            #expect(try postbox.read { try $0.counters().messageCount } == Int64(batches * 300))
            #expect(log.onSubmitter.withLock { $0 } == Array(repeating: true, count: batches), "a batch was released on the writer's thread")
        }
    }

    @Test("After a failure nothing more is written, and submit or finish throws it")
    func failureStops() throws {
        try withTemporaryDirectory("pipeline-failure") { dir in
            let postbox = try Self.postbox(dir)
            let pipeline = PostboxWritePipeline(postbox: postbox, label: "test-writer", depth: 1)
            struct Refused: Error {}
            try pipeline.submit { try $0.addMessages(Self.messages(10)) }
            try pipeline.submit { t in
                try t.addMessages(Self.messages(20).map { var m = $0; m.index.id.id += 100; return m })
                throw Refused()
            }
            // The failing one may still be running: this submit is accepted or refused, and either
            // way nothing it holds is written.
            try? pipeline.submit { try $0.addMessages(Self.messages(30).map { var m = $0; m.index.id.id += 200; return m }) }
            #expect(throws: Refused.self) { try pipeline.finish() }
            #expect(throws: Refused.self) { try pipeline.submit { _ in } }
            // The first batch committed; the failed one rolled back; the one after never ran.
            #expect(try postbox.read { try $0.counters().messageCount } == 10)
        }
    }
}
