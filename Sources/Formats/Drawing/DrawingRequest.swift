import Container
import FoundationEssentials

/// One picture to draw, as the processes hand it to the drawing library (libTelegramDrawing.so)
/// across its C entry point. JSON, so the two sides share no Swift types at run time.
public enum DrawingRequest: Codable, Equatable, Sendable {
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

    public func encoded() throws -> [UInt8] {
        Array(try JSONEncoder().encode(self))
    }

    public static func decode(_ bytes: [UInt8]) throws -> DrawingRequest {
        try StrictJSON.decode(DrawingRequest.self, from: bytes)
    }
}
