/// A fast 64-bit, non-cryptographic hash for whole frames (megabytes each, 60 times a second):
/// four independent multiply-xor lanes over 8-byte loads, so the multiplies overlap, then a
/// murmur3-style finalizer. Each step is a bijection of the lane, so a change in any single word
/// always changes the result; it is meant to catch torn or mixed frames, not adversaries.
public enum FrameHash {
    static let multiplier: UInt64 = 0x9E37_79B9_7F4A_7C15

    public static func hash(_ bytes: UnsafeRawBufferPointer, seed: UInt64 = 0) -> UInt64 {
        let k = multiplier
        var a = seed ^ 0x243F_6A88_85A3_08D3
        var b = seed ^ 0x1319_8A2E_0370_7344
        var c = seed ^ 0xA409_3822_299F_31D0
        var d = seed ^ 0x082E_FA98_EC4E_6C89
        let count = bytes.count
        if let base = bytes.baseAddress {
            var offset = 0
            while offset + 32 <= count {
                a = rotate(a ^ base.loadUnaligned(fromByteOffset: offset, as: UInt64.self), 29) &* k
                b = rotate(b ^ base.loadUnaligned(fromByteOffset: offset + 8, as: UInt64.self), 29) &* k
                c = rotate(c ^ base.loadUnaligned(fromByteOffset: offset + 16, as: UInt64.self), 29) &* k
                d = rotate(d ^ base.loadUnaligned(fromByteOffset: offset + 24, as: UInt64.self), 29) &* k
                offset += 32
            }
            while offset + 8 <= count {
                a = rotate(a ^ base.loadUnaligned(fromByteOffset: offset, as: UInt64.self), 29) &* k
                offset += 8
            }
            if offset < count {
                var last: UInt64 = 0
                for index in 0..<(count - offset) {
                    last |= UInt64(base.load(fromByteOffset: offset + index, as: UInt8.self)) << (8 * UInt64(index))
                }
                b = rotate(b ^ last, 29) &* k
            }
        }
        var h = (UInt64(count) ^ seed) &* k
        h = rotate(h ^ mix(a), 27) &* k
        h = rotate(h ^ mix(b), 27) &* k
        h = rotate(h ^ mix(c), 27) &* k
        h = rotate(h ^ mix(d), 27) &* k
        return mix(h)
    }

    @inline(__always) static func rotate(_ x: UInt64, _ r: UInt64) -> UInt64 { (x &<< r) | (x &>> (64 - r)) }

    /// murmur3's fmix64: every input bit affects every output bit.
    @inline(__always) static func mix(_ value: UInt64) -> UInt64 {
        var x = value
        x ^= x >> 33
        x = x &* 0xFF51_AFD7_ED55_8CCD
        x ^= x >> 33
        x = x &* 0xC4CE_B9FE_1A85_EC53
        x ^= x >> 33
        return x
    }
}
