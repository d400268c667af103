import Foundation
import Testing
import Container
@testable import Formats
import TestSupport

/// JSON read across processes refuses duplicate keys, however they are spelt, so no two readers
/// can disagree about a file; and it accepts exactly what JSONDecoder accepts otherwise.
@Suite("StrictJSON: one meaning per file")
struct StrictJSONTests {
    struct Flag: Decodable, Equatable { var isManuallyLocked: Bool }

    static let duplicates: [String] = [
        #"{"isManuallyLocked":false,"isManuallyLocked":true}"#,
        // The same key spelt with an escape: equal once unescaped, as the decoder compares keys.
        #"{"isManuallyLocked":false,"\u0069sManuallyLocked":true}"#,
        #"{"isManuallyLocked":false,"isManuallyLocked\u0000":true,"isManuallyLocked":true}"#,
        // Canonically equivalent keys (é precomposed and decomposed): Swift's String == says equal.
        "{\"caf\u{E9}\":1,\"cafe\u{301}\":2}",
        // Nested, inside an array, after other members.
        #"{"a":{"b":[{"c":1,"d":2,"c":3}]}}"#,
        #"[{"x":1},{"y":2,"y":2}]"#,
        #"{"k":"v","k":"v"}"#,
    ]

    @Test(arguments: duplicates)
    func duplicateKeysAreRejected(_ text: String) {
        #expect(throws: StrictJSON.Rejected.self) { try StrictJSON.validate(Array(text.utf8)) }
        #expect(throws: (any Error).self) { try StrictJSON.decode([String: AnyDecodable].self, from: Array(text.utf8)) }
    }

    @Test func theLockStateIssueInputReadsLocked() throws {
        try withTemporaryDirectory("strict-json") { dir in
            let path = dir.sub("lockState.json")
            try writeBytes(Array(#"{"isManuallyLocked":false,"isManuallyLocked":true}"#.utf8), to: path)
            let status = LockStatus.read(path: path, passcodeSet: true)
            guard case .unreadable(let reason) = status else { Issue.record("read as \(status)"); return }
            #expect(reason.contains("duplicate key"))
            #expect(status.isLocked())
        }
    }

    @Test func theRejectionNamesTheKeyAndItsOffset() {
        let text = #"{"a":1, "a":2}"#
        do {
            try StrictJSON.validate(Array(text.utf8))
            Issue.record("accepted")
        } catch let rejected as StrictJSON.Rejected {
            #expect(rejected.offset == 8)
            #expect(rejected.description.contains(#""a""#))
        } catch {
            Issue.record("\(error)")
        }
    }

    static let valid: [String] = [
        #"{"isManuallyLocked":true}"#,
        "  {\"a\" : [1, -2.5e3, true, false, null, \"\\\"\\\\\\/\\b\\f\\n\\r\\t\\u00e9\\ud83d\\ude00\"], \"b\": {}} \n",
        "[]", "0", "-0", "1.0E+2", "\"text\"", "\u{FEFF}{}",
        #"{"a":1,"A":2,"a ":3}"#,
        "{\"\u{1F600}\":1,\"\u{1F601}\":2}",
    ]

    @Test(arguments: valid)
    func validJSONIsAccepted(_ text: String) throws {
        let bytes = Array(text.utf8)
        try StrictJSON.validate(bytes)
        // The control: JSONDecoder accepts it too.
        _ = try JSONDecoder().decode(AnyDecodable.self, from: Data(bytes))
    }

    static let malformed: [String] = [
        "", " ", "{", "}", "[1,]", "{\"a\":1,}", "{\"a\"}", "{\"a\" 1}", "{a:1}", "01", "1.", ".5", "1e", "-",
        "tru", "nul", "\"unterminated", "\"bad \\x escape\"", "\"\\u12\"", "[1 2]", "{} {}", "\"raw\u{01}control\"",
        "{\"a\":1}}", "[[]", "\u{7}",
    ]

    @Test(arguments: malformed)
    func malformedJSONIsRejected(_ text: String) {
        #expect(throws: StrictJSON.Rejected.self) { try StrictJSON.validate(Array(text.utf8)) }
    }

    @Test func invalidUTF8IsRejected() {
        #expect(throws: StrictJSON.Rejected.self) { try StrictJSON.validate([0x22, 0xC3, 0x28, 0x22]) }
        #expect(throws: StrictJSON.Rejected.self) { try StrictJSON.validate([0x7B, 0x22, 0xFF, 0x22, 0x3A, 0x31, 0x7D]) }
    }

    @Test func hostileNestingIsRefusedWithoutRecursion() {
        // 200,000 levels would overflow a recursive parser's stack; the scanner refuses at 512.
        let deep = Array(String(repeating: "[", count: 200_000).utf8)
        #expect(throws: StrictJSON.Rejected.self) { try StrictJSON.validate(deep) }
        let objects = Array(String(repeating: "{\"a\":", count: 100_000).utf8)
        #expect(throws: StrictJSON.Rejected.self) { try StrictJSON.validate(objects) }
        let fine = Array((String(repeating: "[", count: 500) + String(repeating: "]", count: 500)).utf8)
        #expect(throws: Never.self) { try StrictJSON.validate(fine) }
    }

    @Test func decodeChecksThenDecodes() throws {
        #expect(try StrictJSON.decode(Flag.self, from: Array(#"{"isManuallyLocked":true}"#.utf8)) == Flag(isManuallyLocked: true))
        #expect(throws: StrictJSON.Rejected.self) {
            try StrictJSON.decode(Flag.self, from: Array(#"{"isManuallyLocked":true,"isManuallyLocked":false}"#.utf8))
        }
    }

    /// Random documents built from a small grammar, with and without a repeated key: the scanner
    /// agrees with JSONDecoder on validity and finds exactly the repeats the generator planted.
    @Test func agreesWithTheDecoderOnGeneratedDocuments() throws {
        var rng = SeededGenerator(seed: 0x5eed)
        for _ in 0..<2000 {
            let plantDuplicate = Bool.random(using: &rng)
            var planted = false
            let text = Self.document(depth: 0, rng: &rng, plant: plantDuplicate, planted: &planted)
            let bytes = Array(text.utf8)
            if planted {
                #expect(throws: StrictJSON.Rejected.self, "\(text)") { try StrictJSON.validate(bytes) }
            } else {
                #expect(throws: Never.self, "\(text)") { try StrictJSON.validate(bytes) }
                _ = try JSONDecoder().decode(AnyDecodable.self, from: Data(bytes))
            }
        }
    }

    static func document(depth: Int, rng: inout SeededGenerator, plant: Bool, planted: inout Bool) -> String {
        let keys = ["a", "b", "\\u0061", "c\\n", "é", "e\u{301}", "\u{1F600}"]
        switch depth > 3 ? 0 : Int.random(in: 0..<4, using: &rng) {
        case 0: return ["1", "-2.5", "true", "null", "\"x\"", "\"\\u00e9\""].randomElement(using: &rng)!
        case 1:
            let count = Int.random(in: 0..<4, using: &rng)
            return "[" + (0..<count).map { _ in document(depth: depth + 1, rng: &rng, plant: plant, planted: &planted) }.joined(separator: ",") + "]"
        default:
            // Distinct keys by construction ("a" and "\u0061" are the same key; so are the two é).
            var used = Set<String>()
            var members: [String] = []
            for _ in 0..<Int.random(in: 0..<4, using: &rng) {
                let key = keys.randomElement(using: &rng)!
                let meaning = key == "\\u0061" ? "a" : (key == "e\u{301}" ? "é" : key)
                if used.contains(meaning) { continue }
                used.insert(meaning)
                members.append("\"\(key)\":" + document(depth: depth + 1, rng: &rng, plant: plant, planted: &planted))
            }
            if plant, !planted, let first = members.first {
                members.append(first)
                planted = true
            }
            return "{" + members.joined(separator: ",") + "}"
        }
    }
}

/// Any JSON value, for the decoder-side controls.
struct AnyDecodable: Decodable {
    init(from decoder: Decoder) throws {
        if var array = try? decoder.unkeyedContainer() {
            while !array.isAtEnd { _ = try array.decode(AnyDecodable.self) }
        } else if let object = try? decoder.container(keyedBy: AnyKey.self) {
            for key in object.allKeys { _ = try object.decode(AnyDecodable.self, forKey: key) }
        } else {
            let single = try decoder.singleValueContainer()
            if single.decodeNil() { return }
            if (try? single.decode(Bool.self)) != nil { return }
            if (try? single.decode(Double.self)) != nil { return }
            _ = try single.decode(String.self)
        }
    }

    struct AnyKey: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }
}
