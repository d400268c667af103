@testable import Ingest
import Testing

/// The fixture's texts are built from bytes for speed; the same seed must still give the texts
/// (and leave the generator in the state) the interpolated templates did.
@Suite("Fixture: message texts")
struct FixtureTextMakerTests {
    /// The templates as they were written before FixtureTextMaker.
    private func interpolated(_ rng: inout SplitMix64) -> String {
        func pick(_ list: [String]) -> String { list[Int(rng.next() % UInt64(list.count))] }
        let opener = pick(FixtureVocabulary.openers)
        let verb = pick(FixtureVocabulary.verbs), object = pick(FixtureVocabulary.objects)
        let time = pick(FixtureVocabulary.times)
        switch rng.next() % 4 {
        case 0: return "\(opener), can you \(verb) \(object) \(time)?"
        case 1: return "I'll \(verb) \(object) \(time)"
        case 2: return "\(opener.prefix(1).uppercased() + opener.dropFirst())! did you \(verb) \(object)?"
        default: return "don't forget to \(verb) \(object) \(time) 🙂"
        }
    }

    @Test(arguments: [1 as UInt64, 4, 100, 0xdead_beef])
    func theSameTextsAsTheInterpolatedTemplates(_ seed: UInt64) {
        var maker = FixtureTextMaker()
        var a = SplitMix64(seed: seed), b = SplitMix64(seed: seed)
        for _ in 0..<5_000 {
            #expect(maker.text(&a) == interpolated(&b))
        }
        #expect(a.next() == b.next(), "the generator drew a different number of values")
    }
}
