import Container
import Cryptography
import Formats
import Storage

/// A peer's avatar as a PNG in the MediaBox's cached representations: the peer's photo when there
/// is one, else Telegram's letters avatar; drawn once (through the drawing library) and reused
/// next time. A letters avatar's cache name carries a keyed hash of what it shows (a rename draws
/// a new one) — keyed by the device key, so file names reveal no initials.
public struct AvatarCache {
    /// Who draws, and so which size and which of Telegram's two gradient choices.
    public enum Style: Sendable {
        /// notify-service: 50 pt at 2x, gradient abs(peer raw id) % 7.
        case notification
        /// The widget: 50 pt at 2x, gradient abs(account peer id + peer id) % 7.
        case widget(accountPeerId: Int64)

        var pixelSize: Int { 100 }

        var representation: String {
            switch self {
            case .notification: return "notification-avatar-\(pixelSize).png"
            case .widget: return "widget-avatar-\(pixelSize).png"
            }
        }

        func gradientIndex(_ peerId: PeerId) -> Int {
            switch self {
            case .notification: return AvatarGradientIndex.notification(peerRawId: peerId.id)
            case .widget(let accountPeerId): return AvatarGradientIndex.widget(accountPeerId: accountPeerId, peerId: peerId.toInt64())
            }
        }
    }

    let mediaBox: MediaBox
    let nameKey: [UInt8]
    let style: Style

    public init(mediaBox: MediaBox, deviceKey: DeviceKey, style: Style = .notification) {
        self.mediaBox = mediaBox
        self.style = style
        nameKey = KeyDerivation.key(for: "avatar-cache-names", from: deviceKey)
    }

    /// The cached PNG's path, drawn now if it is not there yet.
    public func avatarPath(for peer: Peer) throws -> String {
        try avatarPath(peerId: peer.id, letters: peer.displayLetters, photoResourceId: peer.photoResourceId)
    }

    /// The same from what a peer's avatar shows: its initials (`Peer.displayLetters`) and its photo.
    public func avatarPath(peerId: PeerId, letters: [String], photoResourceId: String?) throws -> String {
        try avatar(peerId: peerId, letters: letters, photoResourceId: photoResourceId, pixelsSide: nil).path
    }

    /// The cached PNG's path and, when it was drawn just now and `pixelsSide` is given, the same
    /// picture as a `pixelsSide` square of straight RGBA, made from the drawing (a desktop
    /// notification's image, with no second decode). Nil pixels: the PNG was there already.
    public func avatar(for peer: Peer, pixelsSide: Int?) throws -> (path: String, drawnPixels: [UInt8]?) {
        try avatar(peerId: peer.id, letters: peer.displayLetters, photoResourceId: peer.photoResourceId, pixelsSide: pixelsSide)
    }

    private func avatar(peerId: PeerId, letters: [String], photoResourceId: String?, pixelsSide: Int?) throws -> (path: String, drawnPixels: [UInt8]?) {
        let representation = style.representation
        if let photoId = photoResourceId, FileSystem.isRegularFile(mediaBox.resourcePath(photoId)) {
            return try cached(mediaBox.cachedRepresentationPath(photoId, representation: representation), pixelsSide: pixelsSide,
                              .photoAvatar(photoPath: mediaBox.resourcePath(photoId), pixelSize: style.pixelSize))
        }
        let letters = Array(letters.prefix(2))
        let index = style.gradientIndex(peerId)
        let fingerprint = Hex.encode(Digest.hmacSHA256(key: nameKey, data: Array("\(index)\u{0}\(letters.joined(separator: "\u{0}"))".utf8)).prefix(8))
        let resourceId = "letters-\(peerId.toInt64())-\(fingerprint)"
        return try cached(mediaBox.cachedRepresentationPath(resourceId, representation: representation), pixelsSide: pixelsSide,
                          .lettersAvatar(letters: letters, gradientIndex: index, pixelSize: style.pixelSize))
    }

    /// The cached avatar (drawn first if need be) scaled to a `pixelSize` square, as straight RGBA
    /// pixels: for a picture made of terminal cells, by a process with no PNG decoder of its own.
    public func avatarPixels(peerId: PeerId, letters: [String], photoResourceId: String?, pixelSize: Int) throws -> [UInt8] {
        let path = try avatarPath(peerId: peerId, letters: letters, photoResourceId: photoResourceId)
        let pixels = try DrawingLibrary.render(.avatarPixels(avatarPath: path, pixelSize: pixelSize))
        guard pixels.count == pixelSize * pixelSize * 4 else {
            throw DrawingLibrary.Failure(description: "the drawing library answered \(pixels.count) bytes for \(pixelSize)×\(pixelSize) pixels")
        }
        return pixels
    }

    private func cached(_ path: String, pixelsSide: Int?, _ request: DrawingRequest) throws -> (path: String, drawnPixels: [UInt8]?) {
        if FileSystem.isRegularFile(path) { return (path, nil) }
        let png: [UInt8], pixels: [UInt8]?
        if let pixelsSide {
            (png, pixels) = try DrawingLibrary.renderAvatar(request, pixelsSide: pixelsSide)
        } else {
            (png, pixels) = (try DrawingLibrary.render(request), nil)
        }
        try mediaBox.createDirectories()
        try AtomicFile.write(png, to: path)
        return (path, pixels)
    }
}
