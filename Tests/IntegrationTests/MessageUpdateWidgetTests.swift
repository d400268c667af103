import Foundation
import Testing
import Container
import Formats
import Storage
import TestSupport
#if canImport(Glibc)
import Glibc
#endif

/// The budget beside Scripts/bench's timing of the write: an edit or a deletion applied by
/// the running app (`main run --headless`, the push handed to it) is in the widget's data within
/// its next tick — main publishes widget-data once a second, so 2 s from the write is one tick
/// with room to spare. The data is read in this process (the sealed file, with the container's
/// device key), so no process's start-up on a loaded machine is in the figure; `widget timeline`
/// then shows what was read. The clock starts when `main push` returns, the write applied and
/// durable (the app publishes right after a handed-over operation, so it is often there already).
@Suite("main run: an edit or a deletion reaches the widget's data within the next tick")
struct MessageUpdateWidgetTests {
    /// Milliseconds until the chat's last message in the published widget-data is `text`,
    /// polling for up to `limit` ms; nil if it never was.
    func delay(_ sandbox: Sandbox, peer: Int64, text: String, limit: Double = 5000) async throws -> Double? {
        let file = try sandbox.widgetDataFile
        let start = Clock.monotonicNanoseconds()
        while Clock.milliseconds(since: start) < limit {
            if case .peers(let peers)? = try file.read()?.content, peers.peers.first(where: { $0.id == peer })?.message?.text == text {
                return Clock.milliseconds(since: start)
            }
            try await Task.sleep(for: .milliseconds(10))
        }
        return nil
    }

    func lastText(_ timeline: WidgetTimelineResult, _ peerId: Int64) -> String? {
        (timeline.chat(peerId)?["message"] as? [String: Any])?["text"] as? String
    }

    @Test("edited, then deleted, with main run holding the writer lock: the chat's last message in the widget follows within 2 s",
          .timeLimit(.minutes(5)))
    func editAndDeletionReachTheWidget() async throws {
        try await withSandbox("edit-widget") { sandbox in
            let fixture = try await NotifyFixture.make(sandbox)
            let chat = try fixture.chat("user")
            _ = try await sandbox.sendPush(peer: chat.peerId, text: "the one before it f5Rw", kind: "message")
            let sent = try await sandbox.sendPush(peer: chat.peerId, text: "as first written q2Lp", kind: "message")
            let id = try #require(sent.messageId)
            #expect(lastText(try await sandbox.widgetTimeline(), chat.peerId) == "as first written q2Lp")

            let (app, _) = try await sandbox.startMainRun(["--headless"])
            defer { app.kill9() }
            let edit = try await sandbox.sendPush(peer: chat.peerId, text: "as edited w9Tk", kind: "edited",
                                                  extra: ["--message-id", "\(id)"])
            #expect(edit.messageId == id)
            let edited = try await delay(sandbox, peer: chat.peerId, text: "as edited w9Tk")
            let editMs = try #require(edited, "the edit handed to main run never reached the widget's data within 5 s")
            #expect(editMs < 2000, "the edit reached the widget's data after \(Int(editMs)) ms, not within the next tick")
            #expect(lastText(try await sandbox.widgetTimeline(), chat.peerId) == "as edited w9Tk")

            _ = try await sandbox.sendPush(peer: chat.peerId, kind: "deleted", extra: ["--message-id", "\(id)"])
            let deleted = try await delay(sandbox, peer: chat.peerId, text: "the one before it f5Rw")
            let deleteMs = try #require(deleted, "the deletion handed to main run never reached the widget's data within 5 s")
            #expect(deleteMs < 2000, "the deletion reached the widget's data after \(Int(deleteMs)) ms, not within the next tick")
            #expect(lastText(try await sandbox.widgetTimeline(), chat.peerId) == "the one before it f5Rw")
            print("widget: edit handed to main run → shown after \(Int(editMs)) ms, deletion after \(Int(deleteMs)) ms")
            app.send(SIGTERM)
            _ = try await app.wait(timeout: 30)
        }
    }
}
