import AppCore
import Container
import Glibc
import Messaging
import TelegramCore
import TelegramUI

/// A chat's files to attach, from the person's file system, sent into the account's MediaBox
/// (Messaging's PickedFile and OutgoingFile, the same as `share --file`'s files).
@MainActor
final class FileAttachments: ChatAttachmentSource {
    private let account: Account
    private let wake: WakePipe
    private let log: InterfaceLog

    init(account: Account, wake: WakePipe, log: InterfaceLog) {
        self.account = account
        self.wake = wake
        self.log = log
    }

    func expand(_ path: String) -> String {
        if path == "~" || path.hasPrefix("~/") {
            let home = getenv("HOME").map { String(cString: $0) } ?? "/"
            return home + path.dropFirst()
        }
        return FileSystem.absolutePath(path)
    }

    func entries(in directory: String) throws -> [DirectoryEntry] {
        guard FileSystem.isDirectory(directory) else { throw MessageActionRefusal("\(directory) is not a directory") }
        guard access(directory, R_OK | X_OK) == 0 else { throw MessageActionRefusal("cannot read \(directory)") }
        let base = directory.hasSuffix("/") ? directory : directory + "/"
        return FileSystem.listDirectory(directory).map { DirectoryEntry(name: $0, isDirectory: FileSystem.isDirectory(base + $0)) }
    }

    func check(_ path: String) throws -> AttachedFile {
        let file = try PickedFile.check(path)
        return AttachedFile(path: file.path, name: file.name, size: file.size)
    }

    func send(_ files: [AttachedFile], caption: String, replyTo: ChatMessage.Index?, in chat: ChatId) throws -> any AttachmentUpload {
        let picked = try files.map { try PickedFile.check($0.path) }
        let (plain, entities) = EngineMessageMarkdown.parse(caption)
        let engine = account.engine, log = log
        return FileUpload(files: picked, mediaBox: engine.mediaBox, wake: wake) { outgoing in
            try engine.messages.send(files: outgoing, caption: plain, entities: entities,
                                     replyTo: replyTo.map { EngineMessageReply(id: $0.id, namespace: $0.namespace) }, to: chat.peerId)
            log.info("files sent from the interface", metadata: ["peer": "\(chat.packed)", "files": "\(outgoing.count)"])
        }
    }
}
