import Display
import DrawingClient
import Storage
import TelegramUI
import TerminalImages

/// A chat's photos as pictures, on a truecolour terminal: the photo's file in the MediaBox,
/// fitted by the drawing library into the cells the chat reserved for it (`.photoPixels`, 4 × 8
/// pixels a cell, which chafa averages down to the cell's two) and turned into half blocks.
/// Decoded once per photo and size, off the main thread (CellPictureQueue); a frame only looks
/// the picture up. Until it is drawn the chat shows "🖼 Photo" in its place.
@MainActor
final class ChatPhotos {
    struct Key: Hashable, Sendable {
        let path: String
        let size: Size
    }

    /// Pixels a cell across and down that the photo is scaled to before chafa averages them.
    nonisolated static let pixelsPerCell = (width: 4, height: 8)
    /// Pictures kept in memory (about 10 KiB each at the chat's largest size).
    nonisolated static let memoryLimit = 300

    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    private let queue: CellPictureQueue<Key>
    var wakeDescriptor: Int32 { queue.wakeDescriptor }

    init(onFailure: @escaping @Sendable (String) -> Void) throws {
        queue = try CellPictureQueue(memoryLimit: Self.memoryLimit, onFailure: onFailure)
    }

    /// Gives `chat` its photos from `mediaBox` (its account's).
    func attach(_ chat: ChatController, mediaBox: MediaBox) {
        chat.photoPicture = { [queue] photo, size in
            guard let fileId = photo.fileId else { return nil }
            let key = Key(path: mediaBox.resourcePath(fileId), size: size)
            return queue.picture(key) { try Self.draw(key) }
        }
    }

    /// On the main thread when `wakeDescriptor` is readable: the next frame shows what was drawn.
    func drain() {
        queue.drain()
    }

    private nonisolated static func draw(_ key: Key) throws -> CellGrid {
        let width = key.size.width * pixelsPerCell.width, height = key.size.height * pixelsPerCell.height
        let pixels = try DrawingLibrary.render(.photoPixels(photoPath: key.path, width: width, height: height))
        guard pixels.count == width * height * 4,
              let cells = HalfBlockPicture.cells(rgba: pixels, width: width, height: height,
                                                 columns: key.size.width, rows: key.size.height) else {
            throw Failure(description: "no cells of a \(width)×\(height) photo (\(pixels.count) bytes)")
        }
        return cells
    }
}
