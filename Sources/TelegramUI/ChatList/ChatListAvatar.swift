import Display
import Formats

/// A chat's avatar in the chat list: `size` cells at the row's left. The picture (the letters
/// avatar or profile photo that notify-service and the widget draw, in half blocks) comes from the
/// app, which draws it off the main thread and only on a truecolour terminal; until it has one —
/// and always with fewer colours — the row shows the initials on the peer's avatar colour, which
/// costs nothing to make, so the list's first frame never waits for a picture.
public enum ChatListAvatar {
    /// 4 columns × 2 rows: the two-line row's height, and in half blocks a 4 × 4 pixel square.
    public static let size = Size(width: 4, height: 2)

    /// Telegram's colour for the peer: the first colour of its letters-avatar pair, chosen as
    /// Telegram's chat list and notify-service choose it (`abs(peerId.id) % 7`).
    public static func color(_ peerId: ChatId) -> Color {
        let rgb = AvatarColors.pair(at: AvatarGradientIndex.notification(peerRawId: peerId.id)).first
        return .rgb(UInt8(rgb >> 16 & 0xff), UInt8(rgb >> 8 & 0xff), UInt8(rgb & 0xff))
    }

    /// The fallback: up to two initials, white and bold, centred on the first row (beside the
    /// title) of a block in the peer's colour. On 256 or 16 colours the backend picks the nearest;
    /// on a monochrome terminal a coloured background is drawn reversed.
    public static func initials(_ chat: ChatListItem) -> CellGrid {
        let background = color(chat.peerId)
        var grid = CellGrid(width: size.width, height: size.height, fill: .init(" ", background: background))
        // Wide initials (CJK, emoji) take two columns each; keep what fits.
        var letters = chat.letters.prefix(2).compactMap { $0.first }.map { (letter: $0, width: TextWidth.of(String($0))) }
        while letters.reduce(0, { $0 + $1.width }) > size.width { letters.removeLast() }
        var column = (size.width - letters.reduce(0, { $0 + $1.width })) / 2
        for (letter, width) in letters {
            grid[column, 0] = .init(letter, foreground: .rgb(255, 255, 255), background: background, attributes: .bold)
            column += width
        }
        return grid
    }
}

extension ChatListController {
    /// The row's avatar: the app's picture when it has one, else the initials.
    func avatar(for chat: ChatListItem) -> CellGrid {
        avatarPicture?(chat) ?? ChatListAvatar.initials(chat)
    }

    /// Puts the pictures the app has finished drawing into the rows, without reading the list again.
    public func avatarsChanged() {
        guard items.count == chats.count else { return }
        for index in chats.indices {
            let avatar = avatar(for: chats[index])
            if items[index].leading != avatar { items[index].leading = avatar }
        }
    }
}
