@testable import TelegramCore
import FoundationEssentials
import Testing

/// The stored update state is written and read by hand, byte for byte what Foundation's coders
/// wrote before (sorted keys), so a container written by either reads the same.
@Suite("The update state's record: JSONEncoder's bytes, read without Foundation, anything else through JSONDecoder")
struct AccountUpdateStateTests {
    static let states = [
        AccountUpdateState(pts: 0, qts: 0, date: 0, seq: 0),
        AccountUpdateState(pts: 105_000, qts: 7, date: 1_764_500_000, seq: 42),
        AccountUpdateState(pts: .max, qts: .min, date: -1, seq: 1),
    ]

    static func foundation(_ state: AccountUpdateState) throws -> [UInt8] {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        return Array(try encoder.encode(state))
    }

    @Test("Written as JSONEncoder writes it, and read back", arguments: states)
    func roundTrip(_ state: AccountUpdateState) throws {
        #expect(state.encoded == (try Self.foundation(state)))
        #expect(AccountUpdateState.decode(state.encoded) == state)
    }

    @Test("Other JSON of the same fields still reads (through JSONDecoder)")
    func otherShapes() {
        let spaced = Array(#"{ "seq": 4, "pts": 1, "qts": 2, "date": 3 }"#.utf8)
        #expect(AccountUpdateState.decode(spaced) == AccountUpdateState(pts: 1, qts: 2, date: 3, seq: 4))
    }

    @Test("Bytes that are no record read as none", arguments: [
        "", "{", "{}", #"{"date":1,"pts":2,"qts":3}"#, #"{"date":1,"pts":2,"qts":3,"seq":4}x"#,
        #"{"date":99999999999,"pts":2,"qts":3,"seq":4}"#, #"{"date":-,"pts":2,"qts":3,"seq":4}"#, "\u{0}\u{1}",
    ])
    func unreadable(_ text: String) {
        #expect(AccountUpdateState.decode(Array(text.utf8)) == nil)
    }
}
