/// How a change reaches the screen (Telegram's `ContainedViewLayoutTransition`). Display has no
/// clock: an animation lasts a number of frames, and the backend's run loop asks for frames
/// (about 30 a second) while any is running.
public enum ContainedViewLayoutTransition: Hashable, Sendable {
    case immediate
    case animated(frames: Int)

    /// Push, pop, sheets: 6 frames, a fifth of a second at the backend's pace, about the length
    /// of Telegram's 0.3 s pushes on a medium that redraws whole cells.
    public static let standard = ContainedViewLayoutTransition.animated(frames: 6)

    public var frames: Int {
        if case .animated(let frames) = self { return max(frames, 0) }
        return 0
    }
}

/// A running animation's progress: frame `step` of `frames`.
public struct TransitionProgress: Hashable, Sendable {
    public private(set) var step: Int
    public let frames: Int

    public init(frames: Int) {
        self.step = 0
        self.frames = max(frames, 1)
    }

    /// 0 at the start, 1 when done.
    public var fraction: Double { Double(step) / Double(frames) }
    public var isFinished: Bool { step >= frames }
    public mutating func advance() { step = min(step + 1, frames) }

    /// `distance` scaled by what is left of the animation: where a sliding element stands now.
    public func remaining(_ distance: Int) -> Int { distance - distance * step / frames }
}
