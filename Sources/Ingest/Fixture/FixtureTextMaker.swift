/// The fixture's message texts, built from UTF-8 bytes of the vocabulary: String interpolation
/// of five pieces was 6 % of `main seed`'s instructions (an append and often a reallocation per
/// piece), one String per text here. The texts, and the generator draws they take, are exactly
/// what the interpolated templates gave (FixtureTextMakerTests compares the two).
struct FixtureTextMaker {
    private let openers: [[UInt8]]
    /// Each opener as it starts a sentence: its first character upper-cased.
    private let capitalisedOpeners: [[UInt8]]
    private let verbs: [[UInt8]]
    private let objects: [[UInt8]]
    private let times: [[UInt8]]
    private var scratch: [UInt8] = []

    init() {
        openers = FixtureVocabulary.openers.map { Array($0.utf8) }
        capitalisedOpeners = FixtureVocabulary.openers.map { Array(($0.prefix(1).uppercased() + $0.dropFirst()).utf8) }
        verbs = FixtureVocabulary.verbs.map { Array($0.utf8) }
        objects = FixtureVocabulary.objects.map { Array($0.utf8) }
        times = FixtureVocabulary.times.map { Array($0.utf8) }
        scratch.reserveCapacity(128)
    }

    mutating func text(_ rng: inout SplitMix64) -> String {
        let opener = Self.pick(openers.count, &rng)
        let verb = verbs[Self.pick(verbs.count, &rng)], object = objects[Self.pick(objects.count, &rng)]
        let time = times[Self.pick(times.count, &rng)]
        scratch.removeAll(keepingCapacity: true)
        switch rng.next() % 4 {
        case 0:
            scratch += openers[opener]; add(", can you "); scratch += verb; add(" "); scratch += object; add(" "); scratch += time
            add("?")
        case 1:
            add("I'll "); scratch += verb; add(" "); scratch += object; add(" "); scratch += time
        case 2:
            scratch += capitalisedOpeners[opener]; add("! did you "); scratch += verb; add(" "); scratch += object; add("?")
        default:
            add("don't forget to "); scratch += verb; add(" "); scratch += object; add(" "); scratch += time; add(" 🙂")
        }
        return String(decoding: scratch, as: UTF8.self)
    }

    /// The same draw as FixtureGenerator's `pick`.
    private static func pick(_ count: Int, _ rng: inout SplitMix64) -> Int { Int(rng.next() % UInt64(count)) }

    private mutating func add(_ literal: StaticString) {
        literal.withUTF8Buffer { scratch.append(contentsOf: $0) }
    }
}
