import Foundation
import Testing
import TestSupport
import TLSerialization
import TelegramApi

/// One JSON line of the oracle: a schema name and Telethon's bytes.
struct OracleObject: Sendable {
    let name: String
    let bytes: [UInt8]
}

/// Runs Tools/tl-gen/oracle.py under the venv's python (Telethon 1.40.0).
final class OracleRun: Sendable {
    static let shared = OracleRun()
    static let seed = 214
    static let perConstructor = 25

    private let cached: Result<[OracleObject], HarnessError>

    private init() {
        cached = Result { () throws(HarnessError) -> [OracleObject] in
            do {
                let output = try OracleRun.run(["generate", "--seed", "\(OracleRun.seed)", "--count", "\(OracleRun.perConstructor)"])
                return try output.split(separator: "\n").map { line in
                    guard let json = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: String],
                          let name = json["name"], let hex = json["hex"] else { throw HarnessError("bad oracle line: \(line)") }
                    return OracleObject(name: name, bytes: [UInt8](hex: hex))
                }
            } catch let error as HarnessError {
                throw error
            } catch {
                throw HarnessError("\(error)")
            }
        }
    }

    func objects() throws -> [OracleObject] { try cached.get() }

    /// The oracle's standard output; throws with its standard error when it fails.
    static func run(_ arguments: [String]) throws -> String {
        guard FileManager.default.isExecutableFile(atPath: TLToolPaths.venvPython) else {
            throw HarnessError("\(TLToolPaths.venvPython) is missing: run Scripts/setup (it installs telethon==1.40.0)")
        }
        let dir = try TemporaryDirectory("tl-oracle")
        defer { dir.remove() }
        let child = try ChildProcess(TLToolPaths.venvPython, [TLToolPaths.oracle] + arguments,
                                     stdout: dir.sub("out"), stderr: dir.sub("err"))
        let end = child.waitUntilExit()
        let out = (try? String(contentsOfFile: dir.sub("out"), encoding: .utf8)) ?? ""
        guard end.exitCode == 0 else {
            let err = (try? String(contentsOfFile: dir.sub("err"), encoding: .utf8)) ?? ""
            throw HarnessError("oracle.py \(arguments.joined(separator: " ")) failed (\(end)): \(err)\n\(out.prefix(2000))")
        }
        return out
    }
}

/// Telethon, a client proven against Telegram itself, is the oracle for the generated code.
@Suite struct TelethonOracleTests {
    /// Every generated constructor and function, random values: Swift parses Telethon's bytes,
    /// names the constructor, and writes the very same bytes back; the value survives its own
    /// round trip equal.
    @Test func swiftReadsAndWritesTelethonsBytes() async throws {
        try await onOwnThread { () throws -> Void in
            let objects = try OracleRun.shared.objects()
            #expect(objects.count >= 50 * OracleRun.perConstructor)
            var seen = Set<String>()
            for object in objects {
                seen.insert(object.name)
                var reader = TLReader(object.bytes)
                let parsed: any TLObject
                do {
                    parsed = try parseAnyObject(from: &reader)
                } catch {
                    Issue.record("\(object.name): \(error) parsing \(object.bytes.hex)")
                    continue
                }
                #expect(reader.remaining == 0, "\(object.name): \(reader.remaining) bytes left")
                let id = object.bytes[0..<4].enumerated().reduce(UInt32(0)) { $0 | UInt32($1.element) << (8 * $1.offset) }
                #expect(constructorName(id) == object.name)
                var writer = TLWriter()
                parsed.serialize(to: &writer)
                #expect(writer.bytes == object.bytes, "\(object.name): Swift wrote \(writer.bytes.hex), Telethon \(object.bytes.hex)")
                #expect(roundTripsEqual(parsed), "\(object.name) is not equal after its own round trip")
            }
            // Every constructor and non-generic function of the generated code was exercised.
            #expect(seen.count >= 60, "only \(seen.count) constructors: \(seen.sorted())")
        }
    }

    /// Values built in Swift: Telethon reads them and writes the same bytes.
    @Test func telethonReadsWhatSwiftWrites() async throws {
        try await onOwnThread { () throws -> Void in
            let samples = SwiftSample.all()
            let dir = try TemporaryDirectory("tl-oracle-check")
            defer { dir.remove() }
            let lines = samples.map { sample -> String in
                var writer = TLWriter()
                sample.serialize(&writer)
                return writer.bytes.hex
            }
            try (lines.joined(separator: "\n") + "\n").write(toFile: dir.sub("swift.hex"), atomically: true, encoding: .utf8)
            let output: String
            do {
                output = try OracleRun.run(["check", dir.sub("swift.hex")])
            } catch {
                Issue.record("Telethon refused Swift's bytes: \(error)")
                return
            }
            let results = output.split(separator: "\n")
            #expect(results.count == samples.count)
            for (sample, line) in zip(samples, results) {
                let json = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any]
                #expect(json?["name"] as? String == sample.name)
                #expect(json?["ok"] as? Bool == true, "\(sample.name): \(line)")
            }
        }
    }
}

/// Serializes, parses with the value's own type, and compares with ==.
func roundTripsEqual(_ value: any TLObject) -> Bool {
    func check<T: TLObject>(_ value: T) -> Bool {
        var writer = TLWriter()
        value.serialize(to: &writer)
        var reader = TLReader(writer.bytes)
        guard let again = try? T.parse(from: &reader), reader.remaining == 0 else { return false }
        guard let equatable = value as? any Equatable else { return false }
        return isEqual(equatable, again)
    }
    return check(value)
}

private func isEqual<E: Equatable>(_ value: E, _ other: Any) -> Bool { (other as? E) == value }
