import Formats

/// MessageExtras as Message version 4 writes them: a list of tagged, length-prefixed fields
/// ended by tag 0. A field a reader does not know is skipped by its length, so a field added
/// later needs no new message version; a value that is out of bounds is refused as corrupt.
extension MessageExtras {
    enum Tag: UInt8 {
        case end = 0, entities, replyTo, forward, editTimestamp, service, media, reactions, viaBot, signature, buttons, authorName
        /// Which reactions are the account's own: (position in `reactions`, chosenOrder) pairs. A
        /// field of its own, after `reactions`, so a reader that predates it skips it and reads
        /// every reaction as before, and a row written before it has none chosen.
        case chosenReactions
        /// MessageOutgoing: a message not yet on the server.
        case outgoing
    }

    /// Bounds a corrupt or hostile row cannot make a reader allocate past; a writer keeps to them
    /// (`clipped`), or the row it wrote would not read back.
    public static let maxEntities: Int32 = 10_000
    public static let maxItems: Int32 = 4_096

    func encode(to w: inout BinaryWriter) {
        func field(_ tag: Tag, _ body: (inout BinaryWriter) -> Void) {
            var inner = BinaryWriter()
            body(&inner)
            w.write(tag.rawValue)
            w.write(inner.bytes)
        }
        if !entities.isEmpty {
            field(.entities) { w in
                w.write(Int32(entities.count))
                for e in entities {
                    w.write(e.type)
                    w.write(e.offset)
                    w.write(e.length)
                    w.writeOptional(e.value)
                }
            }
        }
        if let replyTo {
            field(.replyTo) { w in
                w.write(replyTo.id)
                w.writeOptional(replyTo.peerId?.toInt64())
                // Last, and only for a local one: an older row reads as a reply in the cloud.
                if replyTo.namespace != MessageId.cloudNamespace { w.write(replyTo.namespace) }
            }
        }
        if let forward {
            field(.forward) { w in
                w.writeOptional(forward.from)
                w.writeOptional(forward.fromId?.toInt64())
                w.writeOptional(forward.date)
                w.writeOptional(forward.savedFrom)
            }
        }
        if let editTimestamp { field(.editTimestamp) { $0.write(editTimestamp) } }
        if let service { field(.service) { service.encode(to: &$0) } }
        for media in media { field(.media) { media.encode(to: &$0) } }
        if !reactions.isEmpty {
            field(.reactions) { w in
                w.write(Int32(reactions.count))
                for r in reactions {
                    w.write(r.emoji)
                    w.writeOptional(r.documentId)
                    w.write(r.count)
                }
            }
        }
        let chosen = reactions.indices.compactMap { i in reactions[i].chosenOrder.map { (Int32(i), $0) } }
        if !chosen.isEmpty {
            field(.chosenReactions) { w in
                w.write(Int32(chosen.count))
                for (position, order) in chosen {
                    w.write(position)
                    w.write(order)
                }
            }
        }
        if let viaBot { field(.viaBot) { $0.write(viaBot) } }
        if let signature { field(.signature) { $0.write(signature) } }
        if !buttons.isEmpty {
            field(.buttons) { w in
                w.write(Int32(buttons.count))
                for row in buttons {
                    w.write(Int32(row.count))
                    for b in row {
                        w.write(b.type)
                        w.write(b.text)
                        w.writeOptional(b.data)
                    }
                }
            }
        }
        if let authorName { field(.authorName) { $0.write(authorName) } }
        if let outgoing {
            field(.outgoing) { w in
                w.write(outgoing.randomId)
                w.writeOptional(outgoing.failure)
                // Last, and only when set: a row from before it reads as no forward.
                if let source = outgoing.forwardOf {
                    w.write(source.peerId.toInt64())
                    w.write(source.id)
                }
            }
        }
        w.write(Tag.end.rawValue)
    }

    init(from r: inout BinaryReader) throws {
        while true {
            let raw = try r.readUInt8()
            if raw == Tag.end.rawValue { return }
            var f = BinaryReader(try r.readBytes())
            guard let tag = Tag(rawValue: raw) else { continue }
            switch tag {
            case .end: return
            case .entities:
                let count = try f.readCount(max: Self.maxEntities)
                for _ in 0..<count {
                    entities.append(MessageTextEntity(type: try f.readString(), offset: try f.readInt32(), length: try f.readInt32(),
                                                      value: try f.readOptionalString()))
                }
            case .replyTo:
                let (id, peerId) = (try f.readInt32(), try f.readOptionalInt64().map(PeerId.init))
                replyTo = MessageReply(id: id, peerId: peerId, namespace: f.isAtEnd ? MessageId.cloudNamespace : try f.readInt32())
            case .forward:
                forward = MessageForward(from: try f.readOptionalString(), fromId: try f.readOptionalInt64().map(PeerId.init),
                                         date: try f.readOptionalInt32(), savedFrom: try f.readOptionalString())
            case .editTimestamp: editTimestamp = try f.readInt32()
            case .service: service = try MessageServiceAction(from: &f)
            case .media: media.append(try MessageMedia(from: &f))
            case .reactions:
                let count = try f.readCount(max: Self.maxItems)
                for _ in 0..<count {
                    reactions.append(MessageReaction(emoji: try f.readString(), documentId: try f.readOptionalString(), count: try f.readInt32()))
                }
            case .chosenReactions:
                for _ in 0..<(try f.readCount(max: Self.maxItems)) {
                    let position = Int(try f.readInt32()), order = try f.readInt32()
                    // Written after the reactions it names; a position they lack is ignored.
                    if reactions.indices.contains(position) { reactions[position].chosenOrder = order }
                }
            case .viaBot: viaBot = try f.readString()
            case .signature: signature = try f.readString()
            case .buttons:
                let rows = try f.readCount(max: Self.maxItems)
                for _ in 0..<rows {
                    var row: [MessageButton] = []
                    for _ in 0..<(try f.readCount(max: Self.maxItems)) {
                        row.append(MessageButton(type: try f.readString(), text: try f.readString(), data: try f.readOptionalString()))
                    }
                    buttons.append(row)
                }
            case .authorName: authorName = try f.readString()
            case .outgoing:
                let (randomId, failure) = (try f.readInt64(), try f.readOptionalString())
                let source = f.isAtEnd ? nil : MessageId(peerId: PeerId(try f.readInt64()), id: try f.readInt32())
                outgoing = MessageOutgoing(randomId: randomId, failure: failure, forwardOf: source)
            }
        }
    }

    /// Version 3's fixed layout (entities, reply id, forward name, edit date, service flag, a
    /// left-out file), for rows written before version 4.
    init(version3 r: inout BinaryReader) throws {
        let count = try r.readCount(max: Self.maxEntities)
        for _ in 0..<count {
            entities.append(MessageTextEntity(type: try r.readString(), offset: try r.readInt32(), length: try r.readInt32(),
                                              value: try r.readOptionalString()))
        }
        if try r.readBool() { replyTo = MessageReply(id: try r.readInt32()) }
        if let name = try r.readOptionalString() { forward = MessageForward(from: name) }
        editTimestamp = try r.readBool() ? try r.readInt32() : nil
        if try r.readBool() { service = MessageServiceAction(action: "") }
        if try r.readBool() {
            let name = try r.readString(), size = try r.readInt64(), mimeType = try r.readString()
            media = [.file(MessageFile(kind: "file", fileName: name, mimeType: mimeType.isEmpty ? nil : mimeType,
                                       size: size > 0 ? size : nil,
                                       availability: .notIncluded(reason: "(File not included. Change data exporting settings to download.)")))]
        }
    }
}

extension MessageServiceAction {
    func encode(to w: inout BinaryWriter) {
        w.write(action)
        w.write(Int32(fields.count))
        for (key, value) in fields {
            w.write(key)
            switch value {
            case .integer(let v): w.write(UInt8(0)); w.write(v)
            case .text(let v): w.write(UInt8(1)); w.write(v)
            case .list(let v): w.write(UInt8(2)); w.write(Int32(v.count)); for s in v { w.write(s) }
            case .flag(let v): w.write(UInt8(3)); w.write(v)
            }
        }
    }

    init(from r: inout BinaryReader) throws {
        action = try r.readString()
        fields = []
        for _ in 0..<(try r.readCount(max: MessageExtras.maxItems)) {
            let key = try r.readString()
            switch try r.readUInt8() {
            case 0: fields.append((key, .integer(try r.readInt64())))
            case 1: fields.append((key, .text(try r.readString())))
            case 2:
                var list: [String] = []
                for _ in 0..<(try r.readCount(max: MessageExtras.maxItems)) { list.append(try r.readString()) }
                fields.append((key, .list(list)))
            case 3: fields.append((key, .flag(try r.readBool())))
            default: throw BinaryReader.Truncated()
            }
        }
    }
}

extension MessageMedia {
    private enum Kind: UInt8 { case file = 1, poll, contact, location, todo, game, invoice }

    func encode(to w: inout BinaryWriter) {
        switch self {
        case .file(let f):
            w.write(Kind.file.rawValue)
            w.write(f.kind)
            w.writeOptional(f.fileName)
            w.writeOptional(f.mimeType)
            w.writeOptional(f.size)
            w.writeOptional(f.duration)
            w.writeOptional(f.width)
            w.writeOptional(f.height)
            switch f.availability {
            case .included: w.write(UInt8(0))
            case .notIncluded(let reason): w.write(UInt8(1)); w.write(reason)
            case .missing: w.write(UInt8(2))
            case .onServer(let file):
                w.write(UInt8(3))
                w.write(file.isPhoto)
                w.write(file.id)
                w.write(file.accessHash)
                w.write(file.fileReference)
                w.write(file.datacenter)
                w.write(file.thumbSize)
            }
            w.writeOptional(f.performer)
            w.writeOptional(f.title)
            w.writeOptional(f.stickerEmoji)
            w.write(f.hasSpoiler)
            w.writeOptional(f.selfDestructSeconds)
        case .poll(let p):
            w.write(Kind.poll.rawValue)
            w.write(p.question)
            w.write(Int32(p.answers.count))
            for a in p.answers {
                w.write(a.text)
                w.write(a.voters)
                w.write(a.chosen)
            }
            w.write(p.totalVoters)
            w.write(p.isClosed)
        case .contact(let c):
            w.write(Kind.contact.rawValue)
            w.write(c.firstName)
            w.write(c.lastName)
            w.write(c.phone)
            w.writeOptional(c.vcard)
        case .location(let l):
            w.write(Kind.location.rawValue)
            w.writeOptional(l.latitude.map { Int64(bitPattern: $0.bitPattern) })
            w.writeOptional(l.longitude.map { Int64(bitPattern: $0.bitPattern) })
            w.writeOptional(l.title)
            w.writeOptional(l.address)
            w.writeOptional(l.livePeriod)
        case .todo(let t):
            w.write(Kind.todo.rawValue)
            w.write(t.title)
            w.write(Int32(t.items.count))
            for item in t.items {
                w.write(item.id)
                w.write(item.text)
                w.write(item.done)
            }
            w.write(t.othersCanAppend)
            w.write(t.othersCanComplete)
        case .game(let g):
            w.write(Kind.game.rawValue)
            w.write(g.title)
            w.write(g.description)
            w.writeOptional(g.link)
        case .invoice(let i):
            w.write(Kind.invoice.rawValue)
            w.write(i.title)
            w.write(i.description)
            w.write(i.amount)
            w.write(i.currency)
        }
    }

    init(from r: inout BinaryReader) throws {
        guard let kind = Kind(rawValue: try r.readUInt8()) else { throw BinaryReader.Truncated() }
        switch kind {
        case .file:
            var f = MessageFile(kind: try r.readString(), fileName: try r.readOptionalString(), mimeType: try r.readOptionalString(),
                                size: try r.readOptionalInt64(), duration: try r.readOptionalInt32(),
                                width: try r.readOptionalInt32(), height: try r.readOptionalInt32())
            switch try r.readUInt8() {
            case 0: f.availability = .included
            case 1: f.availability = .notIncluded(reason: try r.readString())
            case 2: f.availability = .missing
            case 3:
                f.availability = .onServer(ServerFile(isPhoto: try r.readBool(), id: try r.readInt64(), accessHash: try r.readInt64(),
                                                      fileReference: try r.readBytes(), datacenter: try r.readInt32(),
                                                      thumbSize: try r.readString()))
            default: throw BinaryReader.Truncated()
            }
            f.performer = try r.readOptionalString()
            f.title = try r.readOptionalString()
            f.stickerEmoji = try r.readOptionalString()
            f.hasSpoiler = try r.readBool()
            f.selfDestructSeconds = try r.readOptionalInt32()
            self = .file(f)
        case .poll:
            let question = try r.readString()
            var answers: [MessagePoll.Answer] = []
            for _ in 0..<(try r.readCount(max: MessageExtras.maxItems)) {
                answers.append(MessagePoll.Answer(text: try r.readString(), voters: try r.readInt32(), chosen: try r.readBool()))
            }
            self = .poll(MessagePoll(question: question, answers: answers, totalVoters: try r.readInt32(), isClosed: try r.readBool()))
        case .contact:
            self = .contact(MessageContact(firstName: try r.readString(), lastName: try r.readString(), phone: try r.readString(),
                                           vcard: try r.readOptionalString()))
        case .location:
            self = .location(MessageLocation(latitude: try r.readOptionalInt64().map { Double(bitPattern: UInt64(bitPattern: $0)) },
                                             longitude: try r.readOptionalInt64().map { Double(bitPattern: UInt64(bitPattern: $0)) },
                                             title: try r.readOptionalString(), address: try r.readOptionalString(),
                                             livePeriod: try r.readOptionalInt32()))
        case .todo:
            let title = try r.readString()
            var items: [MessageTodo.Item] = []
            for _ in 0..<(try r.readCount(max: MessageExtras.maxItems)) {
                items.append(MessageTodo.Item(id: try r.readInt32(), text: try r.readString(), done: try r.readBool()))
            }
            self = .todo(MessageTodo(title: title, items: items, othersCanAppend: try r.readBool(), othersCanComplete: try r.readBool()))
        case .game:
            self = .game(MessageGame(title: try r.readString(), description: try r.readString(), link: try r.readOptionalString()))
        case .invoice:
            self = .invoice(MessageInvoice(title: try r.readString(), description: try r.readString(), amount: try r.readInt64(),
                                           currency: try r.readString()))
        }
    }
}
