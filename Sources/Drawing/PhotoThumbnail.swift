/// A sent photo's small thumbnail (Telegram's smallest photo size, "s"): the PNG, JPEG, WebP or GIF scaled
/// to fit `maxSide` on its longer side, its shape kept, as PNG bytes. Made once when the photo is
/// sent, so a list or a notification never decodes the whole photo.
public enum PhotoThumbnail {
    /// Photos a person sends may be larger than a profile photo: up to the 10 MiB a photo may be
    /// (larger pictures go as files).
    public static let maxFileBytes = 10 << 20

    public static func png(photoPath: String, maxSide: Int) throws -> [UInt8] {
        guard (1...PhotoPixels.maxSide).contains(maxSide) else {
            throw DrawingError(.invalidArgument, "thumbnail side \(maxSide) is outside 1…\(PhotoPixels.maxSide)")
        }
        let photo = try PhotoAvatar.decode(photoPath: photoPath, fileLimit: maxFileBytes)
        let scale = min(Double(maxSide) / Double(max(photo.width, photo.height)), 1)
        let width = max(Int((Double(photo.width) * scale).rounded()), 1)
        let height = max(Int((Double(photo.height) * scale).rounded()), 1)
        let canvas = try CairoCanvas(width: width, height: height)
        try PhotoPixels.draw(photo, on: canvas, width: Double(width), height: Double(height))
        return try canvas.pngBytes()
    }
}
