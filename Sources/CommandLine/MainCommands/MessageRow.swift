import TelegramCore

/// One message as `main messages` shows it: the keys every message has, then what it carries
/// (docs/cli-contract.md), each key present only when the message has it.
struct MessageRow: Encodable {
    let message: EngineMessage
    /// The chat's pins hold it (`"pinned": true`).
    var isPinned = false
    /// An outgoing message the other side read, ✓✓ (`"read": true`); nil for incoming ones.
    var isReadByOther: Bool?

    init(_ message: EngineMessage, pinned: Bool = false, readState: EngineReadState? = nil) {
        self.message = message
        isPinned = pinned
        if !message.isIncoming, message.extras.outgoing == nil, let readState { isReadByOther = message.id.id <= readState.maxOutgoingReadId }
    }

    private enum Key: String, CodingKey {
        case id, timestamp, outgoing, authorId, authorName, kind, text, replyTo, forward, editedAt, entities, reactions, viaBot
        case signature, buttons, media, poll, contact, location, todo, game, invoice, service, pinned, read, unsent
    }

    private struct Dynamic: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }
        init(_ s: String) { stringValue = s }
        init?(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }

    func encode(to encoder: Encoder) throws {
        let extras = message.extras
        var c = encoder.container(keyedBy: Key.self)
        try c.encode(message.id.id, forKey: .id)
        try c.encode(message.index.timestamp, forKey: .timestamp)
        try c.encode(!message.isIncoming, forKey: .outgoing)
        // A message without an author says so with null rather than leaving the key out.
        try c.encode(message.authorId?.toInt64(), forKey: .authorId)
        try c.encodeIfPresent(extras.authorName, forKey: .authorName)
        try c.encode(message.contentKind.name, forKey: .kind)
        try c.encode(message.text, forKey: .text)
        // Not on the server yet (a local id): its random_id, and why the server refused it if it did.
        if let outgoing = extras.outgoing {
            var u = c.nestedContainer(keyedBy: Dynamic.self, forKey: .unsent)
            try u.encode(outgoing.randomId, forKey: Dynamic("randomId"))
            try u.encode(outgoing.failure, forKey: Dynamic("failure"))
        }
        if let reply = extras.replyTo {
            var r = c.nestedContainer(keyedBy: Dynamic.self, forKey: .replyTo)
            try r.encode(reply.id, forKey: Dynamic("id"))
            try r.encodeIfPresent(reply.peerId?.toInt64(), forKey: Dynamic("peerId"))
        }
        if let forward = extras.forward {
            var f = c.nestedContainer(keyedBy: Dynamic.self, forKey: .forward)
            // "from": null when the export named no one (a hidden sender).
            try f.encode(forward.from, forKey: Dynamic("from"))
            try f.encodeIfPresent(forward.fromId?.toInt64(), forKey: Dynamic("fromId"))
            try f.encodeIfPresent(forward.date, forKey: Dynamic("date"))
            try f.encodeIfPresent(forward.savedFrom, forKey: Dynamic("savedFrom"))
        }
        try c.encodeIfPresent(extras.editTimestamp, forKey: .editedAt)
        if isPinned { try c.encode(true, forKey: .pinned) }
        try c.encodeIfPresent(isReadByOther, forKey: .read)
        if !extras.entities.isEmpty {
            var list = c.nestedUnkeyedContainer(forKey: .entities)
            for e in extras.entities {
                var o = list.nestedContainer(keyedBy: Dynamic.self)
                try o.encode(e.type, forKey: Dynamic("type"))
                try o.encode(e.offset, forKey: Dynamic("offset"))
                try o.encode(e.length, forKey: Dynamic("length"))
                try o.encodeIfPresent(e.value, forKey: Dynamic("value"))
            }
        }
        if !extras.reactions.isEmpty {
            var list = c.nestedUnkeyedContainer(forKey: .reactions)
            for r in extras.reactions {
                var o = list.nestedContainer(keyedBy: Dynamic.self)
                try o.encode(r.emoji, forKey: Dynamic("emoji"))
                try o.encode(r.count, forKey: Dynamic("count"))
                try o.encodeIfPresent(r.documentId, forKey: Dynamic("documentId"))
                if r.isChosen { try o.encode(true, forKey: Dynamic("chosen")) }
            }
        }
        try c.encodeIfPresent(extras.viaBotUsername.map { "@" + $0 }, forKey: .viaBot)
        try c.encodeIfPresent(extras.signature, forKey: .signature)
        if !extras.buttons.isEmpty {
            var rows = c.nestedUnkeyedContainer(forKey: .buttons)
            for row in extras.buttons {
                var list = rows.nestedUnkeyedContainer()
                for b in row {
                    var o = list.nestedContainer(keyedBy: Dynamic.self)
                    try o.encode(b.type, forKey: Dynamic("type"))
                    try o.encode(b.text, forKey: Dynamic("text"))
                    try o.encodeIfPresent(b.data, forKey: Dynamic("data"))
                }
            }
        }
        // One of each kind (a message has one): a second under the same key would be a second value.
        var shown = Set<Key>()
        for media in extras.media where shown.insert(Self.key(of: media)).inserted { try encode(media, into: &c) }
        if let service = extras.service {
            var s = c.nestedContainer(keyedBy: Dynamic.self, forKey: .service)
            try s.encode(service.action, forKey: Dynamic("action"))
            for (key, value) in service.fields where key != "action" {
                switch value {
                case .integer(let v): try s.encode(v, forKey: Dynamic(key))
                case .text(let v): try s.encode(v, forKey: Dynamic(key))
                case .list(let v): try s.encode(v, forKey: Dynamic(key))
                case .flag(let v): try s.encode(v, forKey: Dynamic(key))
                }
            }
        }
    }

    private static func key(of media: EngineMessageMedia) -> Key {
        switch media {
        case .file: return .media
        case .poll: return .poll
        case .contact: return .contact
        case .location: return .location
        case .todo: return .todo
        case .game: return .game
        case .invoice: return .invoice
        }
    }

    private func encode(_ media: EngineMessageMedia, into c: inout KeyedEncodingContainer<Key>) throws {
        switch media {
        case .file(let f):
            var o = c.nestedContainer(keyedBy: Dynamic.self, forKey: .media)
            try o.encode(f.kind, forKey: Dynamic("kind"))
            try o.encodeIfPresent(f.fileName, forKey: Dynamic("fileName"))
            try o.encodeIfPresent(f.mimeType, forKey: Dynamic("mimeType"))
            try o.encodeIfPresent(f.size, forKey: Dynamic("size"))
            try o.encodeIfPresent(f.duration, forKey: Dynamic("duration"))
            try o.encodeIfPresent(f.width, forKey: Dynamic("width"))
            try o.encodeIfPresent(f.height, forKey: Dynamic("height"))
            try o.encode(f.isIncluded, forKey: Dynamic("included"))
            if f.availability == .missing { try o.encode(true, forKey: Dynamic("missing")) }
            if f.serverFile != nil { try o.encode(true, forKey: Dynamic("onServer")) }
            try o.encodeIfPresent(f.performer, forKey: Dynamic("performer"))
            try o.encodeIfPresent(f.title, forKey: Dynamic("title"))
            try o.encodeIfPresent(f.stickerEmoji, forKey: Dynamic("emoji"))
            if f.hasSpoiler { try o.encode(true, forKey: Dynamic("spoiler")) }
            try o.encodeIfPresent(f.selfDestructSeconds, forKey: Dynamic("selfDestructSeconds"))
        case .poll(let p):
            var o = c.nestedContainer(keyedBy: Dynamic.self, forKey: .poll)
            try o.encode(p.question, forKey: Dynamic("question"))
            var answers = o.nestedUnkeyedContainer(forKey: Dynamic("answers"))
            for a in p.answers {
                var x = answers.nestedContainer(keyedBy: Dynamic.self)
                try x.encode(a.text, forKey: Dynamic("text"))
                try x.encode(a.voters, forKey: Dynamic("voters"))
                if a.chosen { try x.encode(true, forKey: Dynamic("chosen")) }
            }
            try o.encode(p.totalVoters, forKey: Dynamic("totalVoters"))
            try o.encode(p.isClosed, forKey: Dynamic("closed"))
        case .contact(let k):
            var o = c.nestedContainer(keyedBy: Dynamic.self, forKey: .contact)
            try o.encode(k.firstName, forKey: Dynamic("firstName"))
            try o.encode(k.lastName, forKey: Dynamic("lastName"))
            try o.encode(k.phone, forKey: Dynamic("phone"))
            try o.encodeIfPresent(k.vcard, forKey: Dynamic("vcard"))
        case .location(let l):
            var o = c.nestedContainer(keyedBy: Dynamic.self, forKey: .location)
            // null when the point was not known (the export's "location_information": null).
            try o.encode(l.latitude, forKey: Dynamic("latitude"))
            try o.encode(l.longitude, forKey: Dynamic("longitude"))
            try o.encodeIfPresent(l.title, forKey: Dynamic("title"))
            try o.encodeIfPresent(l.address, forKey: Dynamic("address"))
            try o.encodeIfPresent(l.livePeriod, forKey: Dynamic("livePeriod"))
        case .todo(let t):
            var o = c.nestedContainer(keyedBy: Dynamic.self, forKey: .todo)
            try o.encode(t.title, forKey: Dynamic("title"))
            var items = o.nestedUnkeyedContainer(forKey: Dynamic("items"))
            for item in t.items {
                var x = items.nestedContainer(keyedBy: Dynamic.self)
                try x.encode(item.text, forKey: Dynamic("text"))
                try x.encode(item.done, forKey: Dynamic("done"))
            }
            try o.encode(t.othersCanAppend, forKey: Dynamic("othersCanAppend"))
            try o.encode(t.othersCanComplete, forKey: Dynamic("othersCanComplete"))
        case .game(let g):
            var o = c.nestedContainer(keyedBy: Dynamic.self, forKey: .game)
            try o.encode(g.title, forKey: Dynamic("title"))
            try o.encode(g.description, forKey: Dynamic("description"))
            try o.encodeIfPresent(g.link, forKey: Dynamic("link"))
        case .invoice(let i):
            var o = c.nestedContainer(keyedBy: Dynamic.self, forKey: .invoice)
            try o.encode(i.title, forKey: Dynamic("title"))
            try o.encode(i.description, forKey: Dynamic("description"))
            try o.encode(i.amount, forKey: Dynamic("amount"))
            try o.encode(i.currency, forKey: Dynamic("currency"))
        }
    }
}
