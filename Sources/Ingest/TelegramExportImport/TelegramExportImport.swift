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
        public var avatars = 0
        /// Photos kept in the MediaBox but not made avatars: neither PNG nor JPEG.
        public var avatarsSkipped = 0
        public var unsupportedMessages = 0
        public var unknownFields: [String: Int] = [:]
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

    public init(postbox: Postbox, folder: ExportFolder, accountPeerId: PeerId?, batchSize: Int) throws {
        self.postbox = postbox
        self.folder = folder
        self.batchSize = max(1, batchSize)
        self.peers = try ExportPeers(postbox: postbox)
        writer = ImportBatchWriter(postbox: postbox)
        selfId = accountPeerId
        self.accountPeerId = accountPeerId
        // A single-chat export does not say whose it is: the user an earlier full export named.
        if let accountPeerId, let recorded = peers.recordedOwnUserId {
            peers.ownUser = (recorded, accountPeerId)
            report.accountPeerId = accountPeerId.toInt64()
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
            summary = try TelegramExportReader(consumer: self).read(fileDescriptor: fd) { try progress($0, size) }
            try flush()
        } catch {
            // Batches already handed over finish (or fail) before the error is reported.
            _ = try? writer.finish()
            try postbox.sync()
            throw error
        }
        let counts = try writer.finish()
        try postbox.sync()
        report.peersWritten = counts.peersWritten
        report.messagesAdded = counts.added
        report.messagesUpdated = counts.updated
        report.messagesUnchanged = counts.unchanged
        report.unknownFields = summary.unknownFields
        report.unsupportedMessages = summary.unsupportedMessages
        report.singleChat = summary.isSingleChat
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
        report.exportUserId = info.userId
        var id = PeerId(namespace: .cloudUser, id: info.userId)
        if let accountPeerId {
            if let recorded = peers.recordedOwnUserId, recorded != info.userId {
                throw TelegramExportError(offset: nil, "this export is user \(info.userId)'s, but this account was imported from user \(recorded)'s export; import it into another account (main login, then --account)")
            }
            peers.ownUser = (info.userId, accountPeerId)
            report.accountPeerId = accountPeerId.toInt64()
            if peers.recordedOwnUserId == nil { ownUserToRecord = info.userId }
            id = accountPeerId
        }
        selfId = id
        peers.update(id) { peer in
            peer.firstName = info.firstName
            peer.lastName = info.lastName
            peer.phone = info.phoneNumber.isEmpty ? nil : info.phoneNumber
            peer.username = info.username
            peer.isDeleted = false
        }
    }

    public func profilePicture(_ picture: ExportProfilePicture) throws {
        // Telegram lists the account's photos newest first: the first one is the avatar.
        guard !sawProfilePicture else { return }
        sawProfilePicture = true
        guard let selfId, case .included(let path) = picture.file else { return }
        do {
            try setAvatar(selfId, from: path, resourceId: "tg-export-avatar-\(selfId.toInt64())")
        } catch let error as TelegramExportError {
            throw TelegramExportError(offset: nil, "profile picture: \(error.message)")
        }
    }

    public func contact(_ contact: ExportContact) throws {
        guard let userId = contact.userId else { return }
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
        // A chat the account left keeps its history out of the chat list, as Telegram does; one
        // a newer export lists again comes back. A single-chat export does not say: left alone.
        if chat.isListed { listing[peers.peerId(chat.peer)] = !chat.isLeft }
        if chat.isLeft { report.leftChats += 1 }
        if chat.kind == .savedMessages {
            // Saved Messages is the exporting user's chat with itself (its id is theirs, and
            // tdesktop writes no name): named by personal_information when the export has it.
            peers.update(peers.peerId(chat.peer)) { peer in
                if peer.displayTitle.isEmpty || peer.isDeleted {
                    peer.firstName = "Saved Messages"
                    peer.isDeleted = false
                }
            }
        } else {
            _ = peers.ensure(chat.peer, name: chat.name)
        }
    }

    public func message(_ message: ExportMessage, in chat: ExportChat) throws {
        let peerId = peers.peerId(chat.peer)
        var authorId: PeerId?
        if let from = message.fromId { authorId = peers.ensure(from, name: message.fromName) }
        var mediaResourceIds: [String] = []
        if let media = message.media, case .included(let path)? = media.file {
            let resourceId = "tg-export-\(peerId.toInt64())-\(message.id)"
            do {
                try copyIntoMediaBox(path, resourceId: resourceId)
            } catch let error as TelegramExportError {
                throw TelegramExportError(offset: nil, "message \(message.id) in chat \(chat.id): \(error.message)")
            }
            if message.isService {
                if message.action == "edit_group_photo" { try setAvatar(peerId, from: path, resourceId: resourceId, copied: true) }
            } else {
                mediaResourceIds = [resourceId]
                report.mediaFiles += 1
            }
        } else if let media = message.media, case .excluded? = media.file {
            report.mediaLeftOut += 1
        }
        // A sticker's or a video's thumbnail, when the export has it (with its file or without).
        if !message.isService, let media = message.media, case .included(let path)? = media.thumbnail {
            let resourceId = "tg-export-\(peerId.toInt64())-\(message.id)-thumbnail"
            do {
                try copyIntoMediaBox(path, resourceId: resourceId)
            } catch let error as TelegramExportError {
                throw TelegramExportError(offset: nil, "message \(message.id) in chat \(chat.id): \(error.message)")
            }
            mediaResourceIds.append(resourceId)
            report.thumbnails += 1
        }
        if message.isService { report.serviceMessages += 1 }
        pending.append(Message(
            index: MessageIndex(id: MessageId(peerId: peerId, id: message.id), timestamp: message.date),
            authorId: authorId, text: ExportMessageMapper.text(message), isIncoming: authorId.map { $0 != selfId } ?? true,
            contentKind: ExportMessageMapper.contentKind(message), mediaResourceIds: mediaResourceIds,
            extras: ExportMessageMapper.extras(message)))
        report.messages += 1
        if pending.count >= batchSize { try flush() }
    }

    public func chatEnded(_ chat: ExportChat) throws {}

    // MARK: Writing

    /// Hands the batch to the writer (ImportBatchWriter), which commits it while reading goes on.
    private func flush() throws {
        let batchPeers = peers.takePending()
        guard !batchPeers.isEmpty || !pending.isEmpty || ownUserToRecord != nil || !listing.isEmpty else { return }
        try writer.submit(peers: batchPeers, messages: pending, ownUserId: ownUserToRecord, listing: listing)
        ownUserToRecord = nil
        listing = [:]
        pending.removeAll(keepingCapacity: true)
    }

    private var sawProfilePicture = false

    /// A chat's (or the account's) photo: copied into the MediaBox and, when it is a PNG or JPEG
    /// the drawing library can read, shown as the peer's avatar.
    private func setAvatar(_ peerId: PeerId, from path: String, resourceId: String, copied: Bool = false) throws {
        if !copied { try copyIntoMediaBox(path, resourceId: resourceId) }
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
    /// finds it there (same size: not copied again).
    private func copyIntoMediaBox(_ relativePath: String, resourceId: String) throws {
        let source = try folder.file(relativePath)
        let destination = postbox.mediaBox.resourcePath(resourceId)
        if let size = FileSystem.fileSize(destination), size == FileSystem.fileSize(source) { return }
        try FileSystem.copyFile(from: source, to: destination, limit: Self.mediaSizeLimit)
    }
}
