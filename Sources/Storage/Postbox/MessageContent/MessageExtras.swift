/// What a message carries beyond its text and kind: its media and its attributes. Empty for most
/// (a seeded or sent text message), so those are still written in the older, shorter versions.
public struct MessageExtras: Equatable, Sendable {
    public var entities: [MessageTextEntity] = []
    public var replyTo: MessageReply?
    public var forward: MessageForward?
    public var editTimestamp: Int32?
    /// A service message's action ("Ada pinned a message"): `Message.text` is its line.
    public var service: MessageServiceAction?
    public var media: [MessageMedia] = []
    public var reactions: [MessageReaction] = []
    /// The inline bot the message was sent through, as its username.
    public var viaBot: String?
    /// A channel post's author signature.
    public var signature: String?
    /// Inline keyboard rows.
    public var buttons: [[MessageButton]] = []
    /// The sender's name when there is no sender peer to take it from (an export too old to name ids).
    public var authorName: String?
    /// A message of the account's on its way to the server (in the local namespace).
    public var outgoing: MessageOutgoing?

    public init(entities: [MessageTextEntity] = [], replyTo: MessageReply? = nil, forward: MessageForward? = nil,
                editTimestamp: Int32? = nil, service: MessageServiceAction? = nil, media: [MessageMedia] = [],
                reactions: [MessageReaction] = [], viaBot: String? = nil, signature: String? = nil,
                buttons: [[MessageButton]] = [], authorName: String? = nil) {
        self.entities = entities
        self.replyTo = replyTo
        self.forward = forward
        self.editTimestamp = editTimestamp
        self.service = service
        self.media = media
        self.reactions = reactions
        self.viaBot = viaBot
        self.signature = signature
        self.buttons = buttons
        self.authorName = authorName
    }

    public var isEmpty: Bool { self == MessageExtras() }

    /// Within the bounds a reader accepts (MessageExtras.maxEntities, .maxItems): lists past them
    /// cut there. `cut` counts the elements left out, by what they were.
    public func clipped(cut: inout [String: Int]) -> MessageExtras {
        var copy = self
        func clip<T>(_ list: inout [T], _ limit: Int32, _ name: String) {
            guard list.count > Int(limit) else { return }
            cut[name, default: 0] += list.count - Int(limit)
            list.removeLast(list.count - Int(limit))
        }
        clip(&copy.entities, Self.maxEntities, "message.text_entities")
        clip(&copy.reactions, Self.maxItems, "message.reactions")
        clip(&copy.buttons, Self.maxItems, "message.inline_bot_buttons")
        for i in copy.buttons.indices { clip(&copy.buttons[i], Self.maxItems, "message.inline_bot_buttons") }
        clip(&copy.media, Self.maxItems, "message.media")
        for i in copy.media.indices {
            switch copy.media[i] {
            case .poll(var poll):
                clip(&poll.answers, Self.maxItems, "message.poll.answers")
                copy.media[i] = .poll(poll)
            case .todo(var todo):
                clip(&todo.items, Self.maxItems, "message.todo_list.answers")
                copy.media[i] = .todo(todo)
            default: break
            }
        }
        if var service = copy.service {
            clip(&service.fields, Self.maxItems, "service.fields")
            for j in service.fields.indices {
                if case .list(var names) = service.fields[j].value {
                    clip(&names, Self.maxItems, "service." + service.fields[j].key)
                    service.fields[j].value = .list(names)
                }
            }
            copy.service = service
        }
        return copy
    }
    public var isService: Bool { service != nil }

    /// The message's photo or document, if it has one.
    public var file: MessageFile? { media.lazy.compactMap(\.file).first }
    public var poll: MessagePoll? { media.lazy.compactMap(\.poll).first }
    public var contact: MessageContact? { media.lazy.compactMap(\.contact).first }
    public var location: MessageLocation? { media.lazy.compactMap(\.location).first }
    public var todo: MessageTodo? { media.lazy.compactMap(\.todo).first }
}

extension MessageExtras {
    /// The inline bot's username without "@", however it was stored (Telegram Desktop's export
    /// writes "@gif", the API "gif"): every place that shows it adds the one "@".
    public var viaBotUsername: String? {
        viaBot.map { String($0.drop { $0 == "@" }) }.flatMap { $0.isEmpty ? nil : $0 }
    }
}
