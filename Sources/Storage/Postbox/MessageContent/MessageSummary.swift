/// A message in one line, as Telegram's lists summarize it (the chat list, the widget, a
/// notification): its text, or for media without text what it is ("📊 Poll: Lunch?",
/// "📍 Location", "👤 Contact: Ada Lovelace", "📎 report.pdf"), a caption after its media's mark.
public enum MessageSummary {
    public static func text(of message: Message) -> String {
        let extras = message.extras
        if extras.isService { return message.text }
        if let poll = extras.poll { return "📊 Poll: " + poll.question }
        if let todo = extras.todo { return "☑️ Checklist: " + todo.title }
        if let contact = extras.contact { return "👤 Contact: " + (contact.name.isEmpty ? contact.phone : contact.name) }
        if let location = extras.location {
            if let title = location.title, !title.isEmpty { return "📍 " + title }
            return location.livePeriod != nil ? "📍 Live Location" : "📍 Location"
        }
        if let game = extras.media.lazy.compactMap(\.game).first { return "🎮 Game: " + game.title }
        if let invoice = extras.media.lazy.compactMap(\.invoice).first { return "🧾 Invoice: " + invoice.title }
        // A message that kept only its file (no typed media) is summarized by its kind.
        if let file = extras.file ?? (extras.media.isEmpty ? message.contentKind.fileKind.map { MessageFile(kind: $0) } : nil) {
            let mark = mark(of: file)
            return message.text.isEmpty ? mark : prefix(of: file) + message.text
        }
        if message.text.isEmpty {
            switch message.contentKind {
            case .text: break
            case .call: return "📞 Call"
            case .mapLocation: return "📍 Location"
            case .poll: return "📊 Poll"
            default: return "[\(message.contentKind.name)]"
            }
        }
        return message.text
    }

    /// What a file is, when it has no caption.
    static func mark(of file: MessageFile) -> String {
        switch file.kind {
        case "photo": return "🖼 Photo"
        case "video_file": return "📹 Video"
        case "animation": return "GIF"
        case "voice_message": return "🎤 Voice message"
        case "video_message": return "📹 Video message"
        case "sticker": return (file.stickerEmoji.map { $0 + " " } ?? "") + "Sticker"
        case "audio_file":
            let song = [file.performer, file.title].compactMap { $0 }.filter { !$0.isEmpty }.joined(separator: " – ")
            return "🎵 " + (song.isEmpty ? file.fileName ?? "Audio" : song)
        default: return "📎 " + (file.fileName ?? "File")
        }
    }

    /// The mark before a caption: a picture's or a video's sign, a file's clip.
    static func prefix(of file: MessageFile) -> String {
        switch file.kind {
        case "photo": return "🖼 "
        case "video_file", "video_message": return "📹 "
        case "audio_file": return "🎵 "
        case "voice_message": return "🎤 "
        default: return "📎 "
        }
    }

    /// Everything a message search should find the message by: its text, a poll's question and
    /// answers, a contact's name, a file's name, a place's title and address, a checklist.
    public static func searchableText(of message: Message) -> String {
        let extras = message.extras
        guard !extras.media.isEmpty else { return message.text }
        var parts = [message.text]
        for media in extras.media {
            switch media {
            case .file(let f): parts += [f.fileName, f.performer, f.title].compactMap { $0 }
            case .poll(let p): parts.append(p.question); parts += p.answers.map(\.text)
            case .contact(let c): parts += [c.firstName, c.lastName]
            case .location(let l): parts += [l.title, l.address].compactMap { $0 }
            case .todo(let t): parts.append(t.title); parts += t.items.map(\.text)
            case .game(let g): parts.append(g.title)
            case .invoice(let i): parts.append(i.title)
            }
        }
        return parts.filter { !$0.isEmpty }.joined(separator: "\n")
    }
}
