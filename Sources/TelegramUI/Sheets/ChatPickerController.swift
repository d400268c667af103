import Display

/// The forward sheet's chat picker (Telegram's peer selection): the chats in list order, the
/// typed text narrowing them to those whose words start with it; ↑ ↓ move, Enter picks, Esc closes.
@MainActor
public final class ChatPickerController: FilterPickerController {
    private let chats: [ForwardTarget]
    public var shown: [ForwardTarget] { shownIndices.map { chats[$0] } }

    public init(title: String, chats: [ForwardTarget], onPick: @escaping (ForwardTarget) -> Void) {
        self.chats = chats
        super.init(title: title, labels: chats.map(\.title), prompt: "To: ", emptyText: "No chat matches", pickHint: "forward") { index in
            onPick(chats[index])
        }
    }
}
