import MTProtoKit
import Storage
import TelegramApi

/// One page of a chat's history fetched into a hole (messages.getHistory, as Telegram's
/// fetchMessageHistoryHole does): the messages and their authors stored, and the ids the page
/// proves held nothing else no longer a hole, in one transaction.
///
/// A page is consecutive messages of the chat, but a server may give fewer than asked (Telegram
/// says so), so only what a page's position proves is filled. Read back, a page starts right
/// below its offset: the hole is filled from its top to the page's lowest id, and to its bottom
/// only when the server says the answer is the whole chat or an empty page. Read forward
/// (offset at the hole's bottom, add_offset −limit), only a full page is known to start there;
/// a short one may be the server's limit, so what lies between the hole's bottom and it is
/// asked for by a page read back from it, and an empty one is believed only when that page
/// back is empty too. A page with nothing at or above the bottom answers another question: an
/// error, nothing filled.
enum HistoryHoleFiller {
    static let pageSize: Int32 = 100

    /// Fills the end `end` names of its hole in `peerId`; how many messages came (0: none was
    /// missing there).
    static func fill(_ peerId: PeerId, _ end: HistoryHoleEnd, postbox: Postbox, client: MTProtoClient, accountPeer: PeerId,
                     timeout: Double) throws -> Int {
        let fetch = Fetch(peerId: peerId, postbox: postbox, client: client, accountPeer: accountPeer, timeout: timeout)
        switch end {
        case .below(let cursor):
            guard let hole = try postbox.read({ try $0.historyHole(peerId, below: cursor) }) else { return 0 }
            // Messages, none of them in what was asked: nothing is learnt, and asking again
            // would bring the same (the chat is asked for again after the failure's pause).
            guard let count = try fetch.top(of: hole) else { throw Fetch.nothingIn(hole) }
            return count
        case .above(let cursor):
            guard let hole = try postbox.read({ try $0.historyHole(peerId, above: cursor) }) else { return 0 }
            return try fetch.bottom(of: hole)
        }
    }

    private struct Fetch {
        let peerId: PeerId, postbox: Postbox, client: MTProtoClient, accountPeer: PeerId, timeout: Double

        /// The page right below the hole's top (above `minId`); nil when it holds messages but
        /// none in the hole.
        func top(of hole: ClosedRange<Int32>, minId: Int32 = 0) throws -> Int? {
            let page = try self.page(offsetId: hole.upperBound &+ 1, addOffset: 0, minId: minId)
            if page.whole || page.ids.isEmpty { return try store(page, in: hole, filling: hole) }
            guard let lowest = page.ids.filter(hole.contains).min() else { return nil }
            return try store(page, in: hole, filling: lowest ... hole.upperBound)
        }

        /// The oldest page at or above the hole's bottom.
        func bottom(of hole: ClosedRange<Int32>) throws -> Int {
            let page = try self.page(offsetId: hole.lowerBound, addOffset: -pageSize, minId: 0)
            if page.whole { return try store(page, in: hole, filling: hole) }
            var count = 0
            var anchor = hole.upperBound &+ 1
            if let lowest = page.ids.min(), let highest = page.ids.max() {
                // Nothing at or above the bottom: an answer to another question (asking again
                // brings the same).
                guard highest >= hole.lowerBound else { throw Self.nothingIn(hole) }
                if page.ids.count >= Int(pageSize) {
                    // All that was asked: the page starts at the hole's bottom.
                    return try store(page, in: hole, filling: hole.lowerBound ... min(highest, hole.upperBound))
                }
                // Fewer than asked: consecutive, but from where is not known. What it spans held
                // nothing else.
                if lowest <= hole.upperBound {
                    count += try store(page, in: hole, filling: max(lowest, hole.lowerBound) ... min(highest, hole.upperBound))
                }
                anchor = min(lowest, anchor)
            }
            // Below what the page spans (all of the hole, for an empty page: the chat's message
            // above the hole should have come), a page read back, which starts where it is asked.
            guard anchor > hole.lowerBound else { return count }
            let below = hole.lowerBound ... anchor - 1
            if let back = try top(of: below, minId: hole.lowerBound &- 1) { return count + back }
            if count > 0 { return count }
            throw Self.nothingIn(below)
        }

        struct Page {
            var messages: [Api.Message], chats: [Api.Chat], users: [Api.User]
            /// The server says this is the whole chat (messages.messages).
            var whole: Bool
            var ids: [Int32] { messages.compactMap(ServerObjects.messageId) }
        }

        func page(offsetId: Int32, addOffset: Int32, minId: Int32) throws -> Page {
            let peer = try InputPeers(postbox: postbox, accountPeer: accountPeer).peer(peerId)
            let answer = try client.invoke(Api.functions.messages.GetHistory(peer: peer, offsetId: offsetId, offsetDate: 0, addOffset: addOffset,
                                                                              limit: pageSize, maxId: 0, minId: minId, hash: 0), timeout: timeout)
            switch answer {
            case .messages(let list, let groups, let people):
                return Page(messages: list, chats: groups, users: people, whole: true)
            case .messagesSlice(_, _, _, _, _, let list, let groups, let people), .channelMessages(_, _, _, _, let list, _, let groups, let people):
                return Page(messages: list, chats: groups, users: people, whole: false)
            case .messagesNotModified:
                throw MTProtoError.badResult(method: "messages.getHistory", reason: "not modified, though no hash was given")
            }
        }

        /// The page's messages in `hole` stored with their authors, and `filled` no longer a hole.
        func store(_ page: Page, in hole: ClosedRange<Int32>, filling filled: ClosedRange<Int32>) throws -> Int {
            // Only what falls in the hole: a message already here keeps what this device added
            // to it (a fetched file), and a server that answers outside what was asked adds nothing.
            let stored = page.messages.compactMap { ServerObjects.pinnedMessage($0, accountPeer: accountPeer) }
                .filter { $0.message.id.peerId == peerId && $0.message.id.namespace == MessageId.cloudNamespace && hole.contains($0.message.id.id) }
            try postbox.transaction { t in
                _ = try ServerObjects.store(page.users, in: t)
                _ = try ServerObjects.store(page.chats, in: t)
                // One here already (a pinned message fetched alone) keeps what it has.
                let named = try stored.filter { try t.message($0.message.id) == nil }.map { try ServerObjects.named($0.message, in: t) }
                if !named.isEmpty {
                    try t.addMessages(named)
                    try t.recordServerMessageChats(named.map(\.id))
                }
                // Pinned long ago, and only seen now.
                for (message, pinned) in stored where pinned { try t.learnPinnedMessage(message.id) }
                try t.fillHistoryHole(peerId, filled)
            }
            return stored.count
        }

        static func nothingIn(_ hole: ClosedRange<Int32>) -> Error {
            MTProtoError.badResult(method: "messages.getHistory", reason: "no message in \(hole.lowerBound)...\(hole.upperBound) in the page")
        }
    }
}
