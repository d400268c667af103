@testable import TelegramUI
import Testing

/// A private chat's header under its title: online, or when last seen, in Telegram's words.
@Suite("TelegramUI: online and last seen")
struct PresenceTextTests {
    @Test func telegramsWording() {
        let now: Int32 = 1_795_950_000
        #expect(PresenceText.text(.online, now: now) == "online")
        #expect(PresenceText.text(.lastSeen(now - 20), now: now) == "last seen just now")
        #expect(PresenceText.text(.lastSeen(now - 60), now: now) == "last seen 1 minute ago")
        #expect(PresenceText.text(.lastSeen(now - 59 * 60), now: now) == "last seen 59 minutes ago")
        let earlier = now - 2 * 3600
        let expected = TimeText.sameDay(earlier, now) ? "last seen at \(TimeText.clock(earlier))" : "last seen yesterday at \(TimeText.clock(earlier))"
        #expect(PresenceText.text(.lastSeen(earlier), now: now) == expected)
        let days = now - 5 * 86_400
        #expect(PresenceText.text(.lastSeen(days), now: now) == "last seen \(TimeText.short(days, now: now))")
        #expect(PresenceText.text(.recently, now: now) == "last seen recently")
        #expect(PresenceText.text(.lastWeek, now: now) == "last seen within a week")
        #expect(PresenceText.text(.lastMonth, now: now) == "last seen within a month")
        // A clock a little behind the server's: never "in the future".
        #expect(PresenceText.text(.lastSeen(now + 30), now: now) == "last seen just now")
    }
}
