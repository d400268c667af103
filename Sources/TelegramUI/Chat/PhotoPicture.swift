import Display

/// A photo drawn as a picture, in half blocks (each cell two pixels, one over the other, so its
/// pixels are about square): at most `maxRows` tall and as wide as its shape needs. The size is
/// known from the photo's dimensions before anything is decoded, so the history's layout never
/// changes when the picture arrives; a photo of unknown shape gets a 4:3 box, filled as far as
/// the picture's own shape allows.
enum PhotoPicture {
    static let maxRows = 8
    static let maxColumns = 48

    /// The cells the picture takes in `maxColumns`; nil when there is no file to draw it from.
    static func size(of photo: ChatMessage.Photo, maxColumns: Int) -> Size? {
        guard photo.fileId != nil, photo.availability == .here, maxColumns >= 4 else { return nil }
        let (w, h) = photo.width.flatMap { w in photo.height.map { (w, $0) } }.flatMap { $0 > 0 && $1 > 0 ? ($0, $1) : nil } ?? (4, 3)
        let limit = min(maxColumns, Self.maxColumns)
        // Two pixels a row: columns = 2 × rows × w / h.
        var rows = maxRows
        var columns = (2 * rows * w + h / 2) / h
        if columns > limit {
            columns = limit
            rows = (columns * h + 2 * w - 1) / (2 * w)
        }
        return Size(width: max(columns, 1), height: max(rows, 1))
    }

    /// One row a picture row: blank text the picture is drawn over (so what follows on its last
    /// row, "edited ✓", comes after it).
    static func rows(_ photo: ChatMessage.Photo, size: Size) -> [ChatLine] {
        (0 ..< size.height).map { row in
            ChatLine(parts: [(String(repeating: " ", count: size.width), .text)],
                     picture: ChatLine.PictureRow(photo: photo, size: size, row: row))
        }
    }
}
