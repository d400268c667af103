import Container
import Cryptography
import DrawingClient
import Formats
import Storage

/// The sender's avatar as a notification attachment: the peer's photo from the MediaBox when there
/// is one, else Telegram's letters avatar; drawn once, written as PNG into the MediaBox's cached
/// representations and reused next time. A letters avatar's cache name carries a keyed hash of what
/// it shows (a rename draws a new one) — keyed by the device key, so file names reveal no initials.
struct AvatarCache {
    /// 50 pt at 2x, Telegram's notification avatar.
    static let pixelSize = 100
    static let representation = "notification-avatar-\(pixelSize).png"

    let mediaBox: MediaBox
    let nameKey: [UInt8]

    init(mediaBox: MediaBox, deviceKey: DeviceKey) {
        self.mediaBox = mediaBox
        nameKey = KeyDerivation.key(for: "avatar-cache-names", from: deviceKey)
    }

    /// The cached PNG's path, drawn now if it is not there yet.
    func avatarPath(for peer: Peer) throws -> String {
        if let photoId = peer.photoResourceId, FileSystem.isRegularFile(mediaBox.resourcePath(photoId)) {
            return try cached(mediaBox.cachedRepresentationPath(photoId, representation: AvatarCache.representation)) {
                try DrawingLibrary.render(.photoAvatar(photoPath: mediaBox.resourcePath(photoId), pixelSize: AvatarCache.pixelSize))
            }
        }
        let letters = Array(peer.displayLetters.prefix(2))
        // Telegram: abs(peerId.id) % 7 (the raw id, not the packed one).
        let index = AvatarGradientIndex.notification(peerRawId: peer.id.id)
        let fingerprint = Hex.encode(Digest.hmacSHA256(key: nameKey, data: Array("\(index)\u{0}\(letters.joined(separator: "\u{0}"))".utf8)).prefix(8))
        let resourceId = "letters-\(peer.id.toInt64())-\(fingerprint)"
        return try cached(mediaBox.cachedRepresentationPath(resourceId, representation: AvatarCache.representation)) {
            try DrawingLibrary.render(.lettersAvatar(letters: letters, gradientIndex: index, pixelSize: AvatarCache.pixelSize))
        }
    }

    private func cached(_ path: String, render: () throws -> [UInt8]) throws -> String {
        if FileSystem.isRegularFile(path) { return path }
        let png = try render()
        try mediaBox.createDirectories()
        try AtomicFile.write(png, to: path)
        return path
    }
}
