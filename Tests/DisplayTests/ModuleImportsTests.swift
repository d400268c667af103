import Foundation
import Testing

/// ARCHITECTURE.md §4 and issue 13: no module under Sources imports Foundation (FoundationEssentials
/// at most), and Display imports no module but the standard library's Synchronization, so it stays
/// testable in memory and at the bottom of the graph.
@Suite("Module imports")
struct ModuleImportsTests {
    static let sources = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Sources")

    static func imports(under folder: String) throws -> [(file: String, module: String)] {
        let root = sources.appendingPathComponent(folder)
        let files = FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil)?
            .compactMap { $0 as? URL }.filter { $0.pathExtension == "swift" } ?? []
        #expect(!files.isEmpty, "no Swift files under \(root.path)")
        var result: [(String, String)] = []
        for file in files {
            for line in try String(contentsOf: file, encoding: .utf8).split(separator: "\n") {
                let words = line.split(separator: " ")
                guard let index = words.firstIndex(of: "import"), words[..<index].allSatisfy({ $0.hasPrefix("@") }),
                      index + 1 < words.count else { continue }
                result.append((file.lastPathComponent, String(words[index + 1])))
            }
        }
        return result
    }

    @Test func noModuleImportsFoundation() throws {
        let found = try Self.imports(under: "").filter { $0.module == "Foundation" }
        #expect(found.isEmpty, "\(found)")
    }

    @Test func displayImportsOnlySynchronization() throws {
        let found = try Self.imports(under: "Display").filter { $0.module != "Synchronization" }
        #expect(found.isEmpty, "\(found)")
    }

    @Test func terminalBackendImportsOnlyNcursesDisplayAndGlibc() throws {
        let found = try Self.imports(under: "TerminalBackend").filter { !["CNcursesw", "Display", "Glibc"].contains($0.module) }
        #expect(found.isEmpty, "\(found)")
    }
}
