import Container
import Storage
import TelegramExport
#if canImport(Glibc)
import Glibc
#endif

/// `main import telegram-export`'s work: reads an export as a stream and writes it into an
/// account's Postbox in bounded batches. Each batch (its messages, the peers they name, the chats'
/// read marks) is one transaction, so a killed import leaves whole batches; ids are Telegram's,
/// so running it again writes only what is missing or different.
/// Sendable only to be handed whole to the thread that runs it (an import `main run` runs in the
/// background); it is used by one thread at a time, its writer thread aside (ImportBatchWriter).
public final class TelegramExportImport: TelegramExportConsumer, @unchecked Sendable {
    public struct Report: Codable, Sendable {
        public var chats = 0
        /// Of them, chats from `left_chats`: imported with their history, kept out of the chat list.
        public var leftChats = 0
        var peersWritten = 0
        public var contacts = 0
        public var messages = 0
        public var messagesAdded = 0
        public var messagesUpdated = 0
        public var messagesUnchanged = 0
        var serviceMessages = 0
        public var mediaFiles = 0
        /// Thumbnails the export includes (a sticker's, a video's), kept beside their file.
        public var thumbnails = 0
        public var mediaLeftOut = 0
        /// Files the export names that are not in its folder: kept as placeholders.
        public var missingFiles = 0
        /// The first few of them, as the export names them.
        public var missingFileNames: [String] = []
        /// Messages whose id came again in the same chat (the later one is kept).
        public var duplicateMessages = 0
        /// Contacts who are not on Telegram, merged into the device's address book.
        public var deviceContacts = 0
        /// The zone dates without `date_unixtime` were read in, and how many messages had them.
        public var timeZone = ""
        public var localDates = 0
        /// A single-chat export whose exporter is not known: every message is shown as incoming.
        public var exporterUnknown = false
        /// The export's own phone number when it is not the account's: reported, never written
        /// (the phone is who the account is; `main login --phone` finds it by that number).
        public var exportPhoneNotKept: String?
        public var avatars = 0
        /// Photos kept in the MediaBox but not made avatars: neither PNG nor JPEG.
        public var avatarsSkipped = 0
        public var unsupportedMessages = 0
        /// Every field the export has that the import did not keep, by name.
        public var fieldsNotKept: [String: Int] = [:]
        var singleChat = false
        var exportUserId: Int64?
        /// The account peer the export's own user was imported as (their messages are the
        /// account's, their Saved Messages the account's); nil when the account has no peer.
        var accountPeerId: Int64?
        var bytes = 0
        public var seconds = 0.0
        public var messagesPerSecond = 0
    }

    static let mediaSizeLimit = 4 << 30
    static let serviceChatNames: [ExportChat.Kind: String] = [
        .savedMessages: "Saved Messages", .replies: "Replies", .verificationCodes: "Verification Codes",
    ]
    static let vcardSizeLimit = 1 << 20
    static let missingNamesShown = 20

    /// `--me`: who made a single-chat export, by id or by the name it shows.
    public enum Exporter: Sendable, Equatable {
        case id(Int64)
        case name(String)

        /// "123" and "user123" are ids; anything else a name.
        public init?(_ text: String) {
            let trimmed = text.hasPrefix("user") ? String(text.dropFirst(4)) : text
            if let id = Int64(trimmed), ExportPeerRef.idRange.contains(id) {
                self = .id(id)
            } else if text.isEmpty {
                return nil
            } else {
                self = .name(text)
            }
        }
    }
    /// What the drawing library decodes: PNG, and JPEG (Telegram's photos).
    static let pictureSignatures: [[UInt8]] = [[0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a], [0xff, 0xd8, 0xff]]

    private let postbox: Postbox
    private let folder: ExportFolder
    private let batchSize: Int
    private let peers: ExportPeers
    private let writer: ImportBatchWriter
    /// Whose messages are outgoing: the account's peer (the export's own user is mapped onto it),
    /// or the export's own user when the account has no peer.
    private var selfId: PeerId?
    private let accountPeerId: PeerId?
    /// The export's own user, recorded with the next batch once seen.
    private var ownUserToRecord: Int64?
    private var pending: [Message] = []
    /// Chats of a full export and whether the account is still in them (`chats`, or
    /// `left_chats`), set with the next batch, before its messages.
    private var listing: [PeerId: Bool] = [:]
    private(set) var report = Report()
    private let zone: ZoneInfo
    /// `--me` by name, until a message shows the id behind it.
    private var exporterName: String?
    /// Whether whose export it is is known: its personal information, an earlier import's
    /// record, `--me`, or the other member of a one-to-one chat.
    private var exporterKnown = false
    /// The exporter's name as senders show it, for exports too old to write ids.
    private var selfName: String?
    /// The ids seen in the chat being read; of those that came again, how many times so far.
    private var seenIds = Set<Int32>()
    private var repeatCounts: [Int32: Int32] = [:]
    /// The chat being read, where its messages go, and what an earlier import of it found repeated.
    private var chatPeerId: PeerId?
    private var expectedRepeats: [Int32: Int32] = [:]
    /// Earlier copies of an id the earlier import saw come again: held back until the later copy
    /// replaces them, written at the chat's end if it does not come this time.
    private var heldRepeats: [Int32: Message] = [:]
    /// Chats whose repeats differ from what is recorded, to record at the end.
    private var repeatsToRecord: [PeerId: [Int32: Int32]] = [:]
    private var deviceContacts: [DeviceContact] = []

    /// `timeZone`: where the export was made (IANA name, UTC or ±HH:MM), for dates written
    /// without `date_unixtime`; nil for this machine's zone. `me`: who made a single-chat export.
    public init(postbox: Postbox, folder: ExportFolder, accountPeerId: PeerId?, batchSize: Int, timeZone: String? = nil,
                me: Exporter? = nil) throws {
        self.postbox = postbox
        self.folder = folder
        self.batchSize = max(1, batchSize)
        if let timeZone {
            zone = try ZoneInfo.named(timeZone)
            report.timeZone = timeZone
        } else {
            (report.timeZone, zone) = ZoneInfo.local()
        }
        self.peers = try ExportPeers(postbox: postbox)
        writer = ImportBatchWriter(postbox: postbox)
        selfId = accountPeerId
        self.accountPeerId = accountPeerId
        // A single-chat export does not say whose it is: the user an earlier full export named.
        if let accountPeerId, let recorded = peers.recordedOwnUserId {
            peers.ownUser = (recorded, accountPeerId)
            report.accountPeerId = accountPeerId.toInt64()
            exporterKnown = true
        }
        switch me {
        case .id(let id)?: adoptExporter(id, explicitly: true)
        case .name(let name)?:
            exporterName = name
            selfName = name
        case nil: break
        }
    }

    /// The export's own user is `userId`: mapped onto the account's peer when there is one, and
    /// recorded for the exports after when `--me` said so (an inference is not recorded).
    private func adoptExporter(_ userId: Int64, explicitly: Bool) {
        exporterKnown = true
        if let accountPeerId {
            if peers.recordedOwnUserId == nil || peers.recordedOwnUserId == userId {
                peers.ownUser = (userId, accountPeerId)
                report.accountPeerId = accountPeerId.toInt64()
                if explicitly && peers.recordedOwnUserId == nil { ownUserToRecord = userId }
            }
        } else {
            selfId = PeerId(namespace: .cloudUser, id: userId)
        }
    }

    /// `progress` gets the bytes read and the file's size after each chunk; what it throws (a
    /// cancellation) ends the import after the batches already handed to the writer. Either
    /// way, the batches written are durable when it returns or throws (the report, or the
    /// error's "the batches it wrote are kept", is told to someone).
    public func run(progress: (Int, Int) throws -> Void) throws -> Report {
        let start = Clock.monotonicNanoseconds()
        let (fd, size) = try FileSystem.openRegularFile(folder.resultPath, limit: Int.max, followLinks: true)
        defer { close(fd) }
        try postbox.mediaBox.createDirectories()
        let summary: TelegramExportReadSummary
        do {
            summary = try TelegramExportReader(consumer: self, zone: zone).read(fileDescriptor: fd) { try progress($0, size) }
            try flush()
        } catch {
            // Batches already handed over finish (or fail) before the error is reported.
            // Files copied for the batch not handed over are named by no row: no sync needed.
            _ = try? writer.finish()
            try postbox.sync()
            throw error
        }
        let counts = try writer.finish()
        try mergeDeviceContacts()
        try recordRepeats()
        try syncCopiedFiles()
        try postbox.sync()
        report.peersWritten = counts.peersWritten
        report.messagesAdded = counts.added
        report.messagesUpdated = counts.updated
        report.messagesUnchanged = counts.unchanged
        report.fieldsNotKept.merge(summary.fieldsNotKept, uniquingKeysWith: +)
        report.unsupportedMessages = summary.unsupportedMessages
        report.localDates = summary.localDates
        report.singleChat = summary.isSingleChat
        report.exporterUnknown = summary.isSingleChat && !exporterKnown
        report.bytes = summary.bytes
        report.seconds = Clock.milliseconds(since: start) / 1000
        report.messagesPerSecond = report.seconds > 0 ? Int(Double(report.messages) / report.seconds) : 0
        return report
    }

    // MARK: TelegramExportConsumer

    /// The export's own user is the account: their messages are outgoing and their Saved
    /// Messages the account's, and the account takes their name. An account that imported
    /// another user's export before refuses this one.
    public func personalInformation(_ info: ExportPersonalInfo) throws {
        exporterKnown = true
        selfName = [info.firstName, info.lastName].filter { !$0.isEmpty }.joined(separator: " ")
        guard let userId = info.userId else {
            // Exports before December 2018 name no ids: the account is who the senders' names say.
            if let accountPeerId { update(accountPeerId, with: info) }
            return
        }
        report.exportUserId = userId
        var id = PeerId(namespace: .cloudUser, id: userId)
        if let accountPeerId {
            if let recorded = peers.recordedOwnUserId, recorded != userId {
                throw TelegramExportError(offset: nil, "this export is user \(userId)'s, but this account was imported from user \(recorded)'s export; import it into another account (main login, then --account)")
            }
            peers.ownUser = (userId, accountPeerId)
            report.accountPeerId = accountPeerId.toInt64()
            if peers.recordedOwnUserId == nil { ownUserToRecord = userId }
            id = accountPeerId
        }
        selfId = id
        update(id, with: info)
    }

    private func update(_ id: PeerId, with info: ExportPersonalInfo) {
        var differingPhone: String?
        peers.update(id) { peer in
            peer.firstName = info.firstName
            peer.lastName = info.lastName
            if id == accountPeerId {
                // An import never changes who the account is.
                if !info.phoneNumber.isEmpty, PhoneNumber.digits(info.phoneNumber) != PhoneNumber.digits(peer.phone ?? "") {
                    differingPhone = info.phoneNumber
                }
            } else {
                peer.phone = info.phoneNumber.isEmpty ? nil : info.phoneNumber
            }
            peer.username = info.username
            peer.about = info.bio
            peer.isDeleted = false
        }
        if let differingPhone { report.exportPhoneNotKept = differingPhone }
    }

    public func profilePicture(_ picture: ExportProfilePicture) throws {
        // Telegram lists the account's photos newest first: the first one is the avatar.
        guard !sawProfilePicture else { return }
        sawProfilePicture = true
        guard let selfId, case .included(let path) = picture.file else { return }
        do {
            guard try copyIntoMediaBox(path, resourceId: "tg-export-avatar-\(selfId.toInt64())") else { return }
            try setAvatar(selfId, resourceId: "tg-export-avatar-\(selfId.toInt64())")
        } catch let error as TelegramExportError {
            throw TelegramExportError(offset: nil, "profile picture: \(error.message)")
        }
    }

    public func contact(_ contact: ExportContact) throws {
        guard let userId = contact.userId else {
            // Someone in the address book who is not on Telegram: a device contact, as iOS's
            // Contacts would hold them (Siri resolves people through it).
            let name = [contact.firstName, contact.lastName].filter { !$0.isEmpty }.joined(separator: " ")
            let phone = PhoneNumber.digits(contact.phoneNumber)
            guard !name.isEmpty || !phone.isEmpty else { return }
            report.deviceContacts += 1
            deviceContacts.append(DeviceContact(name: name.isEmpty ? contact.phoneNumber : name, phones: phone.isEmpty ? [] : [phone]))
            return
        }
        report.contacts += 1
        peers.update(PeerId(namespace: .cloudUser, id: userId)) { peer in
            peer.firstName = contact.firstName
            peer.lastName = contact.lastName
            peer.phone = contact.phoneNumber.isEmpty ? nil : contact.phoneNumber
            peer.isContact = true
            peer.isDeleted = false
        }
    }

    public func chatStarted(_ chat: ExportChat) throws {
        report.chats += 1
        seenIds.removeAll(keepingCapacity: true)
        repeatCounts = [:]
        heldRepeats = [:]
        let chatPeerId = peerId(of: chat)
        self.chatPeerId = chatPeerId
        expectedRepeats = peers.recordedRepeats[chatPeerId] ?? [:]
        // A chat the account left keeps its history out of the chat list, as Telegram does; one
        // a newer export lists again comes back. A single-chat export does not say: left alone.
        if chat.isListed { listing[chatPeerId] = !chat.isLeft }
        if chat.isLeft { report.leftChats += 1 }
        if let serviceName = Self.serviceChatNames[chat.kind], chat.name?.isEmpty ?? true {
            // Saved Messages is the exporting user's chat with itself (its id is theirs), Replies
            // Telegram's own: tdesktop writes no name for either. Named by personal_information
            // when the export has it.
            peers.update(chatPeerId) { peer in
                if peer.displayTitle.isEmpty || peer.isDeleted {
                    peer.firstName = serviceName
                    peer.isDeleted = false
                }
            }
        } else {
            _ = peers.ensure(chat.peer, name: chat.name)
        }
    }

    /// The chat's peer: Telegram's id in its namespace, except Saved Messages of an export too
    /// old to name ids, which is the account's own chat all the same.
    private func peerId(of chat: ExportChat) -> PeerId {
        if chat.kind == .savedMessages, chat.hasSyntheticId, let selfId { return selfId }
        return peers.peerId(chat.peer)
    }

    public func message(_ message: ExportMessage, in chat: ExportChat) throws {
        let peerId = peerId(of: chat)
        learnExporter(from: message, in: chat)
        var authorId: PeerId?
        var authorName: String?
        if let from = message.fromId {
            authorId = peers.ensure(from, name: message.fromName)
        } else if let name = message.fromName, !name.isEmpty {
            authorName = name
        }
        do {
            let placed = try placeFiles(message, peerId: peerId)
            if message.isService { report.serviceMessages += 1 }
            let isOutgoing = authorId.map { $0 == selfId } ?? (authorName != nil && authorName == selfName)
            let extras = ExportMessageMapper.extras(message, file: placed.availability, peerId: peers.peerId, authorName: authorName,
                                                    vcard: placed.vcard)
            let stored = Message(
                index: MessageIndex(id: MessageId(peerId: peerId, id: message.id), timestamp: message.date),
                authorId: authorId, text: ExportMessageMapper.text(message, service: extras.service), isIncoming: !isOutgoing,
                contentKind: ExportMessageMapper.contentKind(message), mediaResourceIds: placed.resourceIds,
                extras: extras.clipped(cut: &report.fieldsNotKept))
            try add(stored)
        } catch let error as TelegramExportError {
            throw TelegramExportError(offset: nil, "message \(message.id) in chat \(chat.id): \(error.message)")
        }
    }

    /// `--me` by name, or a one-to-one chat's other sender, tells whose export this is.
    private func learnExporter(from message: ExportMessage, in chat: ExportChat) {
        guard !exporterKnown, let from = message.fromId, from.kind == .user else { return }
        if let exporterName {
            if message.fromName == exporterName { adoptExporter(from.id, explicitly: true) }
        } else if chat.kind == .personalChat || chat.kind == .botChat, from.id != chat.id {
            // In a one-to-one chat, whoever is not the chat's other member made the export.
            adoptExporter(from.id, explicitly: false)
        }
    }

    /// Adds the message to the batch; one whose id came before in this chat replaces it (the
    /// later one is kept), counted once.
    private func add(_ message: Message) throws {
        let id = message.id.id
        var occurrence: Int32 = 1
        if seenIds.insert(id).inserted {
            report.messages += 1
        } else {
            report.duplicateMessages += 1
            occurrence = (repeatCounts[id] ?? 1) + 1
            repeatCounts[id] = occurrence
        }
        // The same export again: this copy is not the last, as last time; held back.
        if let times = expectedRepeats[id], occurrence < times {
            heldRepeats[id] = message
            return
        }
        heldRepeats[id] = nil
        // Rare: looked for from the end, where a repeat nearly always is.
        if occurrence > 1, let at = pending.lastIndex(where: { $0.id == message.id }) {
            pending[at] = message
            return
        }
        try append(message)
    }

    private func append(_ message: Message) throws {
        pending.append(message)
        if pending.count >= batchSize { try flush() }
    }

    /// The message's files copied into the MediaBox under names fixed by the message (a re-import
    /// finds them there): its photo or document, a thumbnail, a shared contact's vCard, a group's
    /// new photo. A file the export names but does not have is counted and kept as a placeholder.
    private func placeFiles(_ message: ExportMessage, peerId: PeerId) throws
        -> (resourceIds: [String], availability: MessageFile.Availability?, vcard: String?) {
        var resourceIds: [String] = []
        var availability: MessageFile.Availability?
        if let media = message.media {
            let resourceId = "tg-export-\(peerId.toInt64())-\(message.id)"
            switch media.file {
            case .included(let path)?:
                if try copyIntoMediaBox(path, resourceId: resourceId) {
                    availability = .included
                    if message.isService {
                        if message.action == "edit_group_photo" { try setAvatar(peerId, resourceId: resourceId) }
                    } else {
                        resourceIds.append(resourceId)
                        report.mediaFiles += 1
                    }
                } else {
                    availability = .missing
                }
            case .excluded(let reason)?:
                report.mediaLeftOut += 1
                availability = .notIncluded(reason: reason)
            case nil:
                availability = .notIncluded(reason: "")
            }
            // A sticker's or a video's thumbnail, when the export has it (with its file or without).
            if !message.isService, case .included(let path)? = media.thumbnail {
                let thumbnailId = resourceId + "-thumbnail"
                if try copyIntoMediaBox(path, resourceId: thumbnailId) {
                    resourceIds.append(thumbnailId)
                    report.thumbnails += 1
                }
            }
        }
        var vcard: String?
        if case .contact(_, _, _, .included(let path)?)? = message.attachment {
            switch try folder.lookup(path) {
            case .found(let real):
                vcard = String(decoding: try FileSystem.readFile(real, limit: Self.vcardSizeLimit), as: UTF8.self)
            case .missing:
                noteMissing(path)
            }
        }
        return (resourceIds, availability, vcard)
    }

    private func noteMissing(_ path: String) {
        report.missingFiles += 1
        if report.missingFileNames.count < Self.missingNamesShown { report.missingFileNames.append(path) }
    }

    public func chatEnded(_ chat: ExportChat) throws {
        // Copies held for a later one that did not come this time (a newer export).
        for id in heldRepeats.keys.sorted() { try append(heldRepeats[id]!) }
        heldRepeats = [:]
        if let chatPeerId, repeatCounts != expectedRepeats { repeatsToRecord[chatPeerId] = repeatCounts }
    }

    // MARK: Writing

    /// Hands the batch to the writer (ImportBatchWriter), which commits it while reading goes on.
    private func flush() throws {
        let batchPeers = peers.takePending()
        guard !batchPeers.isEmpty || !pending.isEmpty || ownUserToRecord != nil || !listing.isEmpty else { return }
        try syncCopiedFiles()
        try writer.submit(peers: batchPeers, messages: pending, ownUserId: ownUserToRecord, listing: listing)
        ownUserToRecord = nil
        listing = [:]
        pending.removeAll(keepingCapacity: true)
    }

    private var sawProfilePicture = false

    /// A chat's (or the account's) photo, already in the MediaBox: when it is a PNG or JPEG the
    /// drawing library can read, shown as the peer's avatar.
    private func setAvatar(_ peerId: PeerId, resourceId: String) throws {
        guard try Self.isPicture(postbox.mediaBox.resourcePath(resourceId)) else {
            report.avatarsSkipped += 1
            return
        }
        report.avatars += 1
        peers.update(peerId) { $0.photoResourceId = resourceId }
    }

    private static func isPicture(_ path: String) throws -> Bool {
        let (fd, _) = try FileSystem.openRegularFile(path, limit: mediaSizeLimit)
        defer { close(fd) }
        var header = [UInt8](repeating: 0, count: 8)
        let n = header.withUnsafeMutableBytes { read(fd, $0.baseAddress, 8) }
        return pictureSignatures.contains { n >= $0.count && header.starts(with: $0) }
    }

    /// Copies an export file into the MediaBox under a name fixed by its message, so a re-import
    /// finds it there (same size: not copied again). False, and counted, when the export names a
    /// file its folder does not have.
    private func copyIntoMediaBox(_ relativePath: String, resourceId: String) throws -> Bool {
        guard case .found(let source) = try folder.lookup(relativePath) else {
            noteMissing(relativePath)
            return false
        }
        let destination = postbox.mediaBox.resourcePath(resourceId)
        if let size = FileSystem.fileSize(destination), size == FileSystem.fileSize(source) { return true }
        // Made durable together, before the batch naming them is handed to the writer
        // (syncCopiedFiles): a committed row never outlives a power cut without its file.
        try FileSystem.copyFile(from: source, to: destination, limit: Self.mediaSizeLimit, durable: false)
        copiedFiles += 1
        return true
    }

    private var copiedFiles = 0

    private func syncCopiedFiles() throws {
        guard copiedFiles > 0 else { return }
        try FileSystem.syncFileSystem(containing: postbox.mediaBox.basePath)
        copiedFiles = 0
    }

    private func recordRepeats() throws {
        guard !repeatsToRecord.isEmpty else { return }
        try postbox.transaction { t in
            for (peerId, repeats) in repeatsToRecord { try t.setExportRepeats(peerId, repeats) }
        }
    }

    /// Contacts not on Telegram join the device's address book: added where no contact of the same
    /// name and number is there already, nothing written when all are.
    private func mergeDeviceContacts() throws {
        guard !deviceContacts.isEmpty else { return }
        try postbox.transaction { t in
            var merged = try t.deviceContacts()
            let before = merged.count
            var seen = Set(merged.map { DeviceContactKey($0) })
            for contact in deviceContacts where seen.insert(DeviceContactKey(contact)).inserted { merged.append(contact) }
            if merged.count != before { try t.replaceDeviceContacts(merged) }
        }
    }
}

/// Two address-book entries are one when their names and numbers match as phones compare.
private struct DeviceContactKey: Hashable {
    let name: String
    let phones: [String]

    init(_ contact: DeviceContact) {
        name = contact.name
        phones = contact.phones.compactMap(PhoneNumber.matchKey).sorted()
    }
}
