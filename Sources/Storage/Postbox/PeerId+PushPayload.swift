import Formats

/// How a push names a peer: a raw id under the key of its namespace, checked in Telegram's order
/// (from_id, chat_id, channel_id, encryption_id).
extension NotificationPayload {
    public var peerId: PeerId? {
        if let fromId { return Int64(fromId).map { PeerId(namespace: .cloudUser, id: $0) } }
        if let chatId { return Int64(chatId).map { PeerId(namespace: .cloudGroup, id: $0) } }
        if let channelId { return Int64(channelId).map { PeerId(namespace: .cloudChannel, id: $0) } }
        if let encryptionId { return Int64(encryptionId).map { PeerId(namespace: .secretChat, id: $0) } }
        return nil
    }

    public mutating func setPeer(_ peerId: PeerId) {
        let raw = String(peerId.id)
        switch peerId.namespace {
        case .cloudGroup: chatId = raw
        case .cloudChannel: channelId = raw
        case .secretChat: encryptionId = raw
        default: fromId = raw
        }
    }
}
