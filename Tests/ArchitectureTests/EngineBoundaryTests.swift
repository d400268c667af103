import Foundation
import Testing

/// TelegramCore's engine (Sources/TelegramCore/Engine) is the one place above Postbox that reads
/// an account: the modules above it ask it typed questions and never compose a transaction
/// themselves, as Telegram iOS's screens and extensions go through TelegramEngine. The move is
/// made module by module, in two steps (no transactions of its own, then no Storage at all);
/// every module is in exactly one list below, so one that slips back (or one that could move up
/// a list) is a failure, not a silent drift.
@Suite("Engine boundary")
struct EngineBoundaryTests {
    /// Postbox itself, and the layers that build and open it: the engine, the durable halves of its
    /// use cases (Messaging's MessageActions), the bootstrap that opens accounts, the bulk writers,
    /// the server's stand-in (`main push` writes an update as AccountStateManager writes the
    /// server's), the avatar drawer it hands records to, the storage bench.
    static let belowTheEngine: Set<String> = [
        "KeyValueStore", "Storage", "TelegramCore", "Messaging", "Bootstrap", "Ingest", "PushServer", "AddressBook", "DrawingClient",
        "Executables/StorageBench",
    ]

    /// Above the engine and still opening Postbox or composing transactions on it: none is left;
    /// a module that starts to again must be listed here, as a decision.
    static let notYetMoved: Set<String> = []

    /// Goes through the engine only, but still names Postbox's types by importing Storage: none is
    /// left; every module above the engine names only the engine's types (EngineModel.swift).
    static let stillImportsStorage: Set<String> = []

    /// What composing a Postbox query by hand looks like in source.
    static let transactionMarks = ["PostboxTransaction", "postbox.read", "postbox.transaction", ".openPostbox("]

    @Test("modules above the engine neither import Storage nor compose a transaction")
    func aboveTheEngineGoesThroughIt() throws {
        let folders = try ModuleImportsTests.moduleFolders()
        let above = Set(folders).subtracting(Self.belowTheEngine).subtracting(Self.notYetMoved)
        #expect(above.contains("WidgetKitWidget") && above.contains("CommandLine/MainCommands") && above.contains("AppInterface") && above.contains("AppCore"), "\(above.sorted())")
        for folder in above.sorted() {
            let marks = Self.transactionMarks + (Self.stillImportsStorage.contains(folder) ? [] : ["import Storage"])
            for (file, text) in try Self.sources(under: folder) {
                for mark in marks where text.contains(mark) {
                    Issue.record("\(folder)/\(file) has \"\(mark)\": ask TelegramEngine instead (Sources/TelegramCore/Engine)")
                }
            }
        }
    }

    @Test("the lists of modules still to move hold only modules that still need to be there")
    func theListsOfModulesToMoveAreCurrent() throws {
        let folders = Set(try ModuleImportsTests.moduleFolders())
        let listed = Self.notYetMoved.union(Self.belowTheEngine).union(Self.stillImportsStorage)
        #expect(listed.isSubset(of: folders), "gone: \(listed.subtracting(folders).sorted())")
        #expect(Self.notYetMoved.isDisjoint(with: Self.stillImportsStorage))
        for folder in Self.notYetMoved.sorted() {
            let reads = try Self.sources(under: folder).contains { _, text in Self.transactionMarks.contains { text.contains($0) } }
            #expect(reads, "\(folder) no longer composes transactions: move it to stillImportsStorage or off the lists")
        }
        for folder in Self.stillImportsStorage.sorted() {
            let imports = try Self.sources(under: folder).contains { _, text in text.contains("import Storage") }
            #expect(imports, "\(folder) no longer imports Storage: take it off stillImportsStorage")
        }
    }

    static func sources(under folder: String) throws -> [(String, String)] {
        let root = ModuleImportsTests.sources.appendingPathComponent(folder)
        let files = FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil)?
            .compactMap { $0 as? URL }.filter { $0.pathExtension == "swift" } ?? []
        return try files.map { ($0.lastPathComponent, try String(contentsOf: $0, encoding: .utf8)) }
    }
}
