import TelegramCore

/// Siri's message identifiers, `<peerId>_<namespace>_<id>` (EngineMessage.Id's description).
public enum MessageIdentifier {
    public static func parse(_ text: String) -> EngineMessage.Id? {
        let parts = text.split(separator: "_", omittingEmptySubsequences: false)
        guard parts.count == 3, let peer = Int64(parts[0]), let namespace = Int32(parts[1]), let id = Int32(parts[2]) else { return nil }
        return EngineMessage.Id(peerId: EnginePeer.Id(peer), namespace: namespace, id: id)
    }
}
