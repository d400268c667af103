import Container
import Cryptography
import Foundation
import Testing
@testable import Storage
import TestSupport

/// A chat's ids the server has and the Postbox has not loaded: holes merge with what they touch,
/// a filled range leaves what it does not cover, and a read going back from a message stops at
/// the highest hole below it. Each chat's holes are its own.
@Suite("Postbox: history holes")
struct MessageHistoryHolesTests {
    private let deviceKey = DeviceKey(bytes: (0..<48).map { UInt8(truncatingIfNeeded: $0 &* 5 &+ 3) })
    private let chat = PeerId(namespace: .cloudUser, id: 1_000_002)
    private let other = PeerId(namespace: .cloudUser, id: 1_000_003)

    private func withPostbox(_ body: (Postbox) throws -> Void) throws {
        try withTemporaryDirectory("holes") { dir in
            try body(try Postbox(layout: ContainerLayout(containerPath: dir.path), accountId: 1, deviceKey: deviceKey, readOnly: false))
        }
    }

    @Test func holesMergeSplitAndAnswerForTheReadBelowAMessage() throws {
        try withPostbox { postbox in
            try postbox.transaction { t in
                try t.addHistoryHole(chat, 1 ... 99)
                try t.addHistoryHole(chat, 200 ... 299)
                try t.addHistoryHole(other, 5 ... 7)
            }
            #expect(try postbox.read { try $0.historyHoles(chat) } == [200 ... 299, 1 ... 99])
            #expect(try postbox.read { try $0.historyHoles(other) } == [5 ... 7])
            // Touching and overlapping ranges become one.
            try postbox.transaction { t in try t.addHistoryHole(chat, 100 ... 150) }
            #expect(try postbox.read { try $0.historyHoles(chat) } == [200 ... 299, 1 ... 150])
            try postbox.transaction { t in try t.addHistoryHole(chat, 140 ... 210) }
            #expect(try postbox.read { try $0.historyHoles(chat) } == [1 ... 299])

            // Reads going back: from 1,000 the hole's top is 299; from 250 only what is below it.
            #expect(try postbox.read { try $0.historyHole(chat, below: 1_000) } == 1 ... 299)
            #expect(try postbox.read { try $0.historyHole(chat, below: 250) } == 1 ... 249)
            #expect(try postbox.read { try $0.historyHole(chat, below: 1) } == nil)
            // Reads going forward: from 0 the hole's bottom is 1; from 250 only what is above it.
            #expect(try postbox.read { try $0.historyHole(chat, above: 0) } == 1 ... 299)
            #expect(try postbox.read { try $0.historyHole(chat, above: 250) } == 251 ... 299)
            #expect(try postbox.read { try $0.historyHole(chat, above: 299) } == nil)

            // A page fetched from the top: its part goes, the rest stays; the middle of one splits it.
            try postbox.transaction { t in try t.fillHistoryHole(chat, 200 ... 299) }
            #expect(try postbox.read { try $0.historyHoles(chat) } == [1 ... 199])
            try postbox.transaction { t in try t.fillHistoryHole(chat, 50 ... 60) }
            #expect(try postbox.read { try $0.historyHoles(chat) } == [61 ... 199, 1 ... 49])
            #expect(try postbox.read { try $0.historyHole(chat, below: 55) } == 1 ... 49)
            #expect(try postbox.read { try $0.historyHole(chat, above: 55) } == 61 ... 199, "the lowest hole above, not the first found")
            #expect(try postbox.read { try $0.historyHole(chat, above: 0) } == 1 ... 49)
            try postbox.transaction { t in try t.fillHistoryHole(chat, 1 ... 500) }
            #expect(try postbox.read { try $0.historyHoles(chat) }.isEmpty)
            #expect(try postbox.read { try $0.historyHoles(other) } == [5 ... 7], "another chat's holes are its own")
        }
    }
}
