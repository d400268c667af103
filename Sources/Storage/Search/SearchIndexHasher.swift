import Cryptography

/// The index's only view of words: keyed hashes of their beginnings. A word of at least 3
/// scalars is indexed under the hash of its first 3, and one of at least 6 also under the hash of
/// its first 6. A query word uses the longest cut it reaches (`tick` → "tic", `tomorrow` →
/// "tomorr"), so every message holding a word that begins with the query word is among the
/// candidates; the long cut keeps the candidates of a long, rare word few even when its first
/// three letters are common ("thermostat" is not read through every "the"). Words shorter than 3
/// scalars are not indexed: a query made only of such words is answered by the scan.
///
/// Hash = the first 8 bytes of HMAC-SHA256(key, cut ‖ prefix), key = HKDF of the device key with
/// its own label (`telegram-linux/v1/postbox/<account>/search-index`), so the hashes differ per
/// account and per device and say nothing without the key (container-layout.md, "Threat model of
/// the search index"). 64 bits: a collision merely adds a candidate the final check rejects.
///
/// Not thread-safe (one per Postbox, like its connection). Hashes are remembered: a text's words
/// repeat (Zipf), and HMAC is the costliest step of indexing a message.
final class SearchIndexHasher {
    static let shortCut = 3
    static let longCut = 6
    /// Bounds the memory of the remembered hashes (each table is cleared when it reaches this).
    static let rememberedLimit = 1 << 16

    private let deviceKey: DeviceKey
    private let label: String
    /// Everything that changes, in one value, mutated in place through one access per text: the
    /// hot loop is a mutating method of it, so its fields are not checked for exclusive access
    /// per word as a class's properties would be, and nothing is copied or moved per text.
    private var memory = Memory()

    init(deviceKey: DeviceKey, accountId: Int64) {
        self.deviceKey = deviceKey
        label = "postbox/\(UInt64(bitPattern: accountId))/search-index"
    }

    /// The hashes a text is indexed under, each once, into `hashes` (emptied first).
    func hashes(of text: String, into hashes: inout [UInt64]) {
        hashes.removeAll(keepingCapacity: true)
        deriveKeyIfNeeded()
        memory.hashes(of: text, into: &hashes)
    }

    func hashes(of text: String) -> [UInt64] {
        var result: [UInt64] = []
        hashes(of: text, into: &result)
        return result
    }

    /// The hash a query word is looked up under; nil when it is too short to be indexed.
    func queryHash(_ word: [UInt8]) -> UInt64? {
        let scalars = word.withUnsafeBufferPointer { SearchWords.scalarCount($0) }
        let cut = scalars >= Self.longCut ? Self.longCut : scalars >= Self.shortCut ? Self.shortCut : 0
        guard cut > 0 else { return nil }
        deriveKeyIfNeeded()
        return word.withUnsafeBufferPointer { memory.hash($0, cut: cut) }
    }

    /// The key derived on first use, so an extension that never searches never pays for it.
    private func deriveKeyIfNeeded() {
        if memory.key.isEmpty { memory.key = KeyDerivation.key(for: label, from: deviceKey) }
    }

    struct Memory {
        var key: [UInt8] = []
        /// ASCII prefixes packed into an integer (cut in the top byte) → their hash in
        /// `remembered`: no allocation and no SipHash per lookup.
        var asciiHashes = IntegerMap()
        var remembered: [UInt64] = []
        var otherHashes: [[UInt8]: UInt64] = [:]
        /// The words' scratch (reused, so that indexing a message allocates nothing).
        var scratch: [UInt8] = []

        mutating func hashes(of text: String, into hashes: inout [UInt64]) {
            var scratch: [UInt8] = []
            swap(&scratch, &self.scratch)
            SearchWords.forEach(in: text, scratch: &scratch) { word, scalars in
                if scalars >= SearchIndexHasher.shortCut {
                    let short = hash(word, cut: SearchIndexHasher.shortCut)
                    if !hashes.contains(short) { hashes.append(short) }
                }
                if scalars >= SearchIndexHasher.longCut {
                    let long = hash(word, cut: SearchIndexHasher.longCut)
                    if !hashes.contains(long) { hashes.append(long) }
                }
                return true
            }
            swap(&scratch, &self.scratch)
        }

        /// The hash of the word's first `cut` scalars.
        mutating func hash(_ word: UnsafeBufferPointer<UInt8>, cut: Int) -> UInt64 {
            let length = SearchWords.prefixLength(word, scalars: cut)
            if length == cut {
                // All ASCII (a scalar per byte): at most 6 bytes, packed below the cut.
                var packed = UInt64(cut) << 56
                for i in 0..<length { packed |= UInt64(word[i]) << UInt64(8 * i) }
                if asciiHashes.count >= SearchIndexHasher.rememberedLimit {
                    asciiHashes.removeAll()
                    remembered.removeAll(keepingCapacity: true)
                }
                let key = self.key
                let at = asciiHashes.value(packed) {
                    remembered.append(Self.compute(word, length: length, cut: cut, key: key))
                    return Int32(remembered.count - 1)
                }
                return remembered[Int(at)]
            }
            var prefix = [UInt8(cut)]
            prefix.append(contentsOf: UnsafeBufferPointer(rebasing: word[0..<length]))
            if let known = otherHashes[prefix] { return known }
            let made = Self.compute(word, length: length, cut: cut, key: key)
            if otherHashes.count >= SearchIndexHasher.rememberedLimit { otherHashes.removeAll(keepingCapacity: true) }
            otherHashes[prefix] = made
            return made
        }

        private static func compute(_ word: UnsafeBufferPointer<UInt8>, length: Int, cut: Int, key: [UInt8]) -> UInt64 {
            // The cut is part of the input, so a 3-scalar prefix and a 6-scalar one never share a
            // hash by construction, whatever their bytes.
            var input = [UInt8(cut)]
            input.append(contentsOf: UnsafeBufferPointer(rebasing: word[0..<length]))
            let mac = Digest.hmacSHA256(key: key, data: input)
            var value: UInt64 = 0
            for i in 0..<8 { value = value << 8 | UInt64(mac[i]) }
            return value
        }
    }
}
