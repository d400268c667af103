import Container
import Cryptography
import Foundation
import Logging
import RequestChannel

/// A container directory with the request channel's folders, a device key, a submitter (the
/// extension's side) and a way to open a fresh processor on it, as a restarted main would.
final class ChannelFixture {
    let root: String
    let layout: ContainerLayout
    let deviceKey = DeviceKey(bytes: (0..<DeviceKey.size).map { UInt8($0) })
    let handler = FakeRequestHandler()
    let submitter: RequestSubmitter
    var directories: RequestDirectories { submitter.directories }

    init() throws {
        root = FileManager.default.temporaryDirectory.appendingPathComponent("request-channel-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
        layout = ContainerLayout(containerPath: root)
        // On disk, as in a container: a submitter syncs the key it seals with before committing.
        try FileSystem.createDirectory(layout.rootPath)
        try AtomicFile.write(deviceKey.key + deviceKey.salt, to: layout.deviceKeyPath)
        submitter = try RequestSubmitter(layout: layout, deviceKey: deviceKey)
    }

    deinit { try? FileManager.default.removeItem(atPath: root) }

    /// A new processor over the same directories and store: main after a restart.
    func processor() throws -> RequestProcessor {
        try RequestProcessor(layout: layout, deviceKey: deviceKey, handler: handler, logger: Logger(label: "test") { _ in SwiftLogNoOpLogHandler() })
    }

    /// An extension's request, committed into pending/.
    @discardableResult
    func submit(_ action: RequestAction = .sendMessage(peerId: 7, text: "hi", attachments: [])) throws -> AppRequest {
        let draft = try submitter.begin()
        return try submitter.commit(draft, accountId: 1, origin: "share", action: action)
    }

    func ack(_ id: String) throws -> RequestAck? {
        guard let bytes = FileManager.default.contents(atPath: directories.ack(id)) else { return nil }
        return try RequestCodec(deviceKey: deviceKey).decode(RequestAck.self, from: Array(bytes), role: "ack", id: id)
    }

    func entries(_ directory: String) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []).sorted()
    }

    func reason(_ name: String) -> String? {
        (try? String(contentsOfFile: directories.rejected + "/" + name + "/reason", encoding: .utf8))?
            .trimmingCharacters(in: .newlines)
    }

    /// Moves a finished request back into pending/, as a crash before its removal leaves it.
    func putBack(_ request: AppRequest) throws {
        let directory = directories.pendingRequest(request.id)
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        let bytes = try RequestCodec(deviceKey: deviceKey).encode(request, role: "request", id: request.id)
        FileManager.default.createFile(atPath: directory + "/" + RequestDirectories.requestFileName, contents: Data(bytes))
    }

    /// A sealed request file holding `make(id)`'s JSON, as some other writer (an older main) made it.
    func submitEncoded<T: Encodable>(_ make: (String) -> T) throws -> String {
        let id = RequestDirectories.newId(nowMilliseconds: 1_700_000_000_000)
        let directory = directories.pendingRequest(id)
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        let bytes = try RequestCodec(deviceKey: deviceKey).encode(make(id), role: "request", id: id)
        FileManager.default.createFile(atPath: directory + "/" + RequestDirectories.requestFileName, contents: Data(bytes))
        return id
    }
}
