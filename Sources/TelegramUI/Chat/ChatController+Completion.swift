import Display

/// Tab in the composer completes what is being typed at the cursor (`ComposerCompletion`): one
/// choice replaces the token at once, several complete as far as they agree and otherwise open
/// a sheet to pick from (typing narrows it); `:` alone and Tab is the emoji picker.
extension ChatController {
    func complete(_ token: ComposerCompletion) {
        let members = token.kind == .mention ? ((try? source.mentionCandidates(in: peerId)) ?? []) : []
        let choices = token.choices(members: members)
        guard !choices.isEmpty else {
            return note(token.kind == .mention ? "No one here is called “\(token.prefix)”" : "No emoji is called “\(token.prefix)”")
        }
        if choices.count == 1 { return replace(token, with: choices[0].replacement) }
        // Several: as far as they agree (past what was typed), else the picker.
        if token.kind == .mention, let common = ComposerCompletion.commonStart(choices),
           common.count > token.prefix.count + 1, !common.hasSuffix(" ") {
            return replace(token, with: common)
        }
        let title = token.kind == .mention ? "Mention" : "Emoji"
        presentSheet(FilterPickerController(title: title, labels: choices.map(\.label), prompt: "Find: ", emptyText: "Nothing matches", pickHint: "insert") { [unowned self] picked in
            replace(token, with: choices[picked].replacement)
        })
    }

    /// The token's characters replaced by `text`, the cursor after it.
    private func replace(_ token: ComposerCompletion, with text: String) {
        var characters = Array(composer.text)
        let after = String(characters[token.range.upperBound...])
        characters.replaceSubrange(token.range, with: Array(text))
        let before = String(characters[..<(token.range.lowerBound + text.count)])
        composer.set(before)
        composer.insert(after)
        for _ in 0 ..< after.count { composer.moveLeft() }
        status = nil
    }
}
