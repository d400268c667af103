import Formats
/// A photo or a file as one line: what it is and its name, then its details ("📎 report.pdf ·
/// 1.2 MB · application/pdf · not included", "🎤 Voice message · 0:03", "🖼 Photo · 64×48"). A sticker is its emoji.
enum FileLines {
    static func rows(_ file: ChatMessage.File, width: Int) -> [ChatLine] {
        var details: [String] = []
        let label: String
        switch file.kind {
        case .document:
            label = "📎 " + (file.name ?? "File")
        case .video:
            label = "📹 Video"
        case .animation:
            label = "GIF"
        case .audio:
            let song = [file.performer, file.title].compactMap { $0 }.filter { !$0.isEmpty }.joined(separator: " – ")
            label = "🎵 " + (song.isEmpty ? file.name ?? "Audio" : song)
        case .voice:
            label = "🎤 Voice message"
        case .videoMessage:
            label = "📹 Video message"
        case .sticker:
            return [ChatLine(parts: file.emoji.map { [($0, .text), (" Sticker", .meta)] } ?? [("Sticker", .meta)])]
        }
        if let duration = file.duration, file.kind != .document { details.append(Self.duration(duration)) }
        if let size = file.size, file.kind != .voice { details.append(ByteCountText.text(size)) }
        // A document's type says what opens it; "some bytes" says nothing.
        if file.kind == .document, let type = file.mimeType, !type.isEmpty, type != "application/octet-stream" { details.append(type) }
        details += availability(file.availability)
        return line(label, details, width: width)
    }

    /// A photo shown as words: no colours for a picture, or its file is not here.
    static func rows(_ photo: ChatMessage.Photo, width: Int) -> [ChatLine] {
        var details: [String] = []
        if let w = photo.width, let h = photo.height { details.append("\(w)×\(h)") }
        if photo.hasSpoiler { details.append("spoiler") }
        details += availability(photo.availability)
        return line("🖼 Photo", details, width: width)
    }

    static func availability(_ availability: ChatMessage.Availability) -> [String] {
        switch availability {
        case .here: return []
        case .notIncluded: return ["not included"]
        case .missing: return ["missing"]
        case .onServer(nil): return ["on the server: ⏎ downloads it"]
        case .onServer(let percent?): return ["downloading \(percent)%"]
        }
    }

    /// The label, then its details after " · ", wrapped under the label's words.
    static func line(_ label: String, _ details: [String], width: Int) -> [ChatLine] {
        var parts: [(String, ChatLine.Role)] = [(label, .text)]
        for detail in details { parts.append((" · " + detail, .meta)) }
        return TextWrap.rows(parts, width: width, hanging: 3).map { ChatLine(parts: $0) }
    }

    /// Seconds as a player shows them: "0:03", "12:05", "1:02:03".
    static func duration(_ seconds: Int) -> String {
        let s = max(seconds, 0)
        func two(_ n: Int) -> String { n < 10 ? "0\(n)" : "\(n)" }
        return s >= 3600 ? "\(s / 3600):\(two(s / 60 % 60)):\(two(s % 60))" : "\(s / 60):\(two(s % 60))"
    }
}
