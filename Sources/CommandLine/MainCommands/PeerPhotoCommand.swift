import AppCore
import ArgumentParser
import Bootstrap
import CommandLineSupport
import Container
import Cryptography
import TelegramCore

/// `main peer-photo`: stores a fetched profile photo, as the app does when it downloads one:
/// the file goes into the account's MediaBox and the peer records its resource id.
struct PeerPhotoCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "peer-photo",
        abstract: "Give a chat a profile photo (a PNG file), as if the app had downloaded it.",
        discussion: "notify-service and the widget then draw this photo as the chat's avatar instead of its letters.")

    @OptionGroup var options: ContainerOptions
    @Option(parsing: .unconditional, help: "The chat's peer id.") var peer: Int64
    @Option(help: "A PNG file, at most 8 MiB.") var file: String
    @Option(parsing: .unconditional, help: "The account id (default: the current account).") var account: Int64?

    func run() throws {
        // Checked here first: a file that is no PNG never costs a launch or a hand-over.
        _ = try PeerPhotoFile.read(file)
        let operation = MainOperation.setPeerPhoto(peerId: peer, file: FileSystem.absolutePath(file), accountId: account)
        let resourceId = try Operations.perform(operation, options).expect("peer-photo") {
            if case .peerPhotoStored(let resourceId) = $0 { return resourceId } else { return nil }
        }
        printLine("photo stored for \(peer) as \(resourceId)")
    }
}
