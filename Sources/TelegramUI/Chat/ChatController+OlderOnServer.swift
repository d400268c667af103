/// The history read back past what is here: at the oldest loaded message, with the view wanting
/// more above it, the source is asked for what the server has below (once per oldest message
/// until the next reload). While a page comes the composer row says so; when it is stored the
/// reload lets the next read find it, and the view goes on up.
extension ChatController {
    static let loadingOlderNote = "Loading older messages from the server…"

    func askServerForOlder(wanted: Bool) {
        guard wanted, !history.hasOlder, isContentLoaded else { return }
        let oldest = history.messages.first?.index
        if case .some(let asked) = olderAskedBelow, asked == oldest { return }
        olderAskedBelow = .some(oldest)
        let answer: OlderOnServer
        do { answer = try source.fetchOlder(in: peerId, below: oldest) } catch { answer = .unavailable("\(error)") }
        defer { olderOnServer = answer }
        switch answer {
        case .fetching:
            if status == nil || olderOnServer != .fetching { note(Self.loadingOlderNote) }
        case .unavailable(let reason):
            if olderOnServer != answer { note("Older messages are on the server, not here: \(reason)") }
        case .none:
            if status == Self.loadingOlderNote { status = nil }
        }
    }

    /// Before a reload: a page asked for may be stored now, so what lies above the oldest loaded
    /// message is read again and the server asked again if still needed.
    func settleOlderOnServer() {
        olderAskedBelow = nil
        guard olderOnServer == .fetching else { return }
        history.mayHaveOlder()
        olderOnServer = .none
        if status == Self.loadingOlderNote { status = nil }
    }
}
