import TelegramCore
import TelegramUI

extension EngineDataSources: CallsDataSource {
    func calls(limit: Int) throws -> [CallItem] {
        try engine.calls.history(limit: limit, missedOnly: false).map { call, peer in
            CallItem(peerId: call.peerId.chatId, title: peer?.displayTitle ?? "", timestamp: call.timestamp,
                     isOutgoing: call.isOutgoing, isMissed: call.isMissed, isVideo: call.isVideo)
        }
    }
}
