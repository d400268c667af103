import AppCore
import ArgumentParser
import Bootstrap
import CommandLineSupport
import Container
import Cryptography
import Storage

/// `main peer-photo`: stores a fetched profile photo, as the app does when it downloads one:
/// the file goes into the account's MediaBox and the peer records its resource id.
struct PeerPhotoCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "peer-photo",
        abstract: "Give a chat a profile photo (a PNG file), as if the app had downloaded it.",
        discussion: "notify-service and the widget then draw this photo as the chat's avatar instead of its letters.")

    static let sizeLimit = 8 << 20
    static let pngSignature: [UInt8] = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]

    @OptionGroup var options: ContainerOptions
    @Option(help: "The chat's peer id.") var peer: Int64
    @Option(help: "A PNG file, at most 8 MiB.") var file: String
    @Option(parsing: .unconditional, help: "The account id (default: the current account).") var account: Int64?

    func run() throws {
        let bytes = try FileSystem.readFile(file, limit: Self.sizeLimit, followLinks: true)
        guard bytes.starts(with: Self.pngSignature) else { throw ValidationError("\(file) is not a PNG file") }
        let resourceId = try withLaunchedApp(options, mode: .writer) { app -> String in
            let context = try app.accountContext(account)
            let peerId = PeerId(peer)
            // A new id per photo: cached renderings of an older photo are never mistaken for this one.
            let resourceId = "photo-\(peerId.toInt64())-\(Hex.encode(Digest.sha256(bytes).prefix(8)))"
            try context.postbox.mediaBox.createDirectories()
            try AtomicFile.write(bytes, to: context.postbox.mediaBox.resourcePath(resourceId))
            try context.postbox.transaction { t in
                guard var stored = try t.peer(peerId) else { throw ValidationError("no chat with peer id \(peer)") }
                stored.photoResourceId = resourceId
                try t.updatePeer(stored)
            }
            return resourceId
        }
        printLine("photo stored for \(peer) as \(resourceId)")
    }
}
