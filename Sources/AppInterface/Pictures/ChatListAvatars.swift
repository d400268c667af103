import Container
import Cryptography
import Display
import DrawingClient
import Storage
import Synchronization
import TelegramUI
import TerminalImages

/// The chat list's avatars as pictures, on a truecolour terminal: the letters avatar or profile
/// photo that notify-service draws (AvatarCache, `.notification` style, so the same file in the
/// MediaBox's `cached/` serves both), scaled by the drawing library to `pixelSize` RGBA pixels and
/// turned into `ChatListAvatar.size` half-block cells by libchafa (TerminalImages).
///
/// Why this way: Cairo is the only PNG decoder, and a process loads it when it first draws; main
/// gets pixels through DrawingClient (a `.avatarPixels` request) instead of linking a decoder of
/// its own, and what is cached on disk is the very PNG the extensions use. Drawing is lazy and off the main thread: a row asks for its
/// picture while the list is built; the first time, it gets nil (the row shows the initials) and
/// the avatar is queued for a drawing thread. Each result is kept in memory by peer, photo and
/// initials — the list is rebuilt every second, and a rebuilt row must not redo any drawing or
/// chafa work — and a byte on `wakeDescriptor` wakes the run loop, which calls `drain()` to put
/// the new pictures in the rows.
@MainActor
final class ChatListAvatars {
    /// What a picture shows: a new photo or new initials make a new one.
    struct Key: Hashable, Sendable {
        let mediaBox: String
        let peerId: PeerId
        let photoResourceId: String?
        let letters: [String]
    }

    struct Job: Sendable {
        let key: Key
        let mediaBox: MediaBox
        let deviceKey: DeviceKey
    }

    struct State: Sendable {
        var pictures: [Key: CellGrid] = [:]
        var failed: Set<Key> = []
        var queue: [Job] = []
        var queued: Set<Key> = []
        var working = false
    }

    /// 8 pixels a cell across, chafa's own cell resolution: it averages them down to two a cell.
    nonisolated static let pixelSize = ChatListAvatar.size.width * 8
    /// Pictures kept in memory (a few hundred bytes each); past it they are all dropped, and the
    /// rows still shown are drawn again from the files on disk — stale photos and initials go too.
    nonisolated static let memoryLimit = 2000

    /// What the drawing thread shares with the main thread.
    private final class Shared: Sendable {
        let state = Mutex(State())
        let wake: WakePipe
        let onFailure: @Sendable (String) -> Void

        init(wake: WakePipe, onFailure: @escaping @Sendable (String) -> Void) {
            self.wake = wake
            self.onFailure = onFailure
        }
    }

    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    private let shared: Shared
    var wakeDescriptor: Int32 { shared.wake.readDescriptor }
    private var lists: [WeakChatList] = []

    /// `onFailure` hears why an avatar could not be drawn — the first of each batch the drawing
    /// thread takes on, not every row's (those rows keep their initials, and are not tried again).
    init(onFailure: @escaping @Sendable (String) -> Void) throws {
        shared = Shared(wake: try WakePipe(), onFailure: onFailure)
    }

    /// Gives `chatList` its pictures from `mediaBox` (an account's).
    func attach(_ chatList: ChatListController, mediaBox: MediaBox, deviceKey: DeviceKey) {
        lists.removeAll { $0.list == nil || $0.list === chatList }
        lists.append(WeakChatList(list: chatList))
        chatList.avatarPicture = { [weak self] chat in
            self?.picture(Key(mediaBox: mediaBox.basePath, peerId: chat.peerId.peerId, photoResourceId: chat.photoResourceId,
                              letters: chat.letters), mediaBox: mediaBox, deviceKey: deviceKey)
        }
        chatList.avatarsChanged()
    }

    /// The picture when it is drawn; nil (and queued for drawing) the first time.
    private func picture(_ key: Key, mediaBox: MediaBox, deviceKey: DeviceKey) -> CellGrid? {
        let (picture, start) = shared.state.withLock { state -> (CellGrid?, Bool) in
            if let picture = state.pictures[key] { return (picture, false) }
            guard !state.failed.contains(key), state.queued.insert(key).inserted else { return (nil, false) }
            state.queue.append(Job(key: key, mediaBox: mediaBox, deviceKey: deviceKey))
            if state.working { return (nil, false) }
            state.working = true
            return (nil, true)
        }
        if start { startWorker() }
        return picture
    }

    /// On the main thread when `wakeDescriptor` is readable: the rows get the pictures drawn since.
    func drain() {
        shared.wake.drain()
        for entry in lists { entry.list?.avatarsChanged() }
    }

    private nonisolated func startWorker() {
        let shared = shared
        DetachedThread {
            var reported = false
            while let job = shared.state.withLock({ state -> Job? in
                if state.queue.isEmpty { state.working = false; return nil }
                return state.queue.removeFirst()
            }) {
                let result = Result { try Self.draw(job) }
                shared.state.withLock { state in
                    state.queued.remove(job.key)
                    if state.pictures.count >= Self.memoryLimit { state.pictures.removeAll() }
                    switch result {
                    case .success(let picture): state.pictures[job.key] = picture
                    case .failure: state.failed.insert(job.key)
                    }
                }
                if case .failure(let error) = result, !reported {
                    reported = true
                    shared.onFailure("\(error)")
                }
                shared.wake.wake()
            }
        }.start()
    }

    /// On the drawing thread: the avatar's file (drawn and cached if need be), its pixels, its cells.
    private nonisolated static func draw(_ job: Job) throws -> CellGrid {
        let cache = AvatarCache(mediaBox: job.mediaBox, deviceKey: job.deviceKey, style: .notification)
        let pixels = try cache.avatarPixels(peerId: job.key.peerId, letters: job.key.letters,
                                            photoResourceId: job.key.photoResourceId, pixelSize: pixelSize)
        guard let cells = HalfBlockPicture.cells(rgba: pixels, width: pixelSize, height: pixelSize,
                                                 columns: ChatListAvatar.size.width, rows: ChatListAvatar.size.height) else {
            throw Failure(description: "chafa made no cells of a \(pixelSize)×\(pixelSize) avatar")
        }
        return cells
    }
}

private struct WeakChatList {
    weak var list: ChatListController?
}
