import Display
import Formats

/// Attaching files (the chat's `attach` key, ^T): a path entry above the composer, Tab completing
/// as a shell does and a second Tab listing the directory in a sheet; Enter adds the file and
/// goes back to the composer, where the caption is written and Enter sends: two Enters for one
/// file. ^T again adds another; the attached files are listed above the composer, each with ✕
/// (Backspace in the empty entry takes the last one away). While they copy the composer row
/// shows the progress, and Esc cancels.
extension ChatController {
    /// Whether the chat can attach here (the app gave it a source and a way to send).
    var canAttach: Bool { attachmentSource != nil && actions != nil && editTarget == nil }

    func openPathEntry() {
        guard canAttach else {
            note(editTarget != nil ? "Files cannot be added to an edited message" : "Files cannot be sent from here")
            return
        }
        if selection != nil { endSelection() }
        pathEntry = pathEntry ?? Composer(capacity: 4096)
        pathTabs = 0
        status = nil
    }

    /// The path entry's keys: Tab completes, Enter adds, Esc (or Enter on nothing) closes it,
    /// Backspace on nothing takes the last file away; the rest edit the path.
    func handlePathEntryKey(_ key: KeyEvent) -> Bool {
        guard var entry = pathEntry else { return false }
        let tabs = pathTabs
        pathTabs = 0
        switch (key.key, key.modifiers) {
        case (.escape, []):
            pathEntry = nil
        case (.tab, []):
            complete(entry.text, afterTab: tabs > 0)
            return true
        case (.enter, []):
            if entry.text.isEmpty { pathEntry = nil } else { add(entry.text) }
        case (.backspace, _) where entry.isEmpty:
            if !attached.isEmpty { attached.removeLast() }
        default:
            guard entry.handle(key) else { return true }
            pathEntry = entry
            status = nil
        }
        return true
    }

    /// Tab: the common part of the matches; nothing more to add, a second Tab lists them.
    private func complete(_ typed: String, afterTab: Bool) {
        guard let source = attachmentSource else { return }
        let completion = PathCompletion(typed)
        let directory = source.expand(completion.directory.isEmpty ? "." : completion.directory)
        let entries: [DirectoryEntry]
        do { entries = try source.entries(in: directory) } catch { note("Cannot list \(completion.directory.isEmpty ? "." : completion.directory): \(error)"); return }
        if let completed = completion.completed(entries), completed != typed {
            pathEntry?.set(completed)
            status = nil
        } else if afterTab {
            offerListing(completion, entries: completion.matches(entries))
        } else {
            pathTabs = 1
            if completion.matches(entries).isEmpty { note("No file starts with “\(completion.prefix)” here") }
        }
    }

    /// The directory's matching names in a sheet: a directory descends into its own listing, a
    /// file is added.
    private func offerListing(_ completion: PathCompletion, entries: [DirectoryEntry]) {
        guard !entries.isEmpty else { note("Nothing to list here"); return }
        let title = completion.directory.isEmpty ? "./" : completion.directory
        let rows = entries.map { ListItem(title: $0.name + ($0.isDirectory ? "/" : "")) }
        presentSheet(ChoiceSheetController(title: title, rows: rows) { [unowned self] picked in
            let entry = entries[picked]
            let path = completion.directory + entry.name
            if entry.isDirectory {
                pathEntry?.set(path + "/")
                let inner = PathCompletion(path + "/")
                guard let source = attachmentSource else { return }
                do { offerListing(inner, entries: inner.matches(try source.entries(in: source.expand(path)))) } catch {
                    note("Cannot list \(path): \(error)")
                }
            } else {
                add(path)
            }
        })
    }

    /// The file at the typed path checked and added, the entry closed; a refusal says why and
    /// leaves the path to correct.
    private func add(_ typed: String) {
        guard let source = attachmentSource else { return }
        guard attached.count < Self.maximumAttachments else {
            note("At most \(Self.maximumAttachments) files go in one message")
            return
        }
        do {
            let file = try source.check(source.expand(typed))
            guard !attached.contains(where: { $0.path == file.path }) else { note("\(file.name) is attached already"); return }
            attached.append(file)
            pathEntry = nil  // back to the composer: the caption, then Enter sends (^T adds another)
            status = nil
        } catch {
            note("Not attached: \(error)")
        }
    }

    /// Enter with files attached: they go with the composer's text as their caption.
    func sendAttachments() {
        guard let source = attachmentSource else { return }
        let caption = composer
        do {
            upload = try source.send(attached, caption: composer.text, replyTo: replyTarget?.index, in: peerId)
            composer = Composer()
            pathEntry = nil
            uploadCaption = caption
            status = nil
        } catch {
            note("Not sent: \(error)")
        }
    }

    /// Each frame: how the upload ended, once it has.
    func pollUpload() {
        guard let upload, let outcome = upload.outcome else { return }
        self.upload = nil
        switch outcome {
        case .success:
            let count = attached.count
            attached = []
            replyTarget = nil
            uploadCaption = nil
            if history.hasNewer { try? history.loadNewest(source, peerId) }
            scrollFromBottom = 0
            note(count == 1 ? "File sent" : "\(count) files sent")
            saveDraftIfChanged()
            reload()
        case .failure(let error):
            composer = uploadCaption ?? Composer()
            uploadCaption = nil
            note("Not sent: \(error)")
        }
    }

    /// The composer row while files copy: a bar of the bytes copied.
    var uploadStatus: String? {
        guard let upload else { return nil }
        let total = max(upload.totalBytes, 1), copied = min(upload.copiedBytes, total)
        let cells = 20, filled = copied * cells / total
        let files = attached.count == 1 ? "1 file" : "\(attached.count) files"
        return "Sending \(files) ▕" + String(repeating: "█", count: filled) + String(repeating: " ", count: cells - filled)
            + "▏ \(copied * 100 / total)% · Esc cancels"
    }

    /// Rows above the composer: one per attached file and the path entry.
    var attachmentRows: Int { attached.count + (pathEntry != nil ? 1 : 0) }

    /// The attached files ("📎 name · size  ✕") and the path entry, from `row` down.
    func drawAttachments(in canvas: inout Canvas, from row: Int, theme: Theme) {
        let width = canvas.size.width
        for (offset, file) in attached.enumerated() {
            let y = row + offset
            canvas.fill(Rect(column: 0, row: y, width: width, height: 1), style: theme.content)
            let end = canvas.put("📎 ", column: 1, row: y, style: theme.accent, maxWidth: max(width - 2, 0))
            let text = file.name + " · " + ByteCountText.text(Int64(file.size))
            canvas.put(text, column: end, row: y, style: theme.content, maxWidth: max(width - end - 4, 0))
            canvas.put("✕", column: max(width - 3, 0), row: y, style: theme.secondaryText, maxWidth: 1)
        }
        guard let entry = pathEntry else { return }
        let y = row + attached.count
        canvas.fill(Rect(column: 0, row: y, width: width, height: 1), style: theme.content)
        let end = canvas.put("Attach: ", column: 1, row: y, style: theme.accent, maxWidth: max(width - 2, 0))
        // The end of a long path stays in view, where the cursor is.
        let room = max(width - end - 2, 1)
        let shown = entry.text.count >= room ? "…" + String(entry.text.suffix(room - 2)) : entry.text
        let after = canvas.put(shown, column: end, row: y, style: theme.content, maxWidth: room)
        canvas.put(" ", column: after, row: y, style: theme.content.with(attributes: .reverse), maxWidth: max(width - after - 1, 0))
    }

    /// A click on an attached file's ✕ takes it away.
    func removeAttachment(atRow row: Int, column: Int, firstRow: Int, width: Int) -> Bool {
        let offset = row - firstRow
        guard attached.indices.contains(offset), column >= width - 4 else { return false }
        attached.remove(at: offset)
        return true
    }

    /// The key line while the path entry is open.
    var pathEntryHints: [KeyHintItem] {
        [KeyHintItem(KeyEvent(.tab), "complete"), KeyHintItem(KeyEvent(.enter), "add")]
    }

    /// What one message takes (ShareLimits.maximumFiles, which the app enforces again).
    static let maximumAttachments = 10
}
