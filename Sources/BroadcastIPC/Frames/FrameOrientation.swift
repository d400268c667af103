/// `CGImagePropertyOrientation`'s raw values, stored as the payload's leading Int32.
public enum FrameOrientation: UInt32, Sendable, CaseIterable {
    case up = 1, upMirrored, down, downMirrored, leftMirrored, right, rightMirrored, left
}
