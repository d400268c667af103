import Formats

/// One picture to draw, as the processes ask DrawingLibrary for it.
public enum DrawingRequest: Equatable, Sendable {
    /// Telegram's letters avatar: up to two initials on gradient `gradientIndex` (0...6).
    case lettersAvatar(letters: [String], gradientIndex: Int, pixelSize: Int)
    /// A profile photo (PNG) scaled to fill and clipped to a circle.
    case photoAvatar(photoPath: String, pixelSize: Int)
    /// The NotificationContent card: avatar (a PNG file, optional), title, body and time.
    case notificationCard(avatarPath: String?, title: String, body: String, time: String)
    /// The home-screen widget (WidgetPicture): its chats, or the locked or empty notice.
    case widget(WidgetPicture)
    /// An avatar PNG drawn earlier (AvatarCache) scaled to fill a `pixelSize` square, answered as
    /// raw straight RGBA (`pixelSize² × 4` bytes), not PNG: main's chat list makes terminal cells of it.
    case avatarPixels(avatarPath: String, pixelSize: Int)
    /// A message's photo (PNG, JPEG, WebP or GIF's first frame) fitted into a `width × height` box from its top-left,
    /// the rest transparent, answered as raw straight RGBA (`width × height × 4` bytes): main's
    /// chat makes terminal cells of it.
    case photoPixels(photoPath: String, width: Int, height: Int)
    /// A sent photo's thumbnail: the PNG, JPEG, WebP or GIF scaled to fit `maxSide`, its shape kept, as PNG.
    case photoThumbnail(photoPath: String, maxSide: Int)
}
