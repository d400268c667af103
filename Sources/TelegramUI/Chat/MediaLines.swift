/// A message's media as rows under its context and above its text, each kind in its own file
/// where it takes more than a line or two (FileLines, PollLines, PhotoPicture).
enum MediaLines {
    static func rows(_ media: ChatMessage.Media, width: Int, drawsPictures: Bool) -> [ChatLine] {
        switch media {
        case .photo(let photo):
            if drawsPictures, let size = PhotoPicture.size(of: photo, maxColumns: width) {
                return PhotoPicture.rows(photo, size: size)
            }
            return FileLines.rows(photo, width: width)
        case .file(let file):
            return FileLines.rows(file, width: width)
        case .poll(let poll):
            return PollLines.rows(poll, width: width)
        case .contact(let contact):
            return titled("👤 ", contact.name.isEmpty ? contact.phone : contact.name, width: width)
                + (contact.name.isEmpty ? [] : detail(contact.phone, width: width))
        case .location(let location):
            return LocationLines.rows(location, width: width)
        case .checklist(let checklist):
            return ChecklistLines.rows(checklist, width: width)
        case .game(let title, let description):
            return titled("🎮 ", title, width: width) + detail(description, width: width, role: .text)
        case .invoice(let title, let description, let price):
            return titled("🧾 ", title, width: width) + detail(price, width: width) + detail(description, width: width, role: .text)
        }
    }

    /// A mark and a bold title, wrapped under the title.
    static func titled(_ mark: String, _ title: String, width: Int) -> [ChatLine] {
        TextWrap.rows([(mark, .text), (title, .title)], width: width, hanging: 3).map { ChatLine(parts: $0) }
    }

    /// A line under a title, indented to it; nothing for empty text.
    static func detail(_ text: String, width: Int, role: ChatLine.Role = .meta) -> [ChatLine] {
        guard !text.isEmpty else { return [] }
        return TextWrap.rows([("   ", .text), (text, role)], width: width, hanging: 3).map { ChatLine(parts: $0) }
    }
}
