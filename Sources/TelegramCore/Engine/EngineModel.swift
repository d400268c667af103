import KeyValueStore
import Storage

// The values the engine hands up. They are Postbox's own immutable records under the engine's
// names (as Telegram iOS's EnginePeer.Id is PeerId): copying them into look-alike structs would
// buy nothing, while what the layers above may not do — compose a transaction — stays in here.

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
