import Display
import TelegramUI

/// Telegram's New Group, New Channel and Add Members, from the chat list (c, as Telegram iOS's
/// Compose, and a): the people marked on a picker, then the name; the server asked, the screen
/// saying so until it answers; the new chat opened when it does. A refusal is said under the
/// name, which stays to try again.
@MainActor
final class NewChatFlow {
    private let actions: any ChatCreationActions
    private unowned let navigation: NavigationController
    private let openChat: (ChatId, String) -> Void
    /// A line to show a moment (a refusal, what an addition came to).
    private let say: (String) -> Void
    /// Additions on their way: their ticket and the chat's name.
    private var additions: [(ticket: Int, title: String)] = []
    /// The Add Members picker waiting to hear who is in its chat already.
    private var awaitingMembers: (chat: ChatId, picker: MemberPickerController)?

    init(actions: any ChatCreationActions, navigation: NavigationController, openChat: @escaping (ChatId, String) -> Void,
         say: @escaping (String) -> Void) {
        (self.actions, self.navigation, self.openChat, self.say) = (actions, navigation, openChat, say)
    }

    /// c: a group or a channel.
    func offerNew() {
        if let reason = actions.unavailableReason { return say("Cannot make a group or channel: \(reason)") }
        let rows = [ListItem(title: "New Group", detail: "people you choose"), ListItem(title: "New Channel", detail: "you post, subscribers read"),
                    ListItem(title: "New Supergroup", detail: "a group for many")]
        present(ChoiceSheetController(title: "New", rows: rows) { [unowned self] picked in
            switch picked {
            case 0: pickPeople(title: "New Group") { [unowned self] members in askName(.group(title: "", members: members), names: members) }
            case 1: askName(.channel(title: "", supergroup: false), names: [])
            default: askName(.channel(title: "", supergroup: true), names: [])
            }
        })
    }

    /// a: people added to the selected group or channel.
    func offerAdd(to chat: ChatListItem) {
        do {
            if let refusal = try actions.addMembersRefusal(chat.peerId) { return say("Cannot add members to \(chat.title): \(refusal)") }
        } catch {
            return say("Cannot add members to \(chat.title): \(error)")
        }
        let picker = pickPeople(title: "Add to \(chat.title)") { [unowned self] members in
            do {
                additions.append((try actions.start(.addMembers(members, to: chat.peerId)), chat.title))
                say("Adding \(members.count == 1 ? "1 person" : "\(members.count) people") to \(chat.title)…")
            } catch {
                say("Cannot add members to \(chat.title): \(error)")
            }
        }
        // Who is in it already shows once the server says (they are not offered again).
        if let picker, actions.askMembers(of: chat.peerId) { awaitingMembers = (chat.peerId, picker) }
    }

    /// The screens look again: what the server answered to the additions.
    func refresh() {
        if let (chat, picker) = awaitingMembers, let outcome = actions.members(of: chat) {
            awaitingMembers = nil
            // Unheard, the picker offers everyone, and the server refuses a member added twice.
            if case .members(let ids) = outcome { picker.members = ids }
        }
        additions.removeAll { ticket, title in
            switch actions.outcome(ticket) {
            case nil: return false
            case .done(_, _, let notAdded)?:
                say(notAdded == 0 ? "Added to \(title)" : "Added to \(title); \(notAdded) could not be added")
            case .failed(let reason)?:
                say("Cannot add members to \(title): \(reason)")
            }
            return true
        }
    }

    @discardableResult
    private func pickPeople(title: String, then: @escaping ([ChatId]) -> Void) -> MemberPickerController? {
        let people: [ContactItem]
        do { people = try actions.memberCandidates() } catch { say("Cannot read the contacts: \(error)"); return nil }
        let picker = MemberPickerController(title: title, people: people, onDone: then)
        present(picker)
        return picker
    }

    /// The name, then the request; the screen waits for the server and opens what it made.
    private func askName(_ request: NewChatRequest, names members: [ChatId]) {
        let (title, label, working): (String, String, String)
        switch request {
        case .channel(_, false): (title, label, working) = ("New Channel", "Channel name", "Creating the channel…")
        case .channel(_, true): (title, label, working) = ("New Supergroup", "Group name", "Creating the group…")
        default: (title, label, working) = ("New Group", "Group name", "Creating the group…")
        }
        let lines = members.isEmpty ? [] : ["With \(members.count == 1 ? "1 person" : "\(members.count) people")."]
        let entry = TextEntryController(step: TextEntryStep(title: title, lines: lines, label: label, capacity: 128))
        entry.navigationPresentation = .modal
        entry.validate = { $0.trimmingWhitespace().isEmpty ? "a name is needed" : nil }
        var ticket: Int?
        entry.onSubmit = { [unowned self] text in
            let name = text.trimmingWhitespace()
            let named: NewChatRequest = switch request {
            case .channel(_, let supergroup): .channel(title: name, supergroup: supergroup)
            default: .group(title: name, members: members)
            }
            do { ticket = try actions.start(named) } catch { return .error("Cannot create it: \(error)") }
            return .working(working)
        }
        entry.onRefresh = { [unowned self, unowned entry] in
            guard let asked = ticket, let outcome = actions.outcome(asked) else { return }
            ticket = nil
            switch outcome {
            case .done(let chat, let name, let notAdded):
                entry.onRefresh = nil
                navigation.pop(entry, animated: false)
                openChat(chat, name)
                if notAdded > 0 { say("\(notAdded) could not be added") }
            case .failed(let reason):
                entry.finish(.error("Cannot create it: \(reason)"))
            }
        }
        entry.onCancel = { [unowned self, unowned entry] in navigation.pop(entry, animated: false) }
        present(entry)
    }

    private func present(_ controller: ViewController) {
        controller.navigationPresentation = .modal
        navigation.pushViewController(controller, animated: false)
    }
}
