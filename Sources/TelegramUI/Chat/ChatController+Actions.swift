import Display

/// The selected message's keys (nchat's and Telegram's actions): r reply, e edit, d delete,
/// f forward, + react, p pin or unpin, y copy, i details, Space mark for forward or delete. Each
/// is one change the app makes; the chat reloads after it.
extension ChatController {
    /// The selection's actions the key line shows, with their words there.
    static let selectionHints: [(SelectionKeyAction, String)] = [
        (.reply, "reply"), (.edit, "edit"), (.delete, "delete"), (.forward, "forward"), (.react, "react"),
        (.pin, "pin"), (.copy, "copy"), (.details, "info"), (.mark, "mark"),
    ]

    func performMessageAction(_ action: SelectionKeyAction) -> Bool {
        guard let index = selection, let position = history.position(of: index) else { return false }
        let message = history.messages[position]
        switch action {
        case .reply: startReply(to: message)
        case .edit: startEdit(of: message)
        case .delete: offerDelete()
        case .forward: offerForward()
        case .react: offerReactions(for: message)
        case .pin: togglePin(message)
        case .copy: copyText(of: message)
        case .details: showDetails(of: message)
        case .mark:
            if marked.contains(index) { marked.remove(index) } else { marked.insert(index) }
        case .open:
            // Nothing to open in a reply: Enter goes to what it answers.
            if Self.openTargets(of: message).isEmpty, message.content.replyTarget != nil { jumpToReply(from: message) } else { openSelected(message) }
        case .save: saveSelected(message)
        case .jumpToReply: jumpToReply(from: message)
        case .jumpBack: jumpBack()
        default: return false
        }
        return true
    }

    func startReply(to message: ChatMessage) {
        guard actions != nil else { status = "This chat is read-only here"; return }
        if let writeRestriction { return note(writeRestriction) }
        editTarget = nil
        replyTarget = message
        endSelection()
    }

    func startEdit(of message: ChatMessage) {
        guard actions != nil else { status = "This chat is read-only here"; return }
        if let writeRestriction { return note(writeRestriction) }
        guard !message.isIncoming, !message.content.isService else {
            status = "Only your own messages can be edited"
            return
        }
        if editTarget == nil { draftBeforeEdit = composer }
        replyTarget = nil
        editTarget = message
        composer = Composer()
        composer.set(message.markdown ?? message.text)
        endSelection()
    }

    /// Esc in the composer: the reply dropped, or the edit given up and the draft back.
    func cancelReplyOrEdit() {
        if editTarget != nil {
            editTarget = nil
            composer = draftBeforeEdit ?? Composer()
            draftBeforeEdit = nil
        }
        replyTarget = nil
        status = nil
    }

    func offerDelete() {
        guard let actions else { status = "This chat is read-only here"; return }
        let targets = actedOn.map(\.index)
        guard !targets.isEmpty else { return }
        let choices: [DeleteChoice]
        do { choices = try actions.deleteChoices(for: targets, in: peerId) } catch { status = "Cannot delete: \(error)"; return }
        let title = targets.count == 1 ? "Delete message?" : "Delete \(targets.count) messages?"
        presentSheet(ChoiceSheetController(title: title, rows: choices.map { ListItem(title: $0.title) }) { [unowned self] picked in
            do {
                try actions.delete(targets, choice: choices[picked], in: peerId)
                marked = []
                status = targets.count == 1 ? "Message deleted" : "\(targets.count) messages deleted"
            } catch {
                status = "Not deleted: \(error)"
            }
            reload()
        })
    }

    func offerForward() {
        guard let actions else { status = "This chat is read-only here"; return }
        let targets = actedOn.map(\.index)
        guard !targets.isEmpty else { return }
        let chats: [ForwardTarget]
        do { chats = try actions.forwardTargets() } catch { status = "Cannot forward: \(error)"; return }
        let title = targets.count == 1 ? "Forward to…" : "Forward \(targets.count) messages to…"
        presentSheet(ChatPickerController(title: title, chats: chats) { [unowned self] target in
            do {
                try actions.forward(targets, from: peerId, to: target.chat)
                marked = []
                status = "Forwarded to \(target.title)"
            } catch {
                status = "Not forwarded: \(error)"
            }
            reload()
        })
    }

    func offerReactions(for message: ChatMessage) {
        guard let actions else { status = "This chat is read-only here"; return }
        let own = Set(message.content.reactions.filter(\.isChosen).map(\.emoji))
        presentSheet(EmojiGridController(title: "React", emoji: actions.reactions, chosen: own) { [unowned self] emoji in
            do {
                try actions.toggleReaction(emoji, on: message.index, in: peerId)
                status = own.contains(emoji) ? "Reaction \(emoji) taken back" : "Reacted \(emoji)"
            } catch {
                status = "Cannot react: \(error)"
            }
            reload()
        })
    }

    func togglePin(_ message: ChatMessage) {
        guard let actions else { status = "This chat is read-only here"; return }
        let unpinning = pinned?.index == message.index
        do {
            try actions.setPinned(unpinning ? nil : message.index, in: peerId)
            status = unpinning ? "Message unpinned" : "Message pinned"
        } catch {
            status = "Cannot pin: \(error)"
        }
        reload()
    }

    func copyText(of message: ChatMessage) {
        guard let actions else { return }
        let text = actedOn.count > 1 ? actedOn.map(\.shownText).joined(separator: "\n\n") : message.shownText
        actions.copy(text)
        status = "Copied"
    }

    func showDetails(of message: ChatMessage) {
        let rows = MessageDetails.rows(message, author: message.isIncoming ? message.authorId.flatMap { names[$0] } ?? title : "You")
        presentSheet(ChoiceSheetController(title: "Message", rows: rows.map { ListItem(title: $0.label, detail: $0.value) }) { _ in })
    }

    func presentSheet(_ sheet: ViewController) {
        guard let navigationController else { return }
        sheet.navigationPresentation = .modal
        navigationController.pushViewController(sheet, animated: false)
    }

    /// The key line: the selection's keys while a message is selected, else the composer's.
    var chatKeyHints: [KeyHintItem] {
        let bindings = keyBindings
        if selection != nil {
            var shown = Self.selectionHints
            // Open and save first, where the selected message has something to open or save.
            if let message = selection.flatMap({ index in history.position(of: index).map { history.messages[$0] } }) {
                if message.attachment != nil { shown.insert((.save, "save"), at: 0) }
                if !Self.openTargets(of: message).isEmpty { shown.insert((.open, "open"), at: 0) }
            }
            let actions = shown.compactMap { action, label in bindings.hint(for: .selection(action)).map { KeyHintItem($0, label) } }
            return [KeyHintItem("↑↓", "select")] + actions
        }
        // Nothing to send where the account cannot write.
        var hints = writeRestriction != nil ? [] : [KeyHintItem(KeyEvent(.enter), editTarget != nil ? "save" : "send")]
        if composer.text.isEmpty || writeRestriction != nil, let select = bindings.hint(for: .chat(.select)) { hints.append(KeyHintItem(select, "select")) }
        return hints
    }
}
