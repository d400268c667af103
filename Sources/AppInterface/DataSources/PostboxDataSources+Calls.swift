import Storage
import TelegramUI

extension PostboxDataSources: CallsDataSource {
    func calls(limit: Int) throws -> [CallItem] {
        try postbox.read { t in
            try t.calls(limit: limit).map { call in
                CallItem(peerId: call.peerId.chatId, title: try t.peer(call.peerId)?.displayTitle ?? "", timestamp: call.timestamp,
                         isOutgoing: call.isOutgoing, isMissed: call.isMissed, isVideo: call.isVideo)
            }
        }
    }
}
