import Container
import Cryptography
import Formats
import FoundationEssentials
import Messaging
import RequestChannel
import Storage

extension TelegramEngine {
    /// The extensions' requests (a share, an intent's message, read mark or call, a link), as the
    /// writer applies them.
    public var requests: Requests { Requests(postbox: postbox) }

    public struct Requests {
        let postbox: Postbox
    }
}

extension TelegramEngine.Requests {
    /// Applies `request` (its files staged in `directory`) exactly once: its result, the earlier
    /// one if it was applied before.
    public func apply(_ request: AppRequest, stagedIn directory: String, now: Int32 = Int32(clamping: Clock.unixTime())) throws -> [String: String] {
        try RequestApplier(postbox: postbox, directory: directory).apply(request, now: now)
    }

    /// What applying request `id` answered, if it was applied.
    public func appliedResult(_ id: String) throws -> [String: String]? {
        try postbox.read { try $0.appliedRequestResult(id) }.map(RequestApplier.decodeResult)
    }

    /// A stored result (TelegramEngine.AccountData.appliedRequestResult) as the answer it was.
    public static func decodeResult(_ bytes: [UInt8]) throws -> [String: String] {
        try RequestApplier.decodeResult(bytes)
    }
}

/// Applies one request to its account, inside one Postbox transaction that also records the
/// request's id — so a request is applied exactly once however often main crashes and restarts.
struct RequestApplier {
    let postbox: Postbox
    /// The request's directory in `pending/` (its staged files).
    let directory: String

    func apply(_ request: AppRequest, now: Int32 = Int32(clamping: Clock.unixTime())) throws -> [String: String] {
        // Files are copied into the MediaBox first, under names fixed by the request id, so a crash
        // before the transaction commits only means copying them again.
        if case .sendMessage(_, let text, let attachments) = request.action {
            try OutgoingMessages.checkLimits(text: text, attachments: attachments)
        }
        // Described (a photo's sides and thumbnail) before the transaction too, under names fixed
        // by the request id as well.
        let files = try stageMedia(request)
        // Durable before it returns: the processor acknowledges it next.
        return try postbox.transaction(durable: true) { t -> [String: String] in
            if let earlier = try t.appliedRequestResult(request.id) { return try RequestApplier.decodeResult(earlier) }
            let result = try change(request, files: files, now: now, in: t)
            try t.recordAppliedRequest(request.id, result: try RequestApplier.encodeResult(result))
            return result
        }
    }

    private func change(_ request: AppRequest, files: [OutgoingFile], now: Int32, in t: PostboxTransaction) throws -> [String: String] {
        switch request.action {
        case .sendMessage(let peerValue, let text, _):
            // With files, one message each, the text the first one's caption (OutgoingMessages).
            let ids = files.isEmpty
                ? [try OutgoingMessages.store(text: text, to: PeerId(peerValue), now: now, randomId: request.randomId, in: t)]
                : try OutgoingMessages.store(files: files, caption: text, to: PeerId(peerValue), now: now, in: t)
            return ["peerId": String(peerValue), "messageId": String(ids[0].id)]
        case .setMessageRead(let peerValue, let messageId, let read):
            let peerId = PeerId(peerValue)
            guard try t.message(MessageId(peerId: peerId, id: messageId)) != nil else {
                throw RequestRefusal(description: "no message \(messageId) in chat \(peerValue)")
            }
            if read {
                try t.markIncomingRead(peerId, upTo: messageId)
                try t.recordForServer(.readHistory(peerId, maxId: messageId))
            } else {
                try t.markIncomingUnread(peerId, from: messageId)
            }
            return ["peerId": String(peerValue), "messageId": String(messageId),
                    "unreadCount": String(try t.readState(peerId)?.shownUnreadCount ?? 0)]
        case .recordCall(let peerValue, let isVideo):
            let peerId = PeerId(peerValue)
            guard let peer = try t.peer(peerId), peer.isUser, !peer.isDeleted else {
                throw RequestRefusal(description: "no user with peer id \(peerValue) to call")
            }
            // From the request's id: unique per request, the same if the request is re-applied.
            let callId = Int64(bitPattern: UInt64(request.id.suffix(16), radix: 16) ?? UInt64(now))
            try t.addCall(CallRecord(callId: callId, peerId: peerId, timestamp: now, duration: 0, isOutgoing: true, isMissed: false, isVideo: isVideo))
            return ["peerId": String(peerValue), "callId": String(callId), "handle": "TGCA\(peerValue)"]
        case .openURL(let url):
            let link = try AppLink.parse(url)
            let peer = try link.resolve(in: t)
            return ["peerId": String(peer.id.toInt64()), "url": url]
        case .appOperation:
            // RequestProcessor hands these to the running app (they are not one Postbox transaction).
            throw RequestRefusal(description: "main's operation is not a Postbox change")
        }
    }

    /// Copies the staged files into the MediaBox as `share-<request id>-<n>`, each described by
    /// its bytes (the name the sender gave, shown, never used as a path).
    private func stageMedia(_ request: AppRequest) throws -> [OutgoingFile] {
        guard case .sendMessage(_, _, let attachments) = request.action else { return [] }
        var files: [OutgoingFile] = []
        for (index, attachment) in attachments.enumerated() {
            let source = directory + "/" + FileSystem.safeFileName(attachment.fileName)
            guard let size = FileSystem.fileSize(source), FileSystem.isRegularFile(source), size == attachment.size else {
                throw RequestRefusal(description: "attachment \(index + 1) is missing or not the size the request states")
            }
            let resourceId = "share-\(request.id)-\(index)"
            let destination = postbox.mediaBox.resourcePath(resourceId)
            if !FileSystem.isRegularFile(destination) {
                try postbox.mediaBox.createDirectories()
                try FileSystem.copyFile(from: source, to: destination, limit: ShareLimits.maximumFileSize, noFollow: true)
            }
            files.append(try OutgoingFile.describe(resourceId: resourceId, fileName: attachment.displayName, mediaBox: postbox.mediaBox))
        }
        return files
    }

    static func encodeResult(_ result: [String: String]) throws -> [UInt8] {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        return Array(try encoder.encode(result))
    }

    static func decodeResult(_ bytes: [UInt8]) throws -> [String: String] {
        try StrictJSON.decode([String: String].self, from: bytes)
    }
}
