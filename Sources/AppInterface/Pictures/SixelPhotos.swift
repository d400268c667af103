import Display
import TerminalBackend
import TerminalImages

/// The chat's photos in sixel: the chat draws a photo's marker cells (TerminalBackend's
/// SixelMarker, naming it by an id given here) and the renderer's `layer` writes its pixels over
/// them after each frame. Each photo is encoded once per size and cell size, off the main
/// thread (PictureQueue); a photo partly scrolled out or covered shows the rows still in view,
/// encoded as a crop of their own the first time they are asked for (until then those cells
/// stay blank). A frame only looks up: the markers appear once the whole photo is encoded, and
/// "🖼 Photo" stands until then.
@MainActor
final class SixelPhotos {
    /// Rows `rows` of a photo.
    struct Crop: Hashable, Sendable {
        let photo: ChatPhotos.Key
        let cellPixels: Size
        let rows: Range<Int>
    }

    /// Sixels kept in memory: a whole photo at the chat's largest size is 30–150 KiB.
    nonisolated static let memoryLimit = 64

    private let queue: PictureQueue<Crop, [UInt8]>
    var wakeDescriptor: Int32 { queue.wakeDescriptor }
    private var ids: [Crop: Int] = [:]
    private var crops: [Int: Crop] = [:]
    private var markers: [Int: CellGrid] = [:]
    private var lastId = 0

    init(onFailure: @escaping @Sendable (String) -> Void) throws {
        queue = try PictureQueue(memoryLimit: Self.memoryLimit, onFailure: onFailure)
    }

    /// What the renderer writes: the pictures whose markers are on screen.
    private(set) lazy var layer = SixelLayer(size: { [unowned self] id in crops[id]?.photo.size }) { [unowned self] placement in
        guard let whole = crops[placement.picture] else { return nil }
        return sixel(Crop(photo: whole.photo, cellPixels: whole.cellPixels, rows: placement.rows))
    }

    /// The marker cells of `photo` once its sixel is encoded; nil (and the encoding queued) before.
    func picture(_ photo: ChatPhotos.Key, cellPixels: Size) -> CellGrid? {
        let whole = Crop(photo: photo, cellPixels: cellPixels, rows: 0 ..< photo.size.height)
        guard sixel(whole) != nil else { return nil }
        let id = id(for: whole)
        if let grid = markers[id] { return grid }
        let grid = SixelMarker.cells(picture: id, columns: photo.size.width, rows: photo.size.height)
        markers[id] = grid
        return grid
    }

    func drain() { queue.drain() }

    private func sixel(_ crop: Crop) -> [UInt8]? {
        queue.picture(crop) { try Self.encode(crop) }
    }

    /// The id that names a whole photo in its markers; the ids start over when they run out
    /// (a photo still shown then gets a new one, and its markers change, so it is written again).
    private func id(for whole: Crop) -> Int {
        if let id = ids[whole] { return id }
        if lastId + 1 >= SixelMarker.maxId {
            ids = [:]
            crops = [:]
            markers = [:]
            lastId = 0
        }
        lastId += 1
        ids[whole] = lastId
        crops[lastId] = whole
        return lastId
    }

    /// On the drawing thread: the photo's pixels at the terminal's cell size, the crop's rows
    /// of them, in sixel.
    private nonisolated static func encode(_ crop: Crop) throws -> [UInt8] {
        let size = crop.photo.size, cell = crop.cellPixels
        let width = size.width * cell.width, height = size.height * cell.height
        guard crop.rows.lowerBound >= 0, crop.rows.upperBound <= size.height, !crop.rows.isEmpty else {
            throw ChatPhotos.Failure(description: "rows \(crop.rows) of a photo of \(size.height)")
        }
        let pixels = try ChatPhotos.pixels(crop.photo.path, width: width, height: height)
        let rowBytes = width * 4 * cell.height
        let cropped = Array(pixels[crop.rows.lowerBound * rowBytes ..< crop.rows.upperBound * rowBytes])
        guard let bytes = SixelPicture.encode(rgba: cropped, width: width, height: crop.rows.count * cell.height,
                                              columns: size.width, rows: crop.rows.count,
                                              cellPixels: (width: cell.width, height: cell.height)) else {
            throw ChatPhotos.Failure(description: "no sixel of a \(width)×\(height) photo")
        }
        return bytes
    }
}
