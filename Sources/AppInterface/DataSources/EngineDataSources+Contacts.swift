import TelegramCore
import TelegramUI

extension EngineDataSources: ContactsDataSource {
    /// Contacts by name, with their usernames or phones; deleted accounts left out.
    func contacts() throws -> [ContactItem] {
        try engine.peers.contacts().map { ContactItem(id: $0.id.chatId, title: $0.displayTitle, detail: $0.username.map { "@" + $0 } ?? $0.phone) }
    }
}
