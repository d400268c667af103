import Container
import Cryptography
import Foundation
import Storage
import Testing
import TestSupport

/// notify-service's body for a stored message is Telegram's summary of it: a poll without text
/// reads "📊 Poll: …", not an empty line.
@Suite("notify-service summarizes a stored message's media")
struct NotifyServiceSummaryTests {
    @Test("Names off: a group's body is the stored poll's summary", .timeLimit(.minutes(5)))
    func pollSummaryAsBody() async throws {
        try await withSandbox("ns-summary") { sandbox in
            let fixture = try await NotifyFixture.make(sandbox)
            try await sandbox.runOK(Executables.main, ["settings", "--display-name-on-lockscreen", "false"])
            let group = try fixture.chat("group")
            let push = try await sandbox.sendPush(peer: group.peerId, text: "to become a poll u7Kd",
                                                  extra: ["--from", "\(try fixture.chat("user", skipping: 1).peerId)"])
            let messageId = try #require(push.messageId)
            // The stored message becomes a poll with no text (main is not running: this test is the writer).
            let key = try #require(try DeviceKey.load(path: sandbox.layout.deviceKeyPath))
            let postbox = try Postbox(layout: sandbox.layout, accountId: push.accountId, deviceKey: key, readOnly: false)
            try postbox.transaction { t in
                var message = try #require(try t.message(MessageId(peerId: PeerId(group.peerId), id: messageId)))
                message.text = ""
                message.contentKind = .poll
                message.extras.media = [.poll(MessagePoll(question: "Lunch at noon?", answers: [.init(text: "Yes", voters: 2)],
                                                          totalVoters: 2, isClosed: false))]
                try t.addMessages([message])
            }
            let (result, content) = try await sandbox.deliverPush(push.line)
            #expect(content.status == "delivered", "\(result)")
            #expect(content.body == "📊 Poll: Lunch at noon?", "\(result)")
        }
    }
}
