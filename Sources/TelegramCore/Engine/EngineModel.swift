import KeyValueStore
import Storage

// The names the layers above use for what the engine hands them: Postbox's own immutable records
// (as Telegram iOS's EnginePeer.Id is PeerId; copying them into look-alike structs would buy
// nothing), the AccountManager the launch opens, and a second store connection they only pass on.
// What they may not do with them — open a store, compose a transaction — EngineBoundaryTests
// checks in their source.

public typealias EnginePeer = Peer
public typealias EngineMessage = Message
public typealias EngineAccountRecord = AccountRecord
public typealias EngineMediaBox = MediaBox
public typealias EnginePeerResolution = PeerResolution
public typealias EnginePickableChat = PickableChat
public typealias EngineCallRecord = CallRecord
public typealias EngineMessageSearch = MessageSearch
public typealias EngineTextMatcher = TextMatcher
public typealias EngineError = StorageError
public typealias EngineMessageIndex = MessageIndex
public typealias EngineUnreadSpan = UnreadSpan
public typealias EngineReadState = ReadState
public typealias EngineMessageMedia = MessageMedia
public typealias EngineDeviceContact = DeviceContact
public typealias EngineStoreCounters = PostboxCounters
public typealias EngineAccountManager = AccountManager
public typealias EngineAccountManagerState = AccountManagerState
public typealias EngineMessageReply = MessageReply
public typealias EngineMessageMarkdown = MessageMarkdown
public typealias EngineMessageTextEntity = MessageTextEntity
public typealias EngineMessageFile = MessageFile
public typealias EngineAccessChallengeData = AccessChallengeData
/// A second writing connection to an account's store (AccountManager.openConnection), which the
/// layers above only hand on to the writers below the engine (an import, a sync, the listener).
public typealias EngineStoreConnection = Postbox

extension Peer {
    public typealias Id = PeerId
}

extension Message {
    public typealias Id = MessageId
}

extension Message {
    /// What the message is in one line, as a chat list or a notification shows it ("🖼 Photo").
    public var summaryText: String { MessageSummary.text(of: self) }
}
