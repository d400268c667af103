import Container
import Display
import Synchronization

/// Pictures (cells, or a terminal's picture bytes), drawn off the main thread and kept in memory
/// by what they show.
/// A screen asks for a picture while it lays out or draws: the first time it gets nil and the
/// picture is queued for a drawing thread; once drawn, a byte on `wakeDescriptor` wakes the run
/// loop (which calls `drain()`), and the next ask gets it from memory — a rebuilt list or a new
/// frame never redoes a decode. A picture that cannot be drawn is not tried again.
///
/// The chat list's avatars and the chat's photos each keep one (ChatListAvatars, ChatPhotos; the
/// photos' sixels another).
final class PictureQueue<Key: Hashable & Sendable, Picture: Sendable>: Sendable {
    private struct Job: Sendable {
        let key: Key
        let draw: @Sendable () throws -> Picture
    }

    private struct State: Sendable {
        var pictures: [Key: Picture] = [:]
        var failed: Set<Key> = []
        var queue: [Job] = []
        var queued: Set<Key> = []
        var working = false
    }

    private let state = Mutex(State())
    private let wake: WakePipe
    private let memoryLimit: Int
    private let onFailure: @Sendable (String) -> Void

    var wakeDescriptor: Int32 { wake.readDescriptor }

    /// Past `memoryLimit` pictures, all are dropped; those still shown are drawn again (stale ones
    /// go too). `onFailure` hears why a picture could not be drawn — the first of each batch the
    /// thread takes on, not every one.
    init(memoryLimit: Int, onFailure: @escaping @Sendable (String) -> Void) throws {
        wake = try WakePipe()
        self.memoryLimit = memoryLimit
        self.onFailure = onFailure
    }

    /// The picture when it is drawn; nil (and `draw` queued) the first time.
    func picture(_ key: Key, draw: @escaping @Sendable () throws -> Picture) -> Picture? {
        let (picture, start) = state.withLock { state -> (Picture?, Bool) in
            if let picture = state.pictures[key] { return (picture, false) }
            guard !state.failed.contains(key), state.queued.insert(key).inserted else { return (nil, false) }
            state.queue.append(Job(key: key, draw: draw))
            if state.working { return (nil, false) }
            state.working = true
            return (nil, true)
        }
        if start { startWorker() }
        return picture
    }

    /// On the main thread when `wakeDescriptor` is readable.
    func drain() {
        wake.drain()
    }

    private func startWorker() {
        DetachedThread { [self] in
            var reported = false
            while let job = state.withLock({ state -> Job? in
                if state.queue.isEmpty { state.working = false; return nil }
                return state.queue.removeFirst()
            }) {
                let result = Result { try job.draw() }
                state.withLock { state in
                    state.queued.remove(job.key)
                    if state.pictures.count >= memoryLimit { state.pictures.removeAll() }
                    switch result {
                    case .success(let picture): state.pictures[job.key] = picture
                    case .failure: state.failed.insert(job.key)
                    }
                }
                if case .failure(let error) = result, !reported {
                    reported = true
                    onFailure("\(error)")
                }
                wake.wake()
            }
        }.start()
    }
}

/// Pictures as cells (half blocks, kitty's placeholders).
typealias CellPictureQueue<Key: Hashable & Sendable> = PictureQueue<Key, CellGrid>
