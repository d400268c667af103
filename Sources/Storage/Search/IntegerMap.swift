/// An open-addressing map from a 64-bit key (plus a 16-bit one beside it) to an Int32, for the
/// index's hot loop: every word of every message written is looked up twice (its remembered hash,
/// then its row in the batch), and the standard Dictionary's seeded SipHash over each key was a
/// fifth of indexing's cost. The keys here are HMAC outputs or packed bytes mixed by a multiply,
/// so a plain mask spreads them well; no key is ever removed.
struct IntegerMap {
    private var keys: [UInt64]
    private var extras: [UInt16]
    private var values: [Int32]
    private var used: [Bool]
    private(set) var count = 0
    private var mask: Int

    init(capacity: Int = 1024) {
        var size = 16
        while size < capacity * 2 { size <<= 1 }
        keys = [UInt64](repeating: 0, count: size)
        extras = [UInt16](repeating: 0, count: size)
        values = [Int32](repeating: 0, count: size)
        used = [Bool](repeating: false, count: size)
        mask = size - 1
    }

    @inline(__always)
    private func slot(_ key: UInt64, _ extra: UInt16) -> Int {
        Int(truncatingIfNeeded: ((key ^ UInt64(extra) &* 0x9e37_79b9_7f4a_7c15) &* 0xbf58_476d_1ce4_e5b9) >> 20) & mask
    }

    func value(_ key: UInt64, _ extra: UInt16 = 0) -> Int32? {
        var i = slot(key, extra)
        while used[i] {
            if keys[i] == key && extras[i] == extra { return values[i] }
            i = (i + 1) & mask
        }
        return nil
    }

    /// The value stored for the key, or `make()`'s, stored first.
    @inline(__always)
    mutating func value(_ key: UInt64, _ extra: UInt16 = 0, orInsert make: () -> Int32) -> Int32 {
        var i = slot(key, extra)
        while used[i] {
            if keys[i] == key && extras[i] == extra { return values[i] }
            i = (i + 1) & mask
        }
        let made = make()
        used[i] = true
        keys[i] = key
        extras[i] = extra
        values[i] = made
        count += 1
        if count * 2 > keys.count { grow() }
        return made
    }

    mutating func removeAll() {
        for i in used.indices { used[i] = false }
        count = 0
    }

    private mutating func grow() {
        let old = (keys, extras, values, used)
        self = IntegerMap(capacity: keys.count)
        for i in old.3.indices where old.3[i] {
            _ = value(old.0[i], old.1[i]) { old.2[i] }
        }
    }
}
