import Storage

/// What the screens read from the current account's Postbox, a page at a time. Reads only:
/// changes go through the app (AppCore), which is the writer, by the closures it hands the
/// screens (Telegram's screens read Postbox views and write through the account's engine).
public struct AccountData {
    public let postbox: Postbox

    public init(postbox: Postbox) {
        self.postbox = postbox
    }

    /// The account's chat with itself, as Telegram names it.
    public static let savedMessagesTitle = "Saved Messages"

    /// The top of the chat list and the chats with unread messages, read in one transaction, so
    /// the rows and the tab's badge always describe the same commit.
    public struct ChatListPage {
        public var items: [ChatListItem]
        /// Chats with unread messages, muted ones left out unless asked (the Postbox's totals:
        /// what the tab's badge says however little of the list is read).
        public var unreadChats: Int64
    }

    /// The top of the chat list: pinned first, then newest. The account's own chat is Saved
    /// Messages, as in Telegram's list (and the widget's).
    public func chatList(limit: Int, now: Int32, unreadIncludingMuted: Bool) throws -> ChatListPage {
        try postbox.read { t in
            let accountPeerId = try t.accountPeerId()
            let items = try t.topChatListEntries(count: limit).map { entry in
                let isSavedMessages = entry.peerId == accountPeerId
                let message = try t.message(entry.topMessageIndex)
                let text = message.map { Self.firstLine($0.text.isEmpty ? "[\($0.contentKind.name)]" : $0.text) } ?? ""
                var preview = text
                if let message, !entry.peerId.isUserLike, let author = message.authorId {
                    let name = message.isIncoming ? (try t.peer(author)?.firstName ?? "") : "You"
                    if !name.isEmpty { preview = name + ": " + preview }
                }
                var item = ChatListItem(peerId: entry.peerId, title: isSavedMessages ? Self.savedMessagesTitle : entry.peer?.displayTitle ?? "",
                                    isPinned: entry.pinningIndex != nil,
                                    isMuted: try t.isMuted(entry.peerId, at: now),
                                    isSecret: entry.peerId.namespace == .secretChat,
                                    unreadCount: entry.readState?.unreadCount ?? 0, preview: preview,
                                    timestamp: entry.topMessageIndex.timestamp,
                                    letters: isSavedMessages ? ["S", "M"] : entry.peer?.displayLetters ?? [],
                                    photoResourceId: isSavedMessages ? nil : entry.peer?.photoResourceId)
                item.topMessage = message?.index
                item.topMessageIsIncoming = message?.isIncoming ?? false
                item.topMessageText = text
                return item
            }
            return ChatListPage(items: items, unreadChats: try t.unreadTotals(includeMuted: unreadIncludingMuted, now: now).chats)
        }
    }

    /// One page of a chat's history older than `index`, newest first.
    public func history(_ peerId: PeerId, before index: MessageIndex?, limit: Int) throws -> [Message] {
        try postbox.read { try $0.messages(peerId, before: index, limit: limit) }
    }

    public func readState(_ peerId: PeerId) throws -> ReadState? {
        try postbox.read { try $0.readState(peerId) }
    }

    public func peer(_ peerId: PeerId) throws -> Peer? {
        try postbox.read { try $0.peer(peerId) }
    }

    /// First names of message authors, for a group's sender lines.
    public func names(_ ids: Set<PeerId>) throws -> [PeerId: String] {
        try postbox.read { t in
            var result: [PeerId: String] = [:]
            for id in ids { result[id] = try t.peer(id)?.displayTitle }
            return result
        }
    }

    /// Contacts, by name.
    public func contacts() throws -> [Peer] {
        try postbox.read { t in
            // Each name folded once, not in every comparison (the tab's first showing was 10 ms).
            try t.contactPeerIds().compactMap { try t.peer($0) }.filter { !$0.isDeleted }
                .map { ($0.displayTitle.lowercased(), $0) }.sorted { $0.0 < $1.0 }.map(\.1)
        }
    }

    /// `/` in the chat list: chats whose title matches, and the newest messages containing the text.
    public func search(_ query: String, messageLimit: Int) throws -> (chats: [Peer], messages: [(Message, String)]) {
        try postbox.read { t in
            let chats = try t.searchPeers(matching: query, limit: 20, includeSecretChats: true)
            guard messageLimit > 0 else { return (chats, []) }
            let hits = try MessageSearch(text: TextMatcher(query), limit: messageLimit).run(t)
            return (chats, try hits.map { hit in
                var message = hit.message
                // As the chat list shows a group's messages: with the sender's first name.
                if !message.id.peerId.isUserLike, let author = message.authorId {
                    let name = message.isIncoming ? (try t.peer(author)?.firstName ?? "") : "You"
                    if !name.isEmpty { message.text = name + ": " + message.text }
                }
                return (message, try t.peer(message.id.peerId)?.displayTitle ?? "")
            })
        }
    }

    public func calls(limit: Int) throws -> [(CallRecord, String)] {
        try postbox.read { t in
            try t.calls(limit: limit).map { ($0, try t.peer($0.peerId)?.displayTitle ?? "") }
        }
    }

    static func firstLine(_ text: String) -> String {
        // Found in the UTF-8 (line breaks are single ASCII bytes), not by walking Characters:
        // grapheme breaking every top message's text was 15 % of a chat list reload. A "\r\n"
        // ends the line too (as one Character it was neither "\r" nor "\n").
        guard let end = text.utf8.firstIndex(where: { $0 == 0x0A || $0 == 0x0D }) else { return text }
        return String(text[..<end])
    }
}

extension PeerId {
    /// A one-to-one chat (a user or a secret chat): no sender names on its messages.
    var isUserLike: Bool { namespace == .cloudUser || namespace == .secretChat }
}
