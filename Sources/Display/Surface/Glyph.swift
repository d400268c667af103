import Synchronization

/// A cell's grapheme cluster as a plain value: its UTF-8 bytes inline when they fit in 15 bytes
/// (every letter, CJK ideograph, flag, keycap, skin-tone and most ZWJ emoji), else the index of
/// the cluster in a process-wide table. No references, so a cell copies as plain memory: a
/// 200×60 frame moves every cell several times, and a `Character` in each cell made half of the
/// frame's time retain and release calls (measured with perf; BENCHMARKS.md).
///
/// The table only grows, so it is bounded: past `GlyphTable.shared.capacity` (65,536) distinct long clusters (a
/// hostile stream of made-up ZWJ sequences), a new one is stored as `〓` (wide) or `�`, each the
/// cluster's own width, so the grid stays aligned.
struct Glyph: Hashable, Sendable {
    /// Bytes 0…7 of the UTF-8.
    private var low: UInt64
    /// Bytes 8…14, then the length (1…15) in the top byte; or, for a table entry, the index in the
    /// low 32 bits and `tableMark` in the top byte.
    private var high: UInt64

    private static let tableMark: UInt64 = 0xFF

    init(_ character: Character, width: Int) {
        var low: UInt64 = 0, high: UInt64 = 0
        var count = 0
        for byte in character.utf8 {
            if count >= 15 { break }
            if count < 8 { low |= UInt64(byte) << (8 * UInt64(count)) } else { high |= UInt64(byte) << (8 * UInt64(count - 8)) }
            count += 1
        }
        if character.utf8.count <= 15 {
            self.low = low
            self.high = high | UInt64(count) << 56
        } else {
            self.low = 0
            self.high = UInt64(GlyphTable.shared.index(of: character, width: width)) | Self.tableMark << 56
        }
    }

    /// One ASCII byte.
    init(ascii byte: UInt8) {
        low = UInt64(byte)
        high = 1 << 56
    }

    static let space = Glyph(ascii: 0x20)

    /// The byte when the cluster is one ASCII byte (nil otherwise): a backend writes it without
    /// decoding the cluster.
    var asciiByte: UInt8? {
        high == 1 << 56 && low < 0x80 ? UInt8(truncatingIfNeeded: low) : nil
    }

    var character: Character {
        let length = Int(high >> 56)
        if UInt64(length) == Self.tableMark { return GlyphTable.shared.character(at: Int(UInt32(truncatingIfNeeded: high))) }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(length)
        for index in 0 ..< length {
            bytes.append(UInt8(truncatingIfNeeded: index < 8 ? low >> (8 * UInt64(index)) : high >> (8 * UInt64(index - 8))))
        }
        return Character(String(decoding: bytes, as: UTF8.self))
    }
}

/// The clusters too long to keep inline, each stored once.
final class GlyphTable: Sendable {
    static let shared = GlyphTable(capacity: 65_536)

    let capacity: Int

    private struct Storage {
        var indices: [String: Int] = [:]
        var clusters: [Character] = []
    }

    private let storage = Mutex(Storage())

    init(capacity: Int) {
        self.capacity = capacity
    }

    /// The cluster's index; past capacity, the index of its stand-in (`〓` for width 2, else `�`).
    func index(of character: Character, width: Int) -> Int {
        storage.withLock { table in
            if let index = table.indices[String(character)] { return index }
            let full = table.clusters.count >= capacity
            let stored = full ? Character(width == 2 ? "〓" : "�") : character
            let key = String(stored)
            if let index = table.indices[key] { return index }
            table.clusters.append(stored)
            table.indices[key] = table.clusters.count - 1
            return table.clusters.count - 1
        }
    }

    func character(at index: Int) -> Character {
        storage.withLock { $0.clusters[index] }
    }

    var count: Int { storage.withLock { $0.clusters.count } }
}
