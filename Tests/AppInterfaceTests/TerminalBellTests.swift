@testable import AppInterface
import Testing

/// The bell on its own: it rings for an unread message from someone else in an unmuted chat
/// while the window is not in front — once per arrival, not again within its quiet interval —
/// and never while the terminal has said nothing of its focus.
@MainActor
@Suite("Terminal bell")
struct TerminalBellTests {
    final class Clock {
        var now = ContinuousClock.now
    }

    static func bell(enabled: Bool = true, clock: Clock = Clock(), rings: @escaping () -> Void) -> TerminalBell {
        TerminalBell(enabled: enabled, quietInterval: .seconds(2), now: { clock.now }, ring: rings)
    }

    @Test func focusUnknownNeverRings() {
        var rings = 0
        let bell = Self.bell { rings += 1 }
        bell.messagesArrived([.init()])
        #expect(rings == 0, "a terminal that sends no focus reports is taken to be in front")
        bell.focusChanged(false)
        bell.messagesArrived([.init()])
        #expect(rings == 1)
        bell.focusChanged(true)
        bell.messagesArrived([.init()])
        #expect(rings == 1, "in front again")
    }

    @Test func mutedOwnAndReadMessagesDoNotRing() {
        var rings = 0
        let clock = Clock()
        let bell = Self.bell(clock: clock) { rings += 1 }
        bell.focusChanged(false)
        bell.messagesArrived([.init(muted: true), .init(incoming: false), .init(unread: false)])
        bell.messagesArrived([])
        #expect(rings == 0)
        bell.messagesArrived([.init(muted: true), .init()])
        #expect(rings == 1, "one unmuted chat among muted ones")
    }

    @Test func aBurstRingsOnceAndTheNextArrivalAfterTheQuietIntervalRingsAgain() {
        var rings = 0
        let clock = Clock()
        let bell = Self.bell(clock: clock) { rings += 1 }
        bell.focusChanged(false)
        bell.messagesArrived([.init(), .init(), .init()])
        #expect(rings == 1, "one bell for one refresh's messages in three chats")
        clock.now += .milliseconds(500)
        bell.messagesArrived([.init()])
        clock.now += .milliseconds(1400)
        bell.messagesArrived([.init()])
        #expect(rings == 1, "arrivals within the quiet interval of the last bell")
        clock.now += .milliseconds(200)
        bell.messagesArrived([.init()])
        #expect(rings == 2)
    }

    @Test func turnedOffNeverRings() {
        var rings = 0
        let bell = Self.bell(enabled: false) { rings += 1 }
        bell.focusChanged(false)
        bell.messagesArrived([.init()])
        #expect(rings == 0)
    }
}
