import Formats

/// The timeline's entry as a picture for the drawing library: the chats as rows, or the
/// placeholder and empty-state words as the notice.
public enum WidgetPictureBuilder {
    public static func picture(_ timeline: WidgetTimeline, appearance: WidgetPicture.Appearance) -> WidgetPicture {
        guard timeline.state == .chats, let chats = timeline.entry.chats, !chats.isEmpty else {
            return WidgetPicture(family: timeline.family, appearance: appearance, rows: [], notice: timeline.entry.text ?? "")
        }
        let rows = chats.prefix(timeline.family.chatCount).map { chat in
            WidgetPicture.Row(title: chat.title, letters: chat.letters, gradientIndex: chat.gradientIndex,
                              avatarPath: chat.avatarPath, isSavedMessages: chat.savedMessages,
                              badge: chat.badge.map { WidgetPicture.Badge(count: $0.count, isMuted: $0.muted) },
                              author: chat.message?.author, text: chat.message?.text ?? "", time: chat.message?.time ?? "")
        }
        return WidgetPicture(family: timeline.family, appearance: appearance, rows: Array(rows))
    }
}
