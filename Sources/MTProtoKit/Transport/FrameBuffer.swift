/// Received bytes not yet decoded into frames: appended at the end, consumed from the front
/// without moving what remains each time (the consumed prefix is dropped once it is most of it).
struct FrameBuffer {
    private var storage: [UInt8] = []
    private var start = 0

    var count: Int { storage.count - start }

    mutating func append<C: Collection>(_ bytes: C) where C.Element == UInt8 {
        storage.append(contentsOf: bytes)
    }

    /// The byte at `offset` from the front; offset < count.
    subscript(offset: Int) -> UInt8 { storage[start + offset] }

    /// `count` bytes from `offset`, little-endian.
    func littleEndian(at offset: Int, count: Int) -> UInt32 {
        var value: UInt32 = 0
        for i in (0..<count).reversed() { value = value << 8 | UInt32(self[offset + i]) }
        return value
    }

    /// Drops `skip` bytes, then takes `count`.
    mutating func take(_ count: Int, after skip: Int = 0) -> [UInt8] {
        let from = start + skip
        let taken = Array(storage[from..<(from + count)])
        consume(skip + count)
        return taken
    }

    mutating func consume(_ count: Int) {
        start += count
        if start == storage.count {
            storage.removeAll(keepingCapacity: true)
            start = 0
        } else if start > 65536 && start * 2 > storage.count {
            storage.removeFirst(start)
            start = 0
        }
    }
}
