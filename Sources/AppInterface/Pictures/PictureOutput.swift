import Display
import Synchronization
import TerminalBackend
import TerminalImages

/// Where the chat's pictures go on this terminal: the graphics mode of the moment (detected or
/// chosen), and the bytes for the terminal itself that drawing threads leave for the main
/// thread — kitty's transmissions, wrapped for tmux's passthrough inside tmux — sent between
/// frames, before the cells that show them. It keeps the kitty images it sent, to delete them
/// from the terminal's memory when the app leaves.
final class PictureOutput: Sendable {
    let depth: ColorDepth
    let inTmux: Bool
    /// The terminal's cell in pixels, nil where it does not say (sixel needs it); any thread.
    let cellPixels: @Sendable () -> Size?
    private let send: @MainActor @Sendable ([UInt8]) -> Void

    private struct State {
        var mode: GraphicsMode
        var pending: [UInt8] = []
        var lastId = 0
        var sent: Set<Int> = []
    }

    private let state: Mutex<State>

    init(mode: GraphicsMode, depth: ColorDepth, inTmux: Bool, cellPixels: @escaping @Sendable () -> Size? = { nil },
         send: @escaping @MainActor @Sendable ([UInt8]) -> Void) {
        self.depth = depth
        self.inTmux = inTmux
        self.cellPixels = cellPixels
        self.send = send
        state = Mutex(State(mode: mode))
    }

    var mode: GraphicsMode {
        get { state.withLock { $0.mode } }
        set { state.withLock { $0.mode = newValue } }
    }

    /// The next kitty image id this terminal can name in a colour: 256 up in 24 bits (lower
    /// values are near-black, which true-colour curses sends as palette numbers), 1–255 on 256
    /// colours. An id used before is deleted from the terminal before it is sent again.
    func nextKittyId() -> Int {
        state.withLock { state in
            let range = depth == .trueColor ? 256 ..< (1 << 24) : 1 ..< 256
            state.lastId = range.contains(state.lastId + 1) ? state.lastId + 1 : range.lowerBound
            if state.sent.remove(state.lastId) != nil { state.pending += wrapped(KittyPicture.deletion(id: state.lastId)) }
            return state.lastId
        }
    }

    /// From a drawing thread: image `id`'s transmission, sent before its cells are drawn.
    func queue(kittyImage id: Int, _ bytes: [UInt8]) {
        state.withLock { state in
            state.pending += wrapped(bytes)
            state.sent.insert(id)
        }
    }

    /// On the main thread, between frames: what the drawing threads left.
    @MainActor
    func sendPending() {
        let bytes = state.withLock { state -> [UInt8] in
            defer { state.pending = [] }
            return state.pending
        }
        if !bytes.isEmpty { send(bytes) }
    }

    /// The app leaves: every kitty image it sent deleted from the terminal.
    @MainActor
    func close() {
        let bytes = state.withLock { state -> [UInt8] in
            defer { state.sent = [] }
            return state.sent.sorted().flatMap { wrapped(KittyPicture.deletion(id: $0)) }
        }
        sendPending()
        if !bytes.isEmpty { send(bytes) }
    }

    private func wrapped(_ bytes: [UInt8]) -> [UInt8] {
        inTmux ? TmuxPassthrough.wrapEachCommand(bytes) : bytes
    }
}
