/// The history read past what is here, at either end. Back: at the oldest loaded message, with
/// the view wanting more above it, the source is asked for what the server has below (once per
/// oldest message until the next reload). Forward (a chat opened at its first unread message,
/// with a hole after it): the history asks when a page read forward stops at the hole. While a
/// page comes the composer row says so; when it is stored the reload lets the next read find it,
/// and the view goes on.
extension ChatController {
    static let loadingOlderNote = "Loading older messages from the server…"
    static let loadingNewerNote = "Loading newer messages from the server…"

    func askServerForOlder(wanted: Bool) {
        guard wanted, !history.hasOlder, isContentLoaded else { return }
        let oldest = history.messages.first?.index
        if case .some(let asked) = olderAskedBelow, asked == oldest { return }
        olderAskedBelow = .some(oldest)
        let answer: HistoryOnServer
        do { answer = try source.fetchOlder(in: peerId, below: oldest) } catch { answer = .unavailable("\(error)") }
        say(answer, was: olderOnServer, loading: Self.loadingOlderNote, which: "Older")
        olderOnServer = answer
    }

    /// What the last page read forward found after the newest loaded message, said once.
    func noteNewerOnServer() {
        say(history.newerOnServer, was: newerNoted, loading: Self.loadingNewerNote, which: "Newer")
        newerNoted = history.newerOnServer
    }

    /// An answer in the composer row when it is news: "loading", why not, or the note gone.
    private func say(_ answer: HistoryOnServer, was before: HistoryOnServer, loading: String, which: String) {
        switch answer {
        case .fetching:
            if status == nil || before != .fetching { note(loading) }
        case .unavailable(let reason):
            if before != answer { note("\(which) messages are on the server, not here: \(reason)") }
        case .none:
            if status == loading { status = nil }
        }
    }

    /// Before a reload: a page asked for may be stored now, so what lies beyond the loaded
    /// messages is read again and the server asked again if still needed.
    func settleHistoryOnServer() {
        olderAskedBelow = nil
        history.mayHaveNewer()
        guard olderOnServer == .fetching else { return }
        history.mayHaveOlder()
        olderOnServer = .none
        if status == Self.loadingOlderNote { status = nil }
    }
}
