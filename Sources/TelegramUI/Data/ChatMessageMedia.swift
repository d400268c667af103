/// A message's media as the chat screen shows it (Telegram's photos, documents, polls, contact
/// cards, places, checklists, games and invoices), each with just what a line of it says.
extension ChatMessage {
    public enum Media: Equatable, Sendable {
        case photo(Photo)
        case file(File)
        case poll(Poll)
        case contact(Contact)
        case location(Location)
        case checklist(Checklist)
        case game(title: String, description: String)
        /// `price` already in words ("12.50 EUR").
        case invoice(title: String, description: String, price: String)
    }

    /// Whether a photo's or a file's bytes are here.
    public enum Availability: Equatable, Sendable {
        case here
        /// The export (or sender) left it out.
        case notIncluded
        /// Named, but the file was not there.
        case missing
        /// On the server, not fetched yet; `percent` while it is being fetched.
        case onServer(percent: Int?)
    }

    public struct Photo: Equatable, Sendable {
        /// Pixels, when known.
        public var width: Int?
        public var height: Int?
        public var availability: Availability
        /// The app's name for the photo's file when it is here: what it draws the picture from.
        public var fileId: String?
        public var hasSpoiler: Bool
        /// The photo's file name where its source kept one (an export's `photos/photo_1@….jpg`).
        public var name: String?

        public init(width: Int? = nil, height: Int? = nil, availability: Availability = .here, fileId: String? = nil,
                    hasSpoiler: Bool = false, name: String? = nil) {
            self.name = name
            self.width = width
            self.height = height
            self.availability = availability
            self.fileId = fileId
            self.hasSpoiler = hasSpoiler
        }
    }

    public struct File: Equatable, Sendable {
        public enum Kind: Equatable, Sendable {
            case document, video, animation, audio, voice, videoMessage, sticker
        }

        public var kind: Kind
        public var name: String?
        /// Bytes.
        public var size: Int64?
        /// Seconds.
        public var duration: Int?
        /// A song's performer and title.
        public var performer: String?
        public var title: String?
        /// The emoji a sticker stands for.
        public var emoji: String?
        /// Its MIME type ("application/pdf"), where the sender's client gave one: shown after a
        /// document's size.
        public var mimeType: String?
        public var availability: Availability
        /// The app's name for the file when it is here: what opening and saving read.
        public var fileId: String?

        public init(kind: Kind, name: String? = nil, size: Int64? = nil, duration: Int? = nil, performer: String? = nil,
                    title: String? = nil, emoji: String? = nil, mimeType: String? = nil, availability: Availability = .here,
                    fileId: String? = nil) {
            self.fileId = fileId
            self.kind = kind
            self.name = name
            self.size = size
            self.duration = duration
            self.performer = performer
            self.title = title
            self.emoji = emoji
            self.mimeType = mimeType
            self.availability = availability
        }
    }

    public struct Poll: Equatable, Sendable {
        public struct Answer: Equatable, Sendable {
            public var text: String
            public var voters: Int
            /// The account voted for it.
            public var chosen: Bool

            public init(text: String, voters: Int, chosen: Bool = false) {
                self.text = text
                self.voters = voters
                self.chosen = chosen
            }
        }

        public var question: String
        public var answers: [Answer]
        public var totalVoters: Int
        public var isClosed: Bool

        public init(question: String, answers: [Answer], totalVoters: Int, isClosed: Bool = false) {
            self.question = question
            self.answers = answers
            self.totalVoters = totalVoters
            self.isClosed = isClosed
        }
    }

    public struct Contact: Equatable, Sendable {
        public var name: String
        public var phone: String

        public init(name: String, phone: String) {
            self.name = name
            self.phone = phone
        }
    }

    /// A point, a venue (title and address) or a live location (shared for `livePeriod` seconds).
    public struct Location: Equatable, Sendable {
        /// Nil when the point is not known.
        public var latitude: Double?
        public var longitude: Double?
        public var title: String?
        public var address: String?
        public var livePeriod: Int?

        public init(latitude: Double?, longitude: Double?, title: String? = nil, address: String? = nil, livePeriod: Int? = nil) {
            self.latitude = latitude
            self.longitude = longitude
            self.title = title
            self.address = address
            self.livePeriod = livePeriod
        }
    }

    public struct Checklist: Equatable, Sendable {
        public struct Item: Equatable, Sendable {
            public var text: String
            public var done: Bool

            public init(text: String, done: Bool = false) {
                self.text = text
                self.done = done
            }
        }

        public var title: String
        public var items: [Item]

        public init(title: String, items: [Item]) {
            self.title = title
            self.items = items
        }
    }
}
