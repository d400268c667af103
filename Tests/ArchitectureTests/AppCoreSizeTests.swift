import Foundation
import Testing

/// AppCore is the app's state and launch, nothing more: a module that grows past this is taking
/// in work that belongs beside it (the message actions, the push stand-in and the bulk writers
/// each have a module of their own).
@Suite("AppCore stays the app's state")
struct AppCoreSizeTests {
    static let lineLimit = 2_500

    @Test func appCoreIsWithinItsLines() throws {
        let root = ModuleImportsTests.sources.appendingPathComponent("AppCore")
        let files = FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil)?
            .compactMap { $0 as? URL }.filter { $0.pathExtension == "swift" } ?? []
        #expect(!files.isEmpty)
        var lines = 0
        for file in files {
            lines += try String(contentsOf: file, encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false).count - 1
        }
        print("AppCore: \(lines) lines in \(files.count) files")
        #expect(lines <= Self.lineLimit, "AppCore has \(lines) lines, over \(Self.lineLimit): move what is not the app's state and launch to a module of its own")
    }
}
