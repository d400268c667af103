import Formats

public struct MessageId: Hashable, Sendable, CustomStringConvertible {
    /// Telegram's Namespaces.Message.Cloud: ids the server gave.
    public static let cloudNamespace: Int32 = 0
    /// Telegram's Namespaces.Message.Local: the account's messages the server has not numbered
    /// yet (waiting to be sent, or refused); each moves to the cloud namespace under the id the
    /// server answers with.
    public static let localNamespace: Int32 = 1

    public var peerId: PeerId
    public var namespace: Int32
    public var id: Int32

    public init(peerId: PeerId, namespace: Int32 = MessageId.cloudNamespace, id: Int32) {
        self.peerId = peerId
        self.namespace = namespace
        self.id = id
    }

    /// `<peerId>_<namespace>_<id>`, the identifier Siri intents use.
    public var description: String { "\(peerId.toInt64())_\(namespace)_\(id)" }
}

/// Where a message sits in its chat's history: ordered by timestamp, then id.
public struct MessageIndex: Hashable, Comparable, Sendable {
    public var id: MessageId
    public var timestamp: Int32

    public init(id: MessageId, timestamp: Int32) {
        self.id = id
        self.timestamp = timestamp
    }

    public static func < (a: MessageIndex, b: MessageIndex) -> Bool {
        if a.timestamp != b.timestamp { return a.timestamp < b.timestamp }
        if a.id.namespace != b.id.namespace { return a.id.namespace < b.id.namespace }
        return a.id.id < b.id.id
    }
}

/// The kinds Telegram's widget distinguishes for a last message.
public enum MessageContentKind: UInt8, Sendable, CaseIterable {
    case text, image, video, file, gif, music, voiceMessage, videoMessage, sticker, call, mapLocation, poll

    /// The case's name, as the widget's JSON and `main messages --json` say it. Spelled out: the
    /// reflection behind "\(self)" cost a chat's refresh more than its layout.
    public var name: String {
        switch self {
        case .text: return "text"
        case .image: return "image"
        case .video: return "video"
        case .file: return "file"
        case .gif: return "gif"
        case .music: return "music"
        case .voiceMessage: return "voiceMessage"
        case .videoMessage: return "videoMessage"
        case .sticker: return "sticker"
        case .call: return "call"
        case .mapLocation: return "mapLocation"
        case .poll: return "poll"
        }
    }
}

/// The index lives in the key, so a message encodes only the rest and decodes with its index given.
public struct Message: Equatable, Sendable {
    public var index: MessageIndex
    public var authorId: PeerId?
    public var text: String
    public var isIncoming: Bool
    public var contentKind: MessageContentKind
    /// Forum topic id, when the chat has topics.
    public var threadId: Int64?
    /// The MediaBox resources of the message's files (a shared photo, document ...).
    public var mediaResourceIds: [String]
    /// Media and attributes: entities, reply, forward, edit, reactions, the service action (MessageExtras).
    public var extras: MessageExtras

    public init(index: MessageIndex, authorId: PeerId?, text: String, isIncoming: Bool,
                contentKind: MessageContentKind = .text, threadId: Int64? = nil, mediaResourceIds: [String] = [],
                extras: MessageExtras = MessageExtras()) {
        self.index = index
        self.authorId = authorId
        self.text = text
        self.isIncoming = isIncoming
        self.contentKind = contentKind
        self.threadId = threadId
        self.mediaResourceIds = mediaResourceIds
        self.extras = extras
    }

    public var id: MessageId { index.id }

    public func encoded() -> [UInt8] {
        // Sized for the text, so the bytes are allocated once.
        var w = BinaryWriter(capacity: 32 + text.utf8.count)
        // Version 2 adds media resources, version 3 the extras (a fixed layout), version 4 the
        // extras as tagged fields (media, reactions, buttons, ...); a message needs only the
        // version of what it has, so a text-only one is still written as version 1 (and older
        // rows decode). Version 3 is read, never written.
        let version: UInt8 = !extras.isEmpty ? 4 : mediaResourceIds.isEmpty ? 1 : 2
        w.write(version)
        w.write(authorId != nil)
        if let authorId { w.write(authorId.toInt64()) }
        w.write(text)
        w.write(isIncoming)
        w.write(contentKind.rawValue)
        w.write(threadId != nil)
        if let threadId { w.write(threadId) }
        if version >= 2 {
            w.write(Int32(mediaResourceIds.count))
            for id in mediaResourceIds { w.write(id) }
        }
        if version >= 3 { extras.encode(to: &w) }
        return w.bytes
    }

    /// Whether an encoded message can have extras (media, attributes) without decoding it:
    /// versions 1 and 2 never do.
    static func mayHaveExtras(encoded bytes: [UInt8]) -> Bool { (bytes.first ?? 0) >= 3 }

    public init(index: MessageIndex, decoding bytes: [UInt8]) throws {
        var r = BinaryReader(bytes)
        let version = try r.readUInt8()
        guard (1...4).contains(version) else { throw BinaryReader.Truncated() }
        self.index = index
        authorId = try r.readBool() ? PeerId(try r.readInt64()) : nil
        text = try r.readString()
        isIncoming = try r.readBool()
        guard let kind = MessageContentKind(rawValue: try r.readUInt8()) else { throw BinaryReader.Truncated() }
        contentKind = kind
        threadId = try r.readBool() ? try r.readInt64() : nil
        mediaResourceIds = []
        if version >= 2 {
            for _ in 0..<(try r.readCount(max: 1024)) { mediaResourceIds.append(try r.readString()) }
        }
        switch version {
        case 3: extras = try MessageExtras(version3: &r)
        case 4: extras = try MessageExtras(from: &r)
        default: extras = MessageExtras()
        }
    }
}
