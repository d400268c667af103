import Foundation
import Testing

/// The single-writer rule as the sources spell it (container-layout.md, "One writer, and readers
/// that never checkpoint"): the extensions' modules open every store read-only, and only the
/// storage layer checkpoints. A change that breaks either fails here, by file and line, before
/// any process runs it.
@Suite("Single writer, in the sources")
struct SingleWriterSourceTests {
    /// The modules an extension links and the extensions' own commands and executables: they may
    /// read the stores, never open one read-write.
    static let extensionFolders = [
        "Bootstrap", "NotificationService", "ShareExtensionContext", "SiriIntents", "WidgetKitWidget", "DrawingClient",
        "BroadcastUpload", "BroadcastIPC",
        "CommandLine/ShareCommands", "CommandLine/IntentsCommands", "CommandLine/NotifyServiceCommands",
        "CommandLine/WidgetCommands", "CommandLine/BroadcastCommands",
        "Executables/ShareExtension", "Executables/IntentsExtension", "Executables/NotifyServiceExtension",
        "Executables/WidgetExtension", "Executables/BroadcastExtension",
    ]

    static func lines(under folder: String) throws -> [(place: String, text: String)] {
        let root = ModuleImportsTests.sources.appendingPathComponent(folder)
        let files = FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil)?
            .compactMap { $0 as? URL }.filter { ["swift", "h", "c"].contains($0.pathExtension) } ?? []
        var result: [(String, String)] = []
        for file in files {
            let relative = String(file.path.dropFirst(ModuleImportsTests.sources.path.count + 1))
            for (number, line) in try String(contentsOf: file, encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
                result.append(("\(relative):\(number + 1)", String(line)))
            }
        }
        return result
    }

    @Test func extensionsOpenEveryStoreReadOnly() throws {
        var found: [String] = []
        var readOnlyArguments = 0
        for folder in Self.extensionFolders {
            for (place, text) in try Self.lines(under: folder) {
                for forbidden in [".readWrite", "ValueBox(", "SQLiteConnection(", "sqlite3_open"] where text.contains(forbidden) {
                    found.append("\(place): \(forbidden)")
                }
                var rest = Substring(text)
                while let range = rest.range(of: "readOnly:") {
                    // The argument itself, not a longer name ending so (`unreadOnly:`).
                    let wholeWord = range.lowerBound == rest.startIndex
                        || !(rest[rest.index(before: range.lowerBound)].isLetter || rest[rest.index(before: range.lowerBound)].isNumber)
                    rest = rest[range.upperBound...]
                    guard wholeWord else { continue }
                    readOnlyArguments += 1
                    if !rest.drop(while: { $0 == " " }).hasPrefix("true") { found.append("\(place): readOnly: not literally true") }
                }
            }
        }
        #expect(found.isEmpty, "an extension-side module may open a store read-write:\n\(found.joined(separator: "\n"))")
        #expect(readOnlyArguments > 0, "no readOnly: argument found at all: the scan looks in the wrong place")
    }

    @Test func onlyTheStorageLayerCheckpoints() throws {
        let allowed: Set<String> = ["KeyValueStore/SQLite/SQLiteConnection.swift", "KeyValueStore/ValueBox/ValueBox.swift", "CSQLite/shim.h"]
        var found: [String] = []
        var seen = 0
        let folders = try FileManager.default.contentsOfDirectory(atPath: ModuleImportsTests.sources.path)
        for folder in folders {
            for (place, text) in try Self.lines(under: folder) {
                let code = text.trimmingCharacters(in: .whitespaces)
                guard !code.hasPrefix("//"), !code.hasPrefix("///") else { continue }
                for needle in ["wal_checkpoint", "SQLITE_CHECKPOINT_", ".checkpoint()", "checkpointPassive("] where code.contains(needle) {
                    seen += 1
                    let file = String(place.prefix { $0 != ":" })
                    if !allowed.contains(file) { found.append("\(place): \(needle)") }
                }
            }
        }
        #expect(found.isEmpty, "a checkpoint outside the storage layer's writer:\n\(found.joined(separator: "\n"))")
        #expect(seen > 0, "no checkpoint found at all: the scan looks in the wrong place")
    }
}
