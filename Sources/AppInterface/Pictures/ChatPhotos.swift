import Display
import DrawingClient
import Glibc
import Synchronization
import TelegramCore
import TelegramUI
import TerminalBackend
import TerminalImages

/// A chat's photos as pictures, in the terminal's graphics mode (`PictureOutput`): the photo's
/// file in the MediaBox, fitted by the drawing library into the cells the chat reserved for it,
/// then turned by libchafa into half blocks (symbols), or into a kitty transmission whose
/// picture shows through placeholder cells. Decoded once per photo, size and mode, off the main
/// thread (CellPictureQueue); a frame only looks the picture up. Until it is drawn the chat shows
/// "🖼 Photo" in its place; in mode none the chat draws its line of words. In sixel the chat draws
/// marker cells and the renderer writes the pixels over them (SixelPhotos); where the terminal
/// does not tell its cell size in pixels, half blocks stand in (or words, under 24 bits).
@MainActor
final class ChatPhotos {
    struct Key: Hashable, Sendable {
        let path: String
        let size: Size
        let mode: GraphicsMode
    }

    /// Pixels a cell across and down that the photo is scaled to before chafa averages them.
    nonisolated static let pixelsPerCell = (width: 4, height: 8)
    /// Pictures kept in memory (about 10 KiB each at the chat's largest size). Under 255, so
    /// kitty's ids, which a 256-colour terminal can only name up to 255, never reach a picture
    /// still kept (the queue drops them all at the limit).
    nonisolated static let memoryLimit = 200

    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    private let queue: CellPictureQueue<Key>
    var wakeDescriptors: [Int32] { [queue.wakeDescriptor, sixels.wakeDescriptor] }
    let output: PictureOutput
    let sixels: SixelPhotos
    private var chats: [WeakChat] = []

    init(output: PictureOutput, onFailure: @escaping @Sendable (String) -> Void) throws {
        self.output = output
        queue = try CellPictureQueue(memoryLimit: Self.memoryLimit, onFailure: onFailure)
        sixels = try SixelPhotos(onFailure: onFailure)
    }

    /// Gives `chat` its photos from `mediaBox` (its account's), in the mode of the moment.
    func attach(_ chat: ChatController, mediaBox: EngineMediaBox) {
        chats.removeAll { $0.chat == nil || $0.chat === chat }
        chats.append(WeakChat(chat: chat, mediaBox: mediaBox))
        var mode = output.mode
        if mode == .sixel, output.cellPixels() == nil { mode = output.depth == .trueColor ? .symbols : .none }
        switch mode {
        case .none:
            chat.photoPicture = nil
        case .sixel:
            chat.photoPicture = { [sixels, output] photo, size in
                guard let fileId = photo.fileId, let cellPixels = output.cellPixels() else { return nil }
                return sixels.picture(Key(path: mediaBox.resourcePath(fileId), size: size, mode: .sixel), cellPixels: cellPixels)
            }
        case .symbols, .kitty:
            attachCells(chat, mediaBox: mediaBox, mode: mode)
        }
    }

    /// Half blocks or kitty's placeholders, drawn into cells by the queue.
    private func attachCells(_ chat: ChatController, mediaBox: EngineMediaBox, mode: GraphicsMode) {
        chat.photoPicture = { [queue, output] photo, size in
            guard let fileId = photo.fileId else { return nil }
            output.sendPending()
            let key = Key(path: mediaBox.resourcePath(fileId), size: size, mode: mode)
            return queue.picture(key) { try Self.draw(key, output: output) }
        }
    }

    /// The graphics mode changed: every chat's photos again, in the new one.
    func modeChanged() {
        for entry in chats {
            if let chat = entry.chat { attach(chat, mediaBox: entry.mediaBox) }
        }
    }

    /// On the main thread when one of `wakeDescriptors` is readable: the next frame shows what
    /// was drawn.
    func drain(_ descriptor: Int32) {
        if descriptor == sixels.wakeDescriptor { return sixels.drain() }
        queue.drain()
        output.sendPending()
    }

    private nonisolated static func draw(_ key: Key, output: PictureOutput) throws -> CellGrid {
        switch key.mode {
        case .kitty:
            let width = key.size.width * KittyPicture.pixelsPerCell.width, height = key.size.height * KittyPicture.pixelsPerCell.height
            let pixels = try pixels(key.path, width: width, height: height)
            let id = output.nextKittyId()
            guard let color = KittyPicture.color(id: id, depth: output.depth),
                  let bytes = KittyPicture.transmission(rgba: pixels, width: width, height: height,
                                                        columns: key.size.width, rows: key.size.height, id: id),
                  let cells = KittyPicture.placeholders(color: color, columns: key.size.width, rows: key.size.height) else {
                throw Failure(description: "no kitty picture of a \(width)×\(height) photo")
            }
            output.queue(kittyImage: id, bytes)
            return cells
        default:
            let width = key.size.width * pixelsPerCell.width, height = key.size.height * pixelsPerCell.height
            let pixels = try pixels(key.path, width: width, height: height)
            guard let cells = HalfBlockPicture.cells(rgba: pixels, width: width, height: height,
                                                     columns: key.size.width, rows: key.size.height) else {
                throw Failure(description: "no cells of a \(width)×\(height) photo")
            }
            return cells
        }
    }

    nonisolated static func pixels(_ path: String, width: Int, height: Int) throws -> [UInt8] {
        let pixels = try DrawingLibrary.render(.photoPixels(photoPath: path, width: width, height: height))
        guard pixels.count == width * height * 4 else {
            throw Failure(description: "\(pixels.count) bytes for a \(width)×\(height) photo")
        }
        return pixels
    }
}

private struct WeakChat {
    weak var chat: ChatController?
    let mediaBox: EngineMediaBox
}
