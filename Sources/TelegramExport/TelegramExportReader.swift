#if canImport(Glibc)
import Glibc
#endif

/// Reads a Telegram Desktop JSON export (`result.json`) as a stream, in chunks, and hands its
/// parts to a consumer as each is complete: only one message (or contact) is held at a time, so a
/// gigabyte export reads in the memory of one chunk.
///
/// The layout is JsonWriter's (export_output_json.cpp): a full export is an object with
/// `personal_information`, `profile_pictures`, `contacts.list`, `frequent_contacts`,
/// `chats.list[]` and `left_chats.list[]` (each chat `{name, type, id, messages[]}`); a single-chat
/// export is one chat object at the root.
public final class TelegramExportReader: JSONEventHandler {
    public static let chunkSize = 1 << 20

    private enum Frame {
        case root, contactsSection, chatsSection(left: Bool), contactsList, picturesList, chatsList(left: Bool)
        /// A chat object (a list element, or the root of a single-chat export, which is `.root`).
        case chat
        case messages
    }
    private enum Unit { case personal, picture, contact, message }

    private let consumer: TelegramExportConsumer
    private var stream: JSONStream!
    private var stack: [Frame] = []
    private var pendingKey: String?
    /// Depth of a value being skipped; 0 when not skipping.
    private var skipDepth = 0
    /// The object being collected: its kind and where it began; `builder` holds it.
    private var unit: (kind: Unit, offset: Int)?
    private var builder = JSONTreeBuilder()
    /// The value after this key is not collected (a message's text_entities repeat its text).
    private var skipNextValue = false
    private var decoder: ExportUnitDecoder
    /// The chat whose header is being read, its fields as they come.
    private var chatName: String?, chatType: String?, chatId: Int64?, chatIsLeft = false
    private var currentChat: ExportChat?
    /// Whether the consumer has been told of `currentChat`: a one-to-one chat whose id may be in
    /// the shifted form waits for the export's id style (ExportLegacyIds), its first messages held.
    private var chatAnnounced = false
    private var heldMessages: [ExportMessage] = []
    private static let maxHeldMessages = 64
    private var sawExportContent = false
    private var isSingleChat = false
    private var unsupported = 0
    private var sawDocument = false

    /// `zone`: where the export was made, for dates written without `date_unixtime`.
    public init(consumer: TelegramExportConsumer, zone: ZoneInfo = .fixed(seconds: 0)) {
        self.consumer = consumer
        decoder = ExportUnitDecoder(zone: zone)
        stream = JSONStream(handler: self)
    }

    /// Reads the open descriptor to its end. `progress` gets the bytes read so far after each
    /// chunk; what it throws (a cancellation) ends the read.
    public func read(fileDescriptor fd: Int32, progress: (Int) throws -> Void = { _ in }) throws -> TelegramExportReadSummary {
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: Self.chunkSize, alignment: 16)
        defer { buffer.deallocate() }
        while true {
            let n = Glibc.read(fd, buffer.baseAddress, buffer.count)
            if n < 0 {
                if errno == EINTR { continue }
                throw TelegramExportError(offset: stream.bytesFed, "cannot read the export: \(String(cString: strerror(errno)))")
            }
            if n == 0 { break }
            try feed(UnsafeRawBufferPointer(rebasing: buffer[0..<n]))
            try progress(stream.bytesFed)
        }
        return try finish()
    }

    /// Feeds part of the document (tests feed it in pieces of every size).
    public func feed(_ bytes: UnsafeRawBufferPointer) throws {
        try stream.feed(bytes)
    }

    public func finish() throws -> TelegramExportReadSummary {
        guard stream.bytesFed > 0 else { throw TelegramExportError(offset: 0, "the file is empty: not a Telegram Desktop export") }
        try stream.finish()
        guard sawExportContent else {
            throw TelegramExportError(offset: nil, "not a Telegram Desktop export: no chats, contacts or personal_information (export in JSON format from Settings → Advanced → Export Telegram data)")
        }
        return TelegramExportReadSummary(bytes: stream.bytesFed, isSingleChat: isSingleChat, fieldsNotKept: decoder.notKept,
                                         unsupportedMessages: unsupported, localDates: decoder.localDates)
    }

    // MARK: Events

    public func handle(_ event: JSONEvent) throws {
        if skipDepth > 0 {
            switch event {
            case .startObject, .startArray: skipDepth += 1
            case .endObject, .endArray: skipDepth -= 1
            default: break
            }
            return
        }
        if skipNextValue {
            skipNextValue = false
            skip(event)
            return
        }
        if unit != nil {
            // tdesktop writes text_entities after text and says the same in it: a message with
            // its text collected skips them (half the strings of a message).
            if case .key("text_entities") = event, builder.depth == 1, builder.hasKey("text") {
                skipNextValue = true
                return
            }
            try collect(event)
            return
        }
        guard let frame = stack.last else {
            guard case .startObject = event, !sawDocument else {
                throw error("not a Telegram Desktop export: the file should hold one JSON object, it begins with \(event.valueName)")
            }
            sawDocument = true
            stack.append(.root)
            return
        }
        switch event {
        case .key(let key):
            pendingKey = key
        case .endObject, .endArray:
            try close(frame)
        default:
            switch frame {
            case .contactsList, .picturesList, .chatsList, .messages: try element(of: frame, event)
            default:
                let key = pendingKey ?? ""
                pendingKey = nil
                try value(key, in: frame, event)
            }
        }
    }

    private func close(_ frame: Frame) throws {
        stack.removeLast()
        switch frame {
        case .chat: try endChat()
        case .root where isSingleChat: try endChat()
        default: break
        }
    }

    private func value(_ key: String, in frame: Frame, _ event: JSONEvent) throws {
        switch frame {
        case .root:
            switch key {
            case "personal_information": try startUnit(.personal, event, key)
            case "profile_pictures": try push(.picturesList, event, key, array: true)
            case "contacts": try push(.contactsSection, event, key, array: false)
            case "chats", "left_chats": try push(.chatsSection(left: key == "left_chats"), event, key, array: false)
            case "about": skip(event)
            // Sections this app has no place for (the export's stories, the ranking of frequent
            // contacts, sessions, other data): skipped, and said so in the report.
            case "frequent_contacts", "stories", "sessions", "web_sessions", "other_data": skipUnknown("export." + key, event)
            case "name", "type", "id", "messages":
                isSingleChat = true
                try chatValue(key, event)
            default: skipUnknown("export." + key, event)
            }
        case .contactsSection, .chatsSection:
            switch key {
            case "list":
                if case .chatsSection(let left) = frame {
                    try push(.chatsList(left: left), event, key, array: true)
                } else {
                    try push(.contactsList, event, key, array: true)
                }
            case "about": skip(event)
            default: skipUnknown("section." + key, event)
            }
        case .chat:
            try chatValue(key, event)
        default:
            break
        }
    }

    private func element(of frame: Frame, _ event: JSONEvent) throws {
        guard case .startObject = event else {
            throw error("an element of a list should be an object, not \(event.valueName)")
        }
        switch frame {
        case .contactsList: try startUnit(.contact, event, "contact")
        case .picturesList: try startUnit(.picture, event, "profile picture")
        case .messages: try startUnit(.message, event, "message")
        case .chatsList(let left):
            (chatName, chatType, chatId, chatIsLeft, currentChat) = (nil, nil, nil, left, nil)
            stack.append(.chat)
        default: break
        }
    }

    // MARK: Chats

    private func chatValue(_ key: String, _ event: JSONEvent) throws {
        switch (key, event) {
        case ("name", .string(let s)): chatName = s
        case ("name", .null): chatName = nil
        case ("type", .string(let s)): chatType = s
        case ("id", .integer(let v)): chatId = v
        case ("messages", .startArray):
            currentChat = try chatHeader()
            chatAnnounced = false
            try announceChat(force: false)
            stack.append(.messages)
        case ("name", _), ("type", _), ("id", _), ("messages", _):
            throw error("a chat's '\(key)' should be \(key == "messages" ? "an array" : key == "id" ? "an integer" : "a string"), not \(event.valueName)")
        default:
            skipUnknown("chat." + key, event)
        }
    }

    /// The chat's header with its id as written (a shifted one is mapped in `announceChat`).
    private func chatHeader() throws -> ExportChat {
        guard let type = chatType else { throw error("a chat has no 'type' before its messages") }
        guard let kind = ExportChat.Kind(rawValue: type) else {
            throw error("a chat's type \"\(type.prefix(40))\" is not one Telegram Desktop writes")
        }
        sawExportContent = true
        guard let id = chatId else {
            // Exports before December 2018 wrote no ids.
            return ExportChat(name: chatName, kind: kind, id: ExportLegacyIds.syntheticChatId(kind: kind, name: chatName),
                              hasSyntheticId: true, isLeft: chatIsLeft, isListed: !isSingleChat)
        }
        guard ExportPeerRef.idRange.contains(id) else { throw error("chat id \(id) is out of range (1...\(ExportPeerRef.idRange.upperBound))") }
        var chat = ExportChat(name: chatName, kind: kind, id: id, isLeft: chatIsLeft, isListed: !isSingleChat)
        // A group's or channel's shifted id is unambiguous: mapped at once, so senders compare with it.
        if kind.peerKind != .user { chat.id = ExportLegacyIds.chatId(id, kind: kind, style: decoder.idStyle) }
        return chat
    }

    /// Tells the consumer of the chat once its id's form is known (or, `force`d, guessed), then
    /// the messages held meanwhile.
    private func announceChat(force: Bool) throws {
        guard !chatAnnounced, var chat = currentChat else { return }
        if chat.kind.peerKind == .user && !chat.hasSyntheticId {
            guard decoder.idStyle != .unknown || force else { return }
            chat.id = ExportLegacyIds.chatId(chat.id, kind: chat.kind, style: decoder.idStyle)
        }
        currentChat = chat
        chatAnnounced = true
        try consumer.chatStarted(chat)
        let held = heldMessages
        heldMessages = []
        for message in held { try consumer.message(message, in: chat) }
    }

    private func endChat() throws {
        if currentChat == nil, chatType != nil || chatId != nil {
            // A chat without a messages array is still a chat.
            currentChat = try chatHeader()
            chatAnnounced = false
        }
        try announceChat(force: true)
        if let chat = currentChat { try consumer.chatEnded(chat) }
        currentChat = nil
    }

    // MARK: Units

    private func startUnit(_ kind: Unit, _ event: JSONEvent, _ what: String) throws {
        guard case .startObject = event else { throw error("'\(what)' should be an object, not \(event.valueName)") }
        builder.reset()
        try builder.add(event)
        // The object began at its "{", one byte before where the parser now stands.
        unit = (kind, max(0, stream.offset - 1))
    }

    private func collect(_ event: JSONEvent) throws {
        do {
            try builder.add(event)
        } catch let failure as TelegramExportError {
            throw TelegramExportError(offset: stream.offset, failure.message)
        }
        guard let value = builder.value else { return }
        let (kind, offset) = unit!
        unit = nil
        guard case .object(let object) = value else { return }
        do {
            switch kind {
            case .personal:
                sawExportContent = true
                try consumer.personalInformation(try decoder.personalInformation(object))
            case .picture:
                try consumer.profilePicture(try decoder.profilePicture(object))
            case .contact:
                sawExportContent = true
                try consumer.contact(try decoder.contact(object))
            case .message:
                guard let chat = currentChat else { return }
                guard let message = try decoder.message(object, offset: offset, chat: chat) else {
                    unsupported += 1
                    return
                }
                if chatAnnounced {
                    try consumer.message(message, in: chat)
                } else {
                    heldMessages.append(message)
                    try announceChat(force: heldMessages.count >= Self.maxHeldMessages)
                }
            }
        } catch let failure as TelegramExportError where failure.offset == nil {
            throw TelegramExportError(offset: offset, failure.message)
        }
    }

    // MARK: Helpers

    private func push(_ frame: Frame, _ event: JSONEvent, _ key: String, array: Bool) throws {
        switch (event, array) {
        case (.startArray, true), (.startObject, false): stack.append(frame)
        default: throw error("'\(key)' should be \(array ? "an array" : "an object"), not \(event.valueName)")
        }
    }

    private func skip(_ event: JSONEvent) {
        switch event {
        case .startObject, .startArray: skipDepth = 1
        default: break
        }
    }

    private func skipUnknown(_ name: String, _ event: JSONEvent) {
        decoder.notKept[name, default: 0] += 1
        skip(event)
    }

    private func error(_ message: String) -> TelegramExportError {
        TelegramExportError(offset: stream.offset, message)
    }
}
