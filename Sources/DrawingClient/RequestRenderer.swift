import Drawing
import Formats

/// One DrawingRequest drawn by the Drawing module, in this process: PNG bytes, or raw RGBA for
/// `.avatarPixels` and `.photoPixels`.
enum RequestRenderer {
    static func render(_ request: DrawingRequest) throws -> [UInt8] {
        switch request {
        case .lettersAvatar(let letters, let gradientIndex, let pixelSize):
            return try LettersAvatar.renderPNG(letters: letters, gradientIndex: gradientIndex, pixelSize: pixelSize)
        case .photoAvatar(let photoPath, let pixelSize):
            return try PhotoAvatar.renderPNG(photoPath: photoPath, pixelSize: pixelSize)
        case .notificationCard(let avatarPath, let title, let body, let time):
            let avatar = try avatarPath.map { try readAvatar($0) }
            return try NotificationCard(avatarPNG: avatar, title: title, body: body, time: time).renderPNG()
        case .widget(let picture):
            return try WidgetRenderer(widgetScene(picture)).renderPNG()
        case .avatarPixels(let avatarPath, let pixelSize):
            return try AvatarPixels.rgba(png: readAvatar(avatarPath), pixelSize: pixelSize)
        case .photoPixels(let photoPath, let width, let height):
            return try PhotoPixels.rgba(photoPath: photoPath, width: width, height: height)
        case .photoThumbnail(let photoPath, let maxSide):
            return try PhotoThumbnail.png(photoPath: photoPath, maxSide: maxSide)
        }
    }

    static func renderAvatar(_ request: DrawingRequest, pixelsSide: Int) throws -> AvatarDrawing {
        switch request {
        case .lettersAvatar(let letters, let gradientIndex, let pixelSize):
            return try LettersAvatar.render(letters: letters, gradientIndex: gradientIndex, pixelSize: pixelSize, pixelsSide: pixelsSide)
        case .photoAvatar(let photoPath, let pixelSize):
            return try PhotoAvatar.render(photoPath: photoPath, pixelSize: pixelSize, pixelsSide: pixelsSide)
        default:
            throw DrawingError(.invalidArgument, "not an avatar: \(request)")
        }
    }

    /// The widget's picture in Drawing's terms. A photo that can't be read is drawn as letters: one
    /// chat's missing file must not cost the whole widget.
    private static func widgetScene(_ picture: WidgetPicture) -> WidgetScene {
        let rows = picture.rows.prefix(picture.family.chatCount).map { row in
            WidgetScene.Row(title: row.title,
                            avatar: .init(photoPNG: row.avatarPath.flatMap { try? readAvatar($0) }, letters: row.letters,
                                          gradientIndex: row.gradientIndex, isSavedMessages: row.isSavedMessages),
                            badge: row.badge.map { ($0.count, $0.isMuted) }, author: row.author, text: row.text, time: row.time)
        }
        return WidgetScene(family: WidgetScene.Family(rawValue: picture.family.rawValue) ?? .medium,
                           isDark: picture.appearance == .dark, rows: Array(rows), notice: picture.notice)
    }

    /// An avatar PNG the caller drew earlier (at most 4 MiB).
    private static func readAvatar(_ path: String) throws -> [UInt8] {
        try PhotoAvatar.readFile(path, limit: 4 << 20)
    }
}
