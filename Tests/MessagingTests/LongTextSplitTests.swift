@testable import Messaging
import Storage
import Testing

/// Telegram Desktop's split of a long text: at the best break before the limit, entities with it.
@Suite("LongTextSplit")
struct LongTextSplitTests {
    @Test func prefersParagraphThenLineThenWord() {
        #expect(LongTextSplit.parts("aa bb\n\ncc dd", limit: 10).map(\.text) == ["aa bb\n\n", "cc dd"])
        #expect(LongTextSplit.parts("aa bb\ncc dd ee", limit: 10).map(\.text) == ["aa bb\n", "cc dd ee"])
        #expect(LongTextSplit.parts("aa bb cc dd", limit: 10).map(\.text) == ["aa bb cc ", "dd"])
        #expect(LongTextSplit.parts("abcdefghijkl", limit: 5).map(\.text) == ["abcde", "fghij", "kl"])
        #expect(LongTextSplit.parts("short").map(\.text) == ["short"])
    }

    /// Limits count UTF-16 units; a character is never split.
    @Test func neverSplitsACharacter() {
        let parts = LongTextSplit.parts("ab😀cd", limit: 3)
        #expect(parts.map(\.text) == ["ab", "😀c", "d"])
    }

    @Test func entitiesFollowTheirText() {
        let bold = MessageTextEntity(type: "bold", offset: 3, length: 6)  // "bb\n\ncc" across the cut
        let parts = LongTextSplit.parts("aa bb\n\ncc dd", entities: [bold], limit: 10)
        #expect(parts[0].entities == [MessageTextEntity(type: "bold", offset: 3, length: 4)])
        #expect(parts[1].entities == [MessageTextEntity(type: "bold", offset: 0, length: 2)])
    }
}
