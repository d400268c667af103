import Container
import Formats
import TelegramCore
#if canImport(Glibc)
import Glibc
#endif

/// The chats the user chose for the widget (Telegram's SelectFriendsIntent answer), kept in the
/// widget's own file `widget/configuration.json` (WidgetConfiguration: account id and peer ids,
/// no content). main reads it when it publishes widget-data; the widget never writes a database.
public enum WidgetSelection {
    /// As many chats as the largest widget shows.
    public static let maximum = WidgetPicture.Family.large.chatCount

    /// The saved choice, when it is the current account's.
    public static func current(_ layout: ContainerLayout, accountId: Int64) -> [Int64]? {
        guard let saved = try? JSONFile.read(WidgetConfiguration.self, from: layout.widgetConfigurationPath, limit: 64 * 1024),
              saved.accountId == accountId else { return nil }
        return saved.peerIds
    }

    /// Each of `names` (peer id, @username, phone number or name) as one chat the widget can show:
    /// no secret chats, no deleted accounts; repeats count once.
    public static func resolve(_ names: [String], in peers: TelegramEngine.Peers) throws -> [EnginePeer] {
        var chosen: [EnginePeer] = []
        for name in names {
            let peer: EnginePeer
            switch try peers.resolve(name) {
            case .found(let found): peer = found
            case .ambiguous(let candidates):
                let list = candidates.prefix(10).map { "\($0.id.toInt64()) \($0.displayTitle)" }.joined(separator: "; ")
                throw WidgetFailure("ambiguous", "\"\(name)\" matches \(candidates.count) chats (\(list)); name one by its peer id", exitStatus: 3)
            case .notFound:
                throw WidgetFailure("notFound", "no chat matches \"\(name)\"; `widget configure --query …` lists chats with their peer ids")
            }
            if !chosen.contains(where: { $0.id == peer.id }) { chosen.append(peer) }
        }
        guard chosen.count <= maximum else {
            throw WidgetFailure("refused", "\(chosen.count) chats chosen; the widget shows at most \(maximum)")
        }
        return chosen
    }

    /// Written atomically (temp file, fsync, rename), its directory created 0700.
    public static func save(_ peers: [EnginePeer], accountId: Int64, layout: ContainerLayout) throws {
        try FileSystem.createDirectory(FileSystem.parentPath(layout.widgetConfigurationPath))
        try JSONFile.write(WidgetConfiguration(accountId: accountId, peerIds: peers.map { $0.id.toInt64() }),
                           to: layout.widgetConfigurationPath)
    }

    /// Back to the top of the chat list. True when there was a choice to remove.
    public static func clear(_ layout: ContainerLayout) throws -> Bool {
        guard FileSystem.exists(layout.widgetConfigurationPath) else { return false }
        try FileSystem.removeTree(layout.widgetConfigurationPath)
        return true
    }
}
