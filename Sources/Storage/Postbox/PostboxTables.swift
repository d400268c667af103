import KeyValueStore

/// Table ids: Telegram's PostboxImpl numbers where Telegram has the table, the project's own
/// from 60 up.
public enum PostboxTable {
    public static let metadata: Int32 = 0
    public static let keychain: Int32 = 1
    public static let peers: Int32 = 2
    /// peerId ‖ namespace ‖ id >> 6 → which of those 64 ids are stored, and their timestamps:
    /// finds a message by id (MessageIdIndex).
    public static let messageIdIndex: Int32 = 6
    /// peerId ‖ namespace ‖ timestamp ‖ id → message (Telegram's newest key layout).
    public static let messageHistory: Int32 = 7
    /// peerId → the peer's current chat list key.
    public static let chatListIndex: Int32 = 8
    /// Ordered chat list keys (ChatListKey), empty values.
    public static let chatList: Int32 = 9
    public static let readState: Int32 = 14
    public static let peerNotificationSettings: Int32 = 19
    public static let contacts: Int32 = 60
    public static let callLog: Int32 = 61
    /// Idempotency ids of applied extension requests (the request channel).
    public static let appliedRequests: Int32 = 62
    /// The device address book main imported (`main contacts import`), for Siri's contact
    /// resolution; Telegram keeps its counterpart in deviceContactImportInfo (54).
    public static let deviceContacts: Int32 = 63
    /// Message search: keyed hashes of word prefixes → sealed posting lists (Search/SearchIndexRows).
    /// Telegram searches with SQLite FTS inside its encrypted database; here each value is sealed
    /// and the keys must not name words, so it has an index of its own.
    public static let searchIndex: Int32 = 64
    /// peerId → the chat's pinned message ids (PinnedMessages). Telegram keeps them as a message
    /// tag and in the peer's cached data; here one small row a chat, read when a chat opens.
    public static let pinnedMessages: Int32 = 65
    /// peerId → the chat's draft (ChatDraft): Telegram's PeerChatInterfaceStateTable, whose
    /// number it takes from Telegram's newest PostboxImpl.
    public static let chatInterfaceStates: Int32 = 67
    /// timestamp ‖ peerId ‖ local id → nothing: the messages waiting to be sent to the server, in
    /// the order they were written (Telegram's MessageHistoryUnsentTable). A message leaves it
    /// when the server has it, or has refused it.
    public static let unsentMessages: Int32 = 68
    /// peerId → the access_hash the server gave with the peer: what an InputPeer must carry for
    /// the server to accept the peer from this account (Telegram keeps it in TelegramUser).
    public static let peerAccessHashes: Int32 = 69
    /// sequence Int64 → ServerOperation: the account's changes its server has not heard yet
    /// (read marks, edits, deletions, reactions, pins, drafts), in the order they were made.
    public static let serverOperations: Int32 = 70
    /// message id Int32 → peerId: the chat of each message the server numbered from the
    /// account's one sequence (private chats, basic groups), whose deletions name ids alone.
    public static let serverMessageChats: Int32 = 71
    /// peerId ‖ upper id → lower id: ranges of a chat's cloud message ids not loaded from the
    /// server yet (Telegram's MessageHistoryHoleIndexTable), so history ends at a hole instead of
    /// passing over it. No row: nothing missing. Older binaries do not read it (nothing to upgrade).
    public static let messageHistoryHoles: Int32 = 72
    /// peerId → pts: where the account stands in each channel's own sequence of updates
    /// (Telegram's ChannelState in its peer chat state table), written with what it accounts for.
    /// Older binaries do not read it.
    public static let channelStates: Int32 = 73

    /// Postbox schema (SQLite user_version) this build reads and writes; main brings an older
    /// store up when it opens it (PostboxSchemaUpgrade), and until then readers refuse it
    /// (StorageError.olderSchema), as a build refuses a newer one (StorageError.newerSchema).
    /// - 2: the message id index keeps a row per 64 ids, not per message.
    /// - 3: message version 4 (typed media and attributes, as tagged fields), which older binaries
    ///   cannot read: that is why they must refuse a store that has it, and its schema version
    ///   tells them to. And messages are indexed for search under their searchable text (their
    ///   text and what their media say: MessageSummary.searchableText); the upgrade indexes the
    ///   words of what the messages stored before carry (SearchIndexCarriedWords), which a reader
    ///   of a store main has not upgraded yet would miss.
    /// - 4: a search index row of several segments has a directory of them (SegmentDirectory), so
    ///   an edit or a deletion reads a segment or two per word (search index format 2). The upgrade
    ///   builds the directories in place (SearchIndexDirectories), so the index stays usable;
    ///   without it a format 1 index would be dropped and rebuilt, every search scanning until
    ///   then. An older main refuses the store rather than rebuild the index as format 1.
    public static let schemaVersion: Int32 = 4
}

enum PostboxKeys {
    static let counters = ValueBoxKey("counters")
    static let accountPeerId = ValueBoxKey("accountPeerId")
    /// The Telegram user id of the export imported as this account (see `exportOwnUserId`).
    static let exportOwnUserId = ValueBoxKey("exportOwnUserId")
    /// Per chat, the ids an imported export repeats (see `exportRepeats`): this prefix ‖ peerId.
    static let exportRepeats = ValueBoxKey("exportRepeats:")
    /// The last local message id handed out: never reused, so a local id names one message.
    static let lastLocalMessageId = ValueBoxKey("lastLocalMessageId")
    /// The last key given to a server operation (table 70).
    static let lastServerOperation = ValueBoxKey("lastServerOperation")

    static func peer(_ id: PeerId) -> ValueBoxKey { ValueBoxKey(int64: id.toInt64()) }
    /// Bounds of a scan over every peer-keyed row (8-byte keys).
    static let firstPeer = ValueBoxKey([])
    static let afterLastPeer = ValueBoxKey([UInt8](repeating: 0xff, count: 9))

    static func message(_ index: MessageIndex) -> ValueBoxKey {
        ValueBoxKey(index.id.peerId.toInt64(), index.id.namespace, index.timestamp, index.id.id)
    }

    /// Greater than every message history key (20 bytes): the end of a scan over all of them.
    static let afterLastMessage = ValueBoxKey([UInt8](repeating: 0xff, count: 21))

    static func messageIndex(from key: ValueBoxKey) -> MessageIndex {
        MessageIndex(id: MessageId(peerId: PeerId(key.int64(at: 0)), namespace: key.int32(at: 8), id: key.int32(at: 16)),
                     timestamp: key.int32(at: 12))
    }

    /// chatListIndex's value for a chat kept out of the list: one byte, where a chat list key has 24.
    static let notIncludedInChatList: [UInt8] = [0]

    static func historyPrefix(_ peerId: PeerId, namespace: Int32) -> ValueBoxKey {
        var k = ValueBoxKey(int64: peerId.toInt64())
        k.append(namespace)
        return k
    }

    static func call(_ record: CallRecord) -> ValueBoxKey {
        var k = ValueBoxKey(int32: record.timestamp)
        k.append(record.callId)
        return k
    }
}

/// Telegram's chat list key (ChatListTable, 24 bytes): groupId Int32 ‖ pinKey UInt16 ‖
/// timestamp Int32 ‖ msgNamespace Int8 ‖ msgId Int32 ‖ peerId Int64 ‖ type Int8. A descending scan
/// gives pinned chats first (pinKey = UInt16.max − 1 − pinningIndex), then the newest.
public struct ChatListKey: Equatable, Sendable {
    public static let rootGroup: Int32 = 0

    public var groupId: Int32
    public var pinningIndex: UInt16?
    public var topMessage: MessageIndex

    public init(groupId: Int32 = ChatListKey.rootGroup, pinningIndex: UInt16?, topMessage: MessageIndex) {
        self.groupId = groupId
        self.pinningIndex = pinningIndex
        self.topMessage = topMessage
    }

    var key: ValueBoxKey {
        var k = ValueBoxKey(int32: groupId)
        k.append(pinningIndex.map { UInt16.max - 1 - $0 } ?? 0)
        k.append(topMessage.timestamp)
        k.append(Int8(truncatingIfNeeded: topMessage.id.namespace))
        k.append(topMessage.id.id)
        k.append(topMessage.id.peerId.toInt64())
        k.append(Int8(1))
        return k
    }

    init(key: ValueBoxKey) {
        groupId = key.int32(at: 0)
        let pinKey = key.uint16(at: 4)
        pinningIndex = pinKey == 0 ? nil : UInt16.max - 1 - pinKey
        let peerId = PeerId(key.int64(at: 15))
        topMessage = MessageIndex(id: MessageId(peerId: peerId, namespace: Int32(key.int8(at: 10)), id: key.int32(at: 11)),
                                  timestamp: key.int32(at: 6))
    }
}
