import Container
import TelegramCore
import TelegramUI

/// A stored message's media in the chat screen's terms. A photo's file is looked for in the
/// MediaBox (one stat, while the page is read): found, the screen may draw it; named but gone,
/// it says "missing". Messages that carry no typed media but are media by their kind (imports
/// that kept only the file) are shown by their kind.
struct ChatMediaMapping {
    let mediaBox: EngineMediaBox
    /// How far the app's downloads from the server got (nil: the app fetches nothing).
    var downloads: ServerFileDownloads?

    func media(of message: EngineMessage) -> [ChatMessage.Media] {
        let media = message.extras.media
        if media.isEmpty, let byKind = self.byKind(message) { return [byKind] }
        return media.map { item in
            switch item {
            case .file(let file): return self.file(file, resourceId: message.mediaResourceIds.first)
            case .poll(let poll):
                return .poll(ChatMessage.Poll(question: poll.question,
                                              answers: poll.answers.map { .init(text: $0.text, voters: Int($0.voters), chosen: $0.chosen) },
                                              totalVoters: Int(poll.totalVoters), isClosed: poll.isClosed))
            case .contact(let contact): return .contact(ChatMessage.Contact(name: contact.name, phone: contact.phone))
            case .location(let l):
                return .location(ChatMessage.Location(latitude: l.latitude, longitude: l.longitude, title: l.title, address: l.address,
                                                      livePeriod: l.livePeriod.map(Int.init)))
            case .todo(let todo):
                return .checklist(ChatMessage.Checklist(title: todo.title, items: todo.items.map { .init(text: $0.text, done: $0.done) }))
            case .game(let game): return .game(title: game.title, description: game.description)
            case .invoice(let invoice):
                return .invoice(title: invoice.title, description: invoice.description,
                                price: Self.price(invoice.amount, currency: invoice.currency))
            }
        }
    }

    private func file(_ file: EngineMessageFile, resourceId: String?) -> ChatMessage.Media {
        var availability: ChatMessage.Availability
        switch file.availability {
        case .included: availability = .here
        case .notIncluded: availability = .notIncluded
        case .missing: availability = .missing
        case .onServer(let server): availability = .onServer(percent: downloads?.percent(server.resourceId))
        }
        let here = availability == .here ? self.here(resourceId) : nil
        if availability == .here, resourceId != nil, here == nil { availability = .missing }
        if file.isPhoto {
            return .photo(ChatMessage.Photo(width: file.width.map(Int.init), height: file.height.map(Int.init), availability: availability,
                                            fileId: here, hasSpoiler: file.hasSpoiler, name: file.fileName))
        }
        return .file(ChatMessage.File(kind: Self.kind(file.kind), name: file.fileName, size: file.size, duration: file.duration.map(Int.init),
                                      performer: file.performer, title: file.title, emoji: file.stickerEmoji, mimeType: file.mimeType,
                                      availability: availability, fileId: here))
    }

    /// A message that is media by its kind alone: its first resource is the file (none: a seeded
    /// message of that kind, shown as the kind).
    private func byKind(_ message: EngineMessage) -> ChatMessage.Media? {
        message.contentKind.fileKind.map { file(EngineMessageFile(kind: $0), resourceId: message.mediaResourceIds.first) }
    }

    /// The resource id when its file is in the MediaBox.
    private func here(_ resourceId: String?) -> String? {
        resourceId.flatMap { FileSystem.isRegularFile(mediaBox.resourcePath($0)) ? $0 : nil }
    }

    /// Telegram Desktop's media type names.
    static func kind(_ name: String) -> ChatMessage.File.Kind {
        switch name {
        case "video_file": return .video
        case "animation": return .animation
        case "audio_file": return .audio
        case "voice_message": return .voice
        case "video_message": return .videoMessage
        case "sticker": return .sticker
        default: return .document
        }
    }

    /// An invoice's amount in its currency's smallest unit, in words: two decimals, as most
    /// currencies have ("12.50 EUR"); Telegram Stars are whole ("⭐ 50").
    static func price(_ amount: Int64, currency: String) -> String {
        if currency == "XTR" { return "⭐ \(amount)" }
        let cents = amount.magnitude % 100
        return (amount < 0 ? "-" : "") + "\(amount.magnitude / 100).\(cents < 10 ? "0" : "")\(cents) \(currency)"
    }
}
