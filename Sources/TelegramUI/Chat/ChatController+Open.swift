import Display

/// Enter and s on a selected message: its file, photo or link opened, its file saved (through
/// `openActions`, the app's). Several things to open: a sheet to choose from.
extension ChatController {
    /// What Enter offers for a message: its attachment, then its links.
    enum OpenTarget: Equatable {
        case attachment(ChatAttachment)
        case link(String)

        var title: String {
            switch self {
            case .attachment(let attachment): return attachment.name ?? (attachment.isPhoto ? "Photo" : "File")
            case .link(let url): return url
            }
        }
    }

    static func openTargets(of message: ChatMessage) -> [OpenTarget] {
        (message.attachment.map { [.attachment($0)] } ?? []) + message.links.map(OpenTarget.link)
    }

    func openSelected(_ message: ChatMessage) {
        if let attachment = message.attachment, attachment.isDownloadable { return download(attachment, of: message) }
        let targets = Self.openTargets(of: message)
        guard !targets.isEmpty else { note("Nothing to open in this message"); return }
        guard openActions != nil else { note("Opening is not available here"); return }
        if targets.count == 1 { return open(targets[0]) }
        let rows = targets.map { target -> ListItem in
            if case .attachment = target { return ListItem(title: target.title, detail: "file") }
            return ListItem(title: target.title)
        }
        presentSheet(ChoiceSheetController(title: "Open", rows: rows) { [unowned self] picked in open(targets[picked]) })
    }

    private func open(_ target: OpenTarget) {
        guard let openActions else { return }
        do {
            switch target {
            case .attachment(let attachment):
                if let reason = attachment.unavailableReason { return note(reason + ": nothing to open") }
                note(try openActions.open(attachment))
            case .link(let url):
                if let text = try openActions.openLink(url) { note(text) }
            }
        } catch {
            note("Cannot open: \(error)")
        }
    }

    /// A file on the server is fetched first; opening or saving it is the next Enter or s.
    private func download(_ attachment: ChatAttachment, of message: ChatMessage) {
        guard let openActions else { note("Downloading is not available here"); return }
        do { note(try openActions.download(attachment, of: message.index, in: peerId)) } catch { note("Not downloaded: \(error)") }
    }

    func saveSelected(_ message: ChatMessage) {
        guard let attachment = message.attachment else { note("No file to save in this message"); return }
        if attachment.isDownloadable { return download(attachment, of: message) }
        if let reason = attachment.unavailableReason { return note(reason + ": nothing to save") }
        guard let openActions else { note("Saving is not available here"); return }
        do { note(try openActions.save(attachment)) } catch { note("Not saved: \(error)") }
    }
}
