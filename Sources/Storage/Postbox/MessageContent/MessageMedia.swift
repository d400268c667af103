/// What a message carries besides its text (Telegram's `Media`: TelegramMediaImage and
/// TelegramMediaFile, TelegramMediaPoll, TelegramMediaContact, TelegramMediaMap, TelegramMediaTodo,
/// TelegramMediaGame, TelegramMediaInvoice). Each is a typed value sealed with its message.
public enum MessageMedia: Equatable, Sendable {
    case file(MessageFile)
    case poll(MessagePoll)
    case contact(MessageContact)
    case location(MessageLocation)
    case todo(MessageTodo)
    case game(MessageGame)
    case invoice(MessageInvoice)

    public var file: MessageFile? { if case .file(let v) = self { return v } else { return nil } }
    public var poll: MessagePoll? { if case .poll(let v) = self { return v } else { return nil } }
    public var contact: MessageContact? { if case .contact(let v) = self { return v } else { return nil } }
    public var location: MessageLocation? { if case .location(let v) = self { return v } else { return nil } }
    public var todo: MessageTodo? { if case .todo(let v) = self { return v } else { return nil } }
    public var game: MessageGame? { if case .game(let v) = self { return v } else { return nil } }
    public var invoice: MessageInvoice? { if case .invoice(let v) = self { return v } else { return nil } }
}

/// A photo or a document: what it is, its name, type and size, and whether the file itself is
/// here (in the MediaBox, under the message's `mediaResourceIds`).
public struct MessageFile: Equatable, Sendable {
    /// Telegram Desktop's media types: photo, file, video_file, animation, audio_file,
    /// voice_message, video_message, sticker.
    public var kind: String
    public var fileName: String?
    public var mimeType: String?
    /// Bytes; nil when unknown.
    public var size: Int64?
    public var duration: Int32?
    public var width: Int32?
    public var height: Int32?
    public var availability: Availability
    /// A song's performer and title.
    public var performer: String?
    public var title: String?
    /// The emoji a sticker stands for.
    public var stickerEmoji: String?
    /// Shown blurred until tapped.
    public var hasSpoiler: Bool
    /// A self-destructing photo or video's timer.
    public var selfDestructSeconds: Int32?

    public enum Availability: Equatable, Sendable {
        /// In the MediaBox.
        case included
        /// The source left it out; the reason as it said it ("File not included. …").
        case notIncluded(reason: String)
        /// The source named a file that was not there.
        case missing
        /// On the account's server, not downloaded yet: where to ask for it (upload.getFile).
        case onServer(ServerFile)
    }

    public init(kind: String, fileName: String? = nil, mimeType: String? = nil, size: Int64? = nil, duration: Int32? = nil,
                width: Int32? = nil, height: Int32? = nil, availability: Availability = .included, performer: String? = nil,
                title: String? = nil, stickerEmoji: String? = nil, hasSpoiler: Bool = false, selfDestructSeconds: Int32? = nil) {
        self.kind = kind
        self.fileName = fileName
        self.mimeType = mimeType
        self.size = size
        self.duration = duration
        self.width = width
        self.height = height
        self.availability = availability
        self.performer = performer
        self.title = title
        self.stickerEmoji = stickerEmoji
        self.hasSpoiler = hasSpoiler
        self.selfDestructSeconds = selfDestructSeconds
    }

    public var isIncluded: Bool { availability == .included }
    public var serverFile: ServerFile? { if case .onServer(let f) = availability { return f } else { return nil } }
    public var isPhoto: Bool { kind == "photo" }
}

/// A photo or document the server holds, as a download names it (Telegram's
/// InputPhotoFileLocation / InputDocumentFileLocation, and the datacenter that stores it).
public struct ServerFile: Equatable, Sendable {
    public var isPhoto: Bool
    public var id: Int64
    public var accessHash: Int64
    public var fileReference: [UInt8]
    public var datacenter: Int32
    /// A photo's size to fetch ("x", the largest here); empty for a document.
    public var thumbSize: String

    public init(isPhoto: Bool, id: Int64, accessHash: Int64, fileReference: [UInt8], datacenter: Int32, thumbSize: String) {
        (self.isPhoto, self.id, self.accessHash, self.fileReference, self.datacenter, self.thumbSize) =
            (isPhoto, id, accessHash, fileReference, datacenter, thumbSize)
    }

    /// Where the MediaBox keeps it once downloaded.
    public var resourceId: String { (isPhoto ? "server-photo-" : "server-document-") + String(id) }
}

public struct MessagePoll: Equatable, Sendable {
    public struct Answer: Equatable, Sendable {
        public var text: String
        public var voters: Int32
        /// The account voted for it.
        public var chosen: Bool

        public init(text: String, voters: Int32, chosen: Bool = false) {
            self.text = text
            self.voters = voters
            self.chosen = chosen
        }
    }

    public var question: String
    public var answers: [Answer]
    public var totalVoters: Int32
    public var isClosed: Bool

    public init(question: String, answers: [Answer], totalVoters: Int32, isClosed: Bool) {
        self.question = question
        self.answers = answers
        self.totalVoters = totalVoters
        self.isClosed = isClosed
    }
}

/// A shared contact card.
public struct MessageContact: Equatable, Sendable {
    public var firstName: String
    public var lastName: String
    public var phone: String
    /// The vCard's text, when the source had it.
    public var vcard: String?

    public init(firstName: String, lastName: String, phone: String, vcard: String? = nil) {
        self.firstName = firstName
        self.lastName = lastName
        self.phone = phone
        self.vcard = vcard
    }

    public var name: String { [firstName, lastName].filter { !$0.isEmpty }.joined(separator: " ") }
}

/// A point on the map: a location, a live location (with its period) or a venue (with its title
/// and address). No coordinates when the source had none (a point Telegram marks invalid).
public struct MessageLocation: Equatable, Sendable {
    public var latitude: Double?
    public var longitude: Double?
    public var title: String?
    public var address: String?
    public var livePeriod: Int32?

    public init(latitude: Double?, longitude: Double?, title: String? = nil, address: String? = nil, livePeriod: Int32? = nil) {
        self.latitude = latitude
        self.longitude = longitude
        self.title = title
        self.address = address
        self.livePeriod = livePeriod
    }
}

/// A checklist (TelegramMediaTodo).
public struct MessageTodo: Equatable, Sendable {
    public struct Item: Equatable, Sendable {
        public var id: Int32
        public var text: String
        public var done: Bool

        public init(id: Int32, text: String, done: Bool = false) {
            self.id = id
            self.text = text
            self.done = done
        }
    }

    public var title: String
    public var items: [Item]
    public var othersCanAppend: Bool
    public var othersCanComplete: Bool

    public init(title: String, items: [Item], othersCanAppend: Bool = false, othersCanComplete: Bool = false) {
        self.title = title
        self.items = items
        self.othersCanAppend = othersCanAppend
        self.othersCanComplete = othersCanComplete
    }
}

public struct MessageGame: Equatable, Sendable {
    public var title: String
    public var description: String
    public var link: String?

    public init(title: String, description: String, link: String? = nil) {
        self.title = title
        self.description = description
        self.link = link
    }
}

public struct MessageInvoice: Equatable, Sendable {
    public var title: String
    public var description: String
    /// In the currency's smallest unit, as Telegram counts it.
    public var amount: Int64
    public var currency: String

    public init(title: String, description: String, amount: Int64, currency: String) {
        self.title = title
        self.description = description
        self.amount = amount
        self.currency = currency
    }
}
