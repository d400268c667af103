import Display

/// The people picker of New Group and Add Members (Telegram's contact multi-selection): the typed
/// text narrows the rows, Enter marks or unmarks the one selected (✓), Tab goes on with those
/// marked; Esc closes. Adding members, those in the chat already say so and cannot be marked.
@MainActor
public final class MemberPickerController: FilterPickerController {
    private let people: [ContactItem]
    public private(set) var marked: [ChatId] = []
    /// Who is in the chat already (Add Members, once the server said): not offered again.
    public var members: Set<ChatId> = [] {
        didSet {
            marked.removeAll { members.contains($0) }
            countMarked()
            showRows()
        }
    }
    private let onDone: ([ChatId]) -> Void

    public init(title: String, people: [ContactItem], onDone: @escaping ([ChatId]) -> Void) {
        self.people = people
        self.onDone = onDone
        super.init(title: title, labels: people.map { [$0.title, $0.detail].compactMap { $0 }.joined(separator: " ") }, prompt: "Add: ",
                   emptyText: people.isEmpty ? "No contacts yet" : "Nobody matches", pickHint: "mark") { _ in }
        // Enter marks here; the sheet stays.
        onOpen = { [unowned self] index in toggle(index) }
    }

    private func toggle(_ row: Int) {
        guard shownIndices.indices.contains(row) else { return }
        let id = people[shownIndices[row]].id
        guard !members.contains(id) else { return }
        if let at = marked.firstIndex(of: id) { marked.remove(at: at) } else { marked.append(id) }
        showRows()
        countMarked()
    }

    /// The title counts the marked.
    private func countMarked() {
        title = marked.isEmpty ? baseTitle : "\(baseTitle) (\(marked.count))"
    }

    /// A marked person's row starts with ✓.
    override func row(_ index: Int) -> ListItem {
        let person = people[index]
        if members.contains(person.id) { return ListItem(title: "  " + person.title, detail: "already a member") }
        return ListItem(title: (marked.contains(person.id) ? "✓ " : "  ") + person.title, detail: person.detail)
    }

    private lazy var baseTitle: String = title

    override public func handle(_ event: InputEvent) -> Bool {
        if case .key(let key) = event, key.key == .tab, key.modifiers.isEmpty {
            guard !marked.isEmpty else { return true }
            let chosen = marked
            _ = navigationController?.popViewController(animated: false)
            onDone(chosen)
            return true
        }
        return super.handle(event)
    }

    override public var keyHints: [KeyHintItem] {
        [KeyHintItem("abc", "filter"), KeyHintItem(KeyEvent(.enter), "mark"), KeyHintItem(KeyEvent(.tab), marked.isEmpty ? "next (mark someone)" : "next")]
    }
}
