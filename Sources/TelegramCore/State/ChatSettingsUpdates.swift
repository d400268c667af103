import Storage
import TelegramApi

/// A chat's place and sound in the list as the server says them (updateDialogPinned,
/// updatePinnedDialogs, updateNotifySettings, and a dialog's own flags read as those), gathered
/// from one batch and written after its messages. Private chats and basic groups: channels are not kept.
struct ChatSettingsUpdates {
    private var pinnedOrder: [PeerId]?
    private var pinToggles: [(PeerId, Bool)] = []
    private var muteUntil: [(PeerId, Int32)] = []

    /// Whether `update` is one of these (then kept here).
    mutating func take(_ update: Api.Update) -> Bool {
        switch update {
        case .updatePinnedDialogs(nil, let order?), .updatePinnedDialogs(0, let order?):
            pinnedOrder = order.compactMap(Self.chat)
            pinToggles = []
        case .updatePinnedDialogs:
            // Another folder's, or "ask for the order": the next dialogs read brings it.
            break
        case .updateDialogPinned(let pinned, let folder, let peer):
            if (folder ?? 0) == 0, let chat = Self.chat(peer) { pinToggles.append((chat, pinned)) }
        case .updateNotifySettings(.notifyPeer(let peer), .peerNotifySettings(_, _, let until, _, _, _, _, _, _, _, _)):
            if let chat = ServerObjects.chatPeer(peer) { muteUntil.append((chat, until ?? 0)) }
        case .updateNotifySettings:
            // The defaults of a kind of chat (notifyUsers, notifyChats…): not kept here.
            break
        default:
            return false
        }
        return true
    }

    /// Written; how many chats changed.
    func apply(in t: PostboxTransaction) throws -> Int {
        var changed = 0
        if pinnedOrder != nil || !pinToggles.isEmpty {
            let before = try t.pinnedChats()
            var pinned = pinnedOrder ?? before
            for (chat, on) in pinToggles {
                pinned.removeAll { $0 == chat }
                if on { pinned.insert(chat, at: 0) }
            }
            if pinned != before {
                try t.setPinnedChats(pinned)
                changed += Set(pinned).symmetricDifference(before).count + (Set(pinned) == Set(before) ? 1 : 0)
            }
        }
        for (chat, until) in muteUntil {
            var settings = try t.notificationSettings(chat) ?? .defaultSettings
            guard settings.muteUntil != until else { continue }
            settings.muteUntil = until
            try t.setNotificationSettings(chat, settings)
            changed += 1
        }
        return changed
    }

    private static func chat(_ peer: Api.DialogPeer) -> PeerId? {
        guard case .dialogPeer(let peer) = peer else { return nil }
        return ServerObjects.chatPeer(peer)
    }
}
