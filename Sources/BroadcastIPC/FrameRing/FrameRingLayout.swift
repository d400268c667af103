/// The layout of `0-data-<id>`, the shared frame ring (version 1). Host-endian, every field
/// naturally aligned. The app creates the file at its full size (sparse: slots no frame has
/// touched cost no memory or disk) and both processes map it MAP_SHARED.
///
///     File header, one 4096-byte page:
///        0  UInt32 magic "TGBR" (the bytes T G B R on a little-endian host)
///        4  UInt32 layout version, 1
///        8  UInt32 slotCount
///       12  UInt32 slotCapacity: payload bytes per slot
///       16  UInt64 latestSequence: number of the newest complete frame; 0 = none, frames count from 1
///       24  UInt32 publishCounter: the futex word, +1 after every publish
///       28  Int32  writerPid (informational)
///     Slot i at 4096 + i × slotStride, slotStride = 64 + slotCapacity rounded up to a page;
///     frame n lives in slot (n − 1) % slotCount. Slot header, 64 bytes:
///        0  UInt64 seq: seqlock, odd while the writer is inside the slot
///        8  UInt64 frameNumber
///       16  UInt64 captureTimeNanos (CLOCK_MONOTONIC, one clock for all processes on a host)
///       24  UInt32 payloadLength
///       64  payload, Telegram's bytes (`FramePayload`): orientation, pixel-buffer header, Y, UV
///
/// Telegram's file is a single slot with no sequence number, so its reader can copy a frame
/// while it is being overwritten. Here the writer makes seq odd before touching a slot and even
/// after; the reader accepts a copy only if seq was even and unchanged across it, and a ring of
/// slots means the newest complete frame is never the one being written.
public struct FrameRingLayout: Equatable, Sendable {
    public static let magic: UInt32 = 0x5242_4754
    public static let version: UInt32 = 1
    public static let pageSize = 4096
    public static let fileHeaderBytes = 4096
    public static let slotHeaderBytes = 64

    public static let defaultSlotCount = 3
    /// Fits 3840×2160 NV12 with tight strides, so 1080p and 4K both work.
    public static let defaultSlotCapacity = FramePayload.headerBytes + 3840 * 2160 * 3 / 2
    public static let slotCountRange = 1...16
    /// From the smallest frame (2×2) to 256 MiB.
    public static let slotCapacityRange = (FramePayload.headerBytes + 6)...(256 << 20)

    /// Byte offsets in the file header.
    public enum Header {
        public static let magic = 0
        public static let version = 4
        public static let slotCount = 8
        public static let slotCapacity = 12
        public static let latestSequence = 16
        public static let publishCounter = 24
        public static let writerPid = 28
    }

    /// Byte offsets in a slot.
    public enum Slot {
        public static let seq = 0
        public static let frameNumber = 8
        public static let captureTimeNanos = 16
        public static let payloadLength = 24
        public static let payload = 64
    }

    public let slotCount: Int
    public let slotCapacity: Int

    public init(slotCount: Int = defaultSlotCount, slotCapacity: Int = defaultSlotCapacity) throws(FrameRingError) {
        guard Self.slotCountRange.contains(slotCount) else {
            throw .invalidLayout("slot count \(slotCount) outside \(Self.slotCountRange)")
        }
        guard Self.slotCapacityRange.contains(slotCapacity) else {
            throw .invalidLayout("slot capacity \(slotCapacity) outside \(Self.slotCapacityRange)")
        }
        self.slotCount = slotCount
        self.slotCapacity = slotCapacity
    }

    public var slotStride: Int {
        (Self.slotHeaderBytes + slotCapacity + Self.pageSize - 1) / Self.pageSize * Self.pageSize
    }

    /// Bytes the file must have for every slot to be mapped safely.
    public var fileSize: Int { Self.fileHeaderBytes + slotCount * slotStride }

    public func slotOffset(index: Int) -> Int { Self.fileHeaderBytes + index * slotStride }

    /// Where frame `frameNumber` (≥ 1) lives.
    public func slotOffset(frameNumber: UInt64) -> Int {
        slotOffset(index: Int((frameNumber &- 1) % UInt64(slotCount)))
    }
}
