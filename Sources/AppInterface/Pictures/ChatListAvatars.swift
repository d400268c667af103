import Container
import Cryptography
import Display
import DrawingClient
import TelegramCore
import TelegramUI
import TerminalImages

/// The chat list's avatars as pictures, on a truecolour terminal: the letters avatar or profile
/// photo that notify-service draws (AvatarCache, `.notification` style, so the same file in the
/// MediaBox's `cached/` serves both), scaled by the drawing library to `pixelSize` RGBA pixels and
/// turned into `ChatListAvatar.size` half-block cells by libchafa (TerminalImages).
///
/// Why this way: Cairo is the only PNG decoder, and a process loads it when it first draws; main
/// gets pixels through DrawingClient (a `.avatarPixels` request) instead of linking a decoder of
/// its own, and what is cached on disk is the very PNG the extensions use. Drawing is lazy and off
/// the main thread (CellPictureQueue): a row asks for its picture while the list is built; the
/// first time, it gets nil (the row shows the initials). Each result is kept in memory by peer,
/// photo and initials — the list is rebuilt every second, and a rebuilt row must not redo any
/// drawing or chafa work — and `drain()` puts the new pictures in the rows.
@MainActor
final class ChatListAvatars {
    /// What a picture shows: a new photo or new initials make a new one.
    struct Key: Hashable, Sendable {
        let mediaBox: String
        let peerId: EnginePeer.Id
        let photoResourceId: String?
        let letters: [String]
    }

    /// 8 pixels a cell across, chafa's own cell resolution: it averages them down to two a cell.
    nonisolated static let pixelSize = ChatListAvatar.size.width * 8
    /// Pictures kept in memory (a few hundred bytes each).
    nonisolated static let memoryLimit = 2000

    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    private let queue: CellPictureQueue<Key>
    var wakeDescriptor: Int32 { queue.wakeDescriptor }
    private var lists: [WeakChatList] = []

    /// `onFailure` hears why an avatar could not be drawn (those rows keep their initials).
    init(onFailure: @escaping @Sendable (String) -> Void) throws {
        queue = try CellPictureQueue(memoryLimit: Self.memoryLimit, onFailure: onFailure)
    }

    /// Gives `chatList` its pictures from `mediaBox` (an account's).
    func attach(_ chatList: ChatListController, mediaBox: EngineMediaBox, deviceKey: DeviceKey) {
        lists.removeAll { $0.list == nil || $0.list === chatList }
        lists.append(WeakChatList(list: chatList))
        chatList.avatarPicture = { [queue] chat in
            let key = Key(mediaBox: mediaBox.basePath, peerId: chat.peerId.peerId, photoResourceId: chat.photoResourceId,
                          letters: chat.letters)
            return queue.picture(key) { try Self.draw(key, mediaBox: mediaBox, deviceKey: deviceKey) }
        }
        chatList.avatarsChanged()
    }

    /// On the main thread when `wakeDescriptor` is readable: the rows get the pictures drawn since.
    func drain() {
        queue.drain()
        for entry in lists { entry.list?.avatarsChanged() }
    }

    /// On the drawing thread: the avatar's file (drawn and cached if need be), its pixels, its cells.
    private nonisolated static func draw(_ key: Key, mediaBox: EngineMediaBox, deviceKey: DeviceKey) throws -> CellGrid {
        let cache = AvatarCache(mediaBox: mediaBox, deviceKey: deviceKey, style: .notification)
        let pixels = try cache.avatarPixels(peerId: key.peerId, letters: key.letters, photoResourceId: key.photoResourceId,
                                            pixelSize: pixelSize)
        guard let cells = HalfBlockPicture.cells(rgba: pixels, width: pixelSize, height: pixelSize,
                                                 columns: ChatListAvatar.size.width, rows: ChatListAvatar.size.height) else {
            throw Failure(description: "chafa made no cells of a \(pixelSize)×\(pixelSize) avatar")
        }
        return cells
    }
}

private struct WeakChatList {
    weak var list: ChatListController?
}
