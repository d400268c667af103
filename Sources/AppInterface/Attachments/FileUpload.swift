import Container
import Glibc
import Messaging
import Synchronization
import TelegramCore
import TelegramUI

/// Files on their way into the MediaBox: copied and described (a photo's thumbnail) on a thread of
/// their own, off the frame path; the run loop woken at most every `wakeInterval` while they copy
/// (the bar moves per frame, not per chunk) and once when the copying ends. The message is stored
/// on the main thread, by the first frame that finds every copy on disk (each synced), in one
/// transaction; a cancel or a failure removes what was copied and stores nothing.
@MainActor
final class FileUpload: AttachmentUpload {
    private struct State: Sendable {
        var copied = 0
        var cancelled = false
        /// The copies described, or why not; set once by the worker.
        var copiedFiles: Result<[OutgoingFile], any Error>?
    }

    /// The state the worker and the main thread share.
    private final class Shared: Sendable {
        let state = Mutex(State())
    }

    nonisolated static let wakeInterval: UInt64 = 50_000_000
    let totalBytes: Int
    private let shared = Shared()
    private let mediaBox: EngineMediaBox
    private let store: ([OutgoingFile]) throws -> Void
    private var finished: Result<Void, any Error>?

    var outcome: Result<Void, any Error>? {
        pollWorker()
        return finished
    }

    init(files: [PickedFile], mediaBox: EngineMediaBox, wake: WakePipe, store: @escaping ([OutgoingFile]) throws -> Void) {
        totalBytes = files.reduce(0) { $0 + $1.size }
        self.mediaBox = mediaBox
        self.store = store
        // Unique to this send; the copies are not named by a request (nothing retries them).
        let prefix = "attach-" + String(UInt64.random(in: 0 ... .max), radix: 16)
        let shared = shared
        DetachedThread {
            let result = Result { try Self.copy(files, mediaBox: mediaBox, prefix: prefix, shared: shared, wake: wake) }
            shared.state.withLock { $0.copiedFiles = result }
            wake.wake()
        }.start()
    }

    var copiedBytes: Int { shared.state.withLock { $0.copied } }

    func cancel() {
        shared.state.withLock { $0.cancelled = true }
    }

    /// Once the worker is done: the message stored (or the copies removed), `outcome` set.
    private func pollWorker() {
        guard finished == nil, let copied = shared.state.withLock({ $0.copiedFiles }) else { return }
        do {
            let files = try copied.get()
            do {
                try store(files)
            } catch {
                Self.remove(files.flatMap(\.resourceIds), from: mediaBox)
                throw error
            }
            finished = .success(())
        } catch {
            finished = .failure(error)
        }
    }

    /// On the worker: every file copied (synced) and described, or none left behind.
    private nonisolated static func copy(_ files: [PickedFile], mediaBox: EngineMediaBox, prefix: String, shared: Shared,
                                         wake: WakePipe) throws -> [OutgoingFile] {
        var done: [String] = []
        var before = 0
        var lastWake = Clock.monotonicNanoseconds()
        do {
            var described: [OutgoingFile] = []
            for (index, file) in files.enumerated() {
                let resourceId = "\(prefix)-\(index)"
                done.append(resourceId)
                try file.copy(into: mediaBox, as: resourceId) { copied in
                    let cancelled = shared.state.withLock { state in
                        state.copied = before + copied
                        return state.cancelled
                    }
                    let now = Clock.monotonicNanoseconds()
                    if now - lastWake >= wakeInterval {
                        lastWake = now
                        wake.wake()
                    }
                    return !cancelled
                }
                before += file.size
                let outgoing = try OutgoingFile.describe(resourceId: resourceId, fileName: file.name, mediaBox: mediaBox)
                done += outgoing.resourceIds.dropFirst()
                described.append(outgoing)
                if shared.state.withLock({ $0.cancelled }) { throw MessageActionRefusal("cancelled; nothing was sent") }
            }
            return described
        } catch let error as SystemError where error.code == ECANCELED {
            remove(done, from: mediaBox)
            throw MessageActionRefusal("cancelled; nothing was sent")
        } catch {
            remove(done, from: mediaBox)
            throw error
        }
    }

    private nonisolated static func remove(_ resourceIds: [String], from mediaBox: EngineMediaBox) {
        for id in resourceIds { try? FileSystem.removeTree(mediaBox.resourcePath(id)) }
    }
}
