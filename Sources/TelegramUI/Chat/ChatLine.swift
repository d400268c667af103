import Display

/// One row of a chat's history as drawn: a date separator or a service line (both centred), or a
/// row of a message (MessageLines): its first carries the time and, in groups, the sender; the
/// others are indented under it — more of the text, a quoted reply, media, a row of a picture.
struct ChatLine: Equatable {
    enum Role: Equatable {
        case time, sender, text, date, status
        /// What a line is about (a poll's question, a contact's name): bold.
        case title
        /// Details beside the content (a size, "edited", a vote count): dimmed.
        case meta
        /// A reply's quote and the forward line: dimmed, their bar in the accent.
        case quote, accent
        case button
        /// Message text under entities: bold, italic, code, a spoiler, a link...
        case styled(ChatTextEntity.Styles)
    }

    /// One row of a photo's picture: the photo, the cells its picture takes, which row this is.
    struct PictureRow: Equatable {
        var photo: ChatMessage.Photo
        var size: Size
        var row: Int
    }

    var parts: [(String, Role)]
    var isDate = false
    var isService = false
    /// The "N unread messages" line where the unread messages began when the chat was opened.
    var isDivider = false
    /// The message this row belongs to (nil for a date or the divider): what a selection marks.
    var message: ChatMessage.Index?
    /// Drawn over the row's leading spaces, at the text's column.
    var picture: PictureRow?

    /// Where a message's rows after the first begin: past "14:05 ".
    static let indent = 6

    var width: Int { parts.reduce(0) { $0 + TextWidth.of($1.0) } }

    static func == (a: ChatLine, b: ChatLine) -> Bool {
        a.isDate == b.isDate && a.isService == b.isService && a.isDivider == b.isDivider && a.message == b.message && a.picture == b.picture
            && a.parts.map(\.0) == b.parts.map(\.0) && a.parts.map(\.1) == b.parts.map(\.1)
    }

    /// Whose names a chat puts before its messages.
    enum Senders: Equatable {
        /// A private chat: only "You" (the other side's are obvious).
        case own
        /// A group: everyone's, "You" for the account.
        case everyone
        /// A broadcast channel: none, the posts are the channel's.
        case none
    }

    /// The lines of `messages` (oldest first) for `width` columns; photos as pictures when
    /// `drawsPictures` (the app draws them), else as a line of text. `previous`: the message
    /// drawn above them (no date line when they start on its day). `divider`: the unread line,
    /// drawn above that message.
    static func lines(for messages: [ChatMessage], after previous: ChatMessage? = nil, width: Int, senders: Senders,
                      names: [ChatId: String], maxOutgoingReadId: Int32, drawsPictures: Bool = false,
                      divider: UnreadDivider? = nil) -> [ChatLine] {
        var result: [ChatLine] = []
        var previous = previous
        let layout = MessageLines(width: width, drawsPictures: drawsPictures)
        for message in messages {
            if previous.map({ !TimeText.sameDay($0.index.timestamp, message.index.timestamp) }) ?? true {
                result.append(ChatLine(parts: [(TimeText.date(message.index.timestamp), .date)], isDate: true))
            }
            if let divider, divider.before == message.index {
                result.append(ChatLine(parts: [(divider.text, .accent)], isDivider: true))
            }
            let first = result.count
            if message.content.isService {
                result += TextWrap.lines(message.shownText, first: max(width - 4, 1), rest: max(width - 4, 1))
                    .map { ChatLine(parts: [($0, .meta)], isService: true) }
            } else {
                var head: [(String, Role)] = [(TimeText.clock(message.index.timestamp) + " ", .time)]
                var sender: String?
                if senders == .none {
                    sender = nil
                } else if !message.isIncoming {
                    sender = "You"
                } else if senders == .everyone, let author = message.authorId {
                    sender = names[author] ?? "?"
                }
                if let bot = message.content.viaBot { sender = (sender.map { $0 + " " } ?? "") + "via @" + bot }
                if let sender { head.append((sender + ": ", .sender)) }
                let status: String
                switch message.delivery {
                case _ where message.isIncoming: status = ""
                case .sending: status = "◷"
                case .failed: status = "! not sent"
                case .sent: status = message.index.id <= maxOutgoingReadId ? "✓✓" : "✓"
                }
                result += layout.lines(for: message, head: head, status: status)
            }
            for i in first..<result.count { result[i].message = message.index }
            previous = message
        }
        return result
    }
}
