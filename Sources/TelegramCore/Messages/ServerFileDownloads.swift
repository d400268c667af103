import Logging
import MTProtoKit
import Storage
import Synchronization

/// The files the person asked for from the server and how far each got: asked for by the
/// interface, fetched on the updates listener's thread (its connection), each stored in the
/// MediaBox under its ServerFile's resource id and then marked as here in its message, in one
/// transaction. Progress and failures are read by the interface's next frame.
public final class ServerFileDownloads: Sendable {
    private struct State {
        var waiting: [(message: MessageId, resource: String)] = []
        /// Percent received, by resource id, while a download runs.
        var percent: [String: Int] = [:]
        var failures: [String] = []
    }

    private let state = Mutex(State())

    public init() {}

    /// Queues a message's file; false when it is already waiting or running.
    @discardableResult
    public func request(_ id: MessageId, resourceId: String) -> Bool {
        state.withLock { s in
            guard s.percent[resourceId] == nil else { return false }
            s.waiting.append((id, resourceId))
            s.percent[resourceId] = 0
            return true
        }
    }

    /// How far a file's download got (0…100), nil when none runs.
    public func percent(_ resourceId: String) -> Int? { state.withLock { $0.percent[resourceId] } }

    /// Why the oldest failed download failed, once.
    public func takeFailure() -> String? { state.withLock { $0.failures.isEmpty ? nil : $0.failures.removeFirst() } }

    var hasWaiting: Bool { state.withLock { !$0.waiting.isEmpty } }

    /// The file into the MediaBox, then its message says it is here.
    private func fetch(_ id: MessageId, _ file: MessageFile, _ server: ServerFile, postbox: Postbox, client: MTProtoClient, timeout: Double,
                       changed: () -> Void) throws {
        try FileDownloader(client: client, timeout: timeout).download(server, expectedSize: file.size,
                                                                     to: postbox.mediaBox.resourcePath(server.resourceId)) { received, expected in
            let percent = expected.map { $0 > 0 ? Int(received * 100 / $0) : 100 } ?? 0
            state.withLock { $0.percent[server.resourceId] = min(percent, 99) }
            changed()
        }
        try postbox.transaction(durable: true) { t in
            _ = try t.updateMessage(id) { m in
                guard case .file(var here)? = m.extras.media.first, here.serverFile == server else { return }
                here.availability = .included
                m.extras.media[0] = .file(here)
                m.mediaResourceIds = [server.resourceId]
            }
        }
    }

    /// Fetches every waiting file with `client`; `changed` after each chunk and each file.
    func run(postbox: Postbox, client: MTProtoClient, timeout: Double, logger: Logger, changed: () -> Void) {
        while let (id, resource) = state.withLock({ $0.waiting.isEmpty ? nil : $0.waiting.removeFirst() }) {
            do {
                if let message = try postbox.read({ try $0.message(id) }), let file = message.extras.media.first?.file,
                   let server = file.serverFile, server.resourceId == resource {
                    try fetch(id, file, server, postbox: postbox, client: client, timeout: timeout, changed: changed)
                    logger.info("file downloaded", metadata: ["message": "\(id.id)", "resource": "\(resource)"])
                }
            } catch {
                logger.warning("download failed", metadata: ["message": "\(id.id)", "error": "\(error)"])
                state.withLock { $0.failures.append("Not downloaded: \(error)") }
            }
            state.withLock { _ = $0.percent.removeValue(forKey: resource) }
            changed()
        }
    }
}
