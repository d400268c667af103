internal import CCairo

/// A row's round avatar: the chat's photo, else Telegram's letters avatar (drawn here by
/// LettersAvatar, so the initials sit exactly as in notify-service's avatars), or the bookmark
/// for the account's own chat.
enum WidgetAvatarPainter {
    /// Photos with a longer side are not decoded (the letters are drawn): 2048² is already 16 MiB.
    static let maxPhotoSide = 2048

    static func draw(_ avatar: WidgetScene.Avatar, in cr: OpaquePointer, frame: WidgetRect) throws {
        if avatar.isSavedMessages {
            let gradient = AvatarPalette.gradient(at: 5)
            WidgetShapes.gradientCircle(cr, frame, top: gradient.top, bottom: gradient.bottom)
            WidgetText.set(cr, RGBColor(hex: 0xFFFFFF))
            WidgetShapes.bookmark(cr, in: frame)
            return
        }
        if let png = avatar.photoPNG, let photo = try? PNGCodec.decode(png, maxSide: maxPhotoSide) {
            cairo_save(cr)
            WidgetShapes.circle(cr, frame)
            cairo_clip(cr)
            PhotoAvatar.draw(photo, in: cr, x: frame.x, y: frame.y, size: frame.width)
            cairo_restore(cr)
            return
        }
        let png = try LettersAvatar.renderPNG(letters: avatar.letters, gradientIndex: avatar.gradientIndex,
                                              pixelSize: Int(frame.width.rounded()))
        let letters = try PNGCodec.decode(png, maxSide: LettersAvatar.maxPixelSize)
        cairo_set_source_surface(cr, letters.surface, frame.x.rounded(), frame.y.rounded())
        cairo_paint(cr)
    }
}
