/// A formatted span of a message's text (Telegram's MessageTextEntity), kept for display: offsets
/// and lengths in UTF-16 units of `Message.text`, as Telegram counts them.
public struct MessageTextEntity: Equatable, Sendable {
    /// Telegram Desktop's export names: bold, italic, text_link, mention_name, pre, spoiler, ...
    public var type: String
    public var offset: Int32
    public var length: Int32
    /// The link of a text_link, the user id of a mention_name, the language of a pre block.
    public var value: String?

    public init(type: String, offset: Int32, length: Int32, value: String? = nil) {
        self.type = type
        self.offset = offset
        self.length = length
        self.value = value
    }
}

/// A file a message had that is not in the MediaBox (an export that left it out): what the chat
/// shows in its place.
public struct MessageFilePlaceholder: Equatable, Sendable {
    public var name: String
    /// Bytes; 0 when unknown.
    public var size: Int64
    public var mimeType: String

    public init(name: String, size: Int64, mimeType: String) {
        self.name = name
        self.size = size
        self.mimeType = mimeType
    }
}

/// What a message carries beyond its text and kind; empty for most (a seeded or sent message), so
/// those are still written in the older, shorter versions.
public struct MessageExtras: Equatable, Sendable {
    public var entities: [MessageTextEntity] = []
    public var replyToMessageId: Int32?
    /// The name the original sender had, for a forwarded message.
    public var forwardedFrom: String?
    public var editTimestamp: Int32?
    /// A service message ("Ada created the group"): `text` is its line.
    public var isService = false
    public var missingFile: MessageFilePlaceholder?

    public init(entities: [MessageTextEntity] = [], replyToMessageId: Int32? = nil, forwardedFrom: String? = nil,
                editTimestamp: Int32? = nil, isService: Bool = false, missingFile: MessageFilePlaceholder? = nil) {
        self.entities = entities
        self.replyToMessageId = replyToMessageId
        self.forwardedFrom = forwardedFrom
        self.editTimestamp = editTimestamp
        self.isService = isService
        self.missingFile = missingFile
    }

    public var isEmpty: Bool { self == MessageExtras() }

    /// Bounds a corrupt or hostile row cannot make a reader allocate past.
    static let maxEntities: Int32 = 10_000

    func encode(to w: inout BinaryWriter) {
        w.write(Int32(entities.count))
        for e in entities {
            w.write(e.type)
            w.write(e.offset)
            w.write(e.length)
            w.writeOptional(e.value)
        }
        w.write(replyToMessageId != nil)
        if let replyToMessageId { w.write(replyToMessageId) }
        w.writeOptional(forwardedFrom)
        w.write(editTimestamp != nil)
        if let editTimestamp { w.write(editTimestamp) }
        w.write(isService)
        w.write(missingFile != nil)
        if let missingFile {
            w.write(missingFile.name)
            w.write(missingFile.size)
            w.write(missingFile.mimeType)
        }
    }

    init(from r: inout BinaryReader) throws {
        let count = try r.readInt32()
        guard (0...Self.maxEntities).contains(count) else { throw BinaryReader.Truncated() }
        for _ in 0..<count {
            entities.append(MessageTextEntity(type: try r.readString(), offset: try r.readInt32(), length: try r.readInt32(),
                                              value: try r.readOptionalString()))
        }
        replyToMessageId = try r.readBool() ? try r.readInt32() : nil
        forwardedFrom = try r.readOptionalString()
        editTimestamp = try r.readBool() ? try r.readInt32() : nil
        isService = try r.readBool()
        if try r.readBool() {
            missingFile = MessageFilePlaceholder(name: try r.readString(), size: try r.readInt64(), mimeType: try r.readString())
        }
    }
}
