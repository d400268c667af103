import Testing
@testable import Storage

/// The account's own reaction is a tagged field of its own after the reactions: it reads back,
/// and an older reader (one that skips the tag) still reads every reaction, none chosen.
@Suite("Message content: the account's chosen reaction")
struct ChosenReactionEncodingTests {
    let index = MessageIndex(id: MessageId(peerId: PeerId(namespace: .cloudUser, id: 42), id: 7), timestamp: 1_700_000_000)

    @Test func chosenReadsBackAndAnOlderReaderSkipsIt() throws {
        let reactions = [MessageReaction(emoji: "👍", count: 5), MessageReaction(emoji: "❤", count: 2, chosenOrder: 0)]
        let message = Message(index: index, authorId: nil, text: "hi", isIncoming: true, extras: MessageExtras(reactions: reactions))
        let bytes = message.encoded()
        #expect(try Message(index: index, decoding: bytes).extras.reactions == reactions)
        // Without the chosen-reactions field (as a build before it wrote, or reads): none chosen.
        let older = Message(index: index, authorId: nil, text: "hi", isIncoming: true,
                            extras: MessageExtras(reactions: reactions.map { MessageReaction(emoji: $0.emoji, count: $0.count) }))
        #expect(try Message(index: index, decoding: older.encoded()).extras.reactions.allSatisfy { !$0.isChosen })
        // The field comes after the reactions, and its tag is one no earlier build knew.
        #expect(MessageExtras.Tag.chosenReactions.rawValue > MessageExtras.Tag.authorName.rawValue)
    }
}
