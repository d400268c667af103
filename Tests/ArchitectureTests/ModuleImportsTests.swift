import Foundation
import Testing

/// The module graph as the code has it, read from the `import` lines: no module under Sources
/// imports Foundation (FoundationEssentials at most); Display imports no module but the standard
/// library's Synchronization, so it stays testable in memory and at the bottom of the graph; only
/// the command-line layer and the executables import ArgumentParser; and every other edge is
/// pinned below, so a new one is a decision made in this file, not a side effect.
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

    /// The standard library and the platform: allowed everywhere (Display's own rule aside).
    static let platform: Set<String> = ["FoundationEssentials", "Glibc", "Musl", "Synchronization", "Dispatch"]

    /// Each module's folder (under Sources) and the modules it may import.
    static let allowed: [String: Set<String>] = [
        "AddressBook": ["Container", "Storage"],
        "AppCore": ["AddressBook", "Bootstrap", "BroadcastIPC", "Container", "Cryptography", "Formats", "Logging", "Messaging", "PushServer", "RequestChannel", "ScreencastCall", "Ingest", "TelegramExport", "TelegramCore"],
        "AppConfiguration": ["Display", "Formats", "TOMLKit"],
        "AppInterface": ["AppConfiguration", "AppCore", "ScreencastCall", "Bootstrap", "Container", "Cryptography", "DesktopIntegration", "Display", "DrawingClient", "Formats", "Messaging", "TelegramCore", "TelegramUI", "TerminalBackend", "TerminalImages"],
        "Bootstrap": ["Container", "Cryptography", "Formats", "Logging", "Storage", "TelegramCore"],
        "BroadcastIPC": ["CSharedMemory", "Container", "Formats"],
        "BroadcastUpload": ["BroadcastIPC", "Container", "Formats"],
        "CommandLine/BroadcastCommands": ["ArgumentParser", "Bootstrap", "BroadcastIPC", "BroadcastUpload", "CommandLineSupport", "Container", "Formats"],
        "CommandLine/CommandLineSupport": ["ArgumentParser", "Bootstrap", "Container", "Formats"],
        "CommandLine/IntentsCommands": ["ArgumentParser", "Bootstrap", "CommandLineSupport", "Container", "Formats", "RequestChannel", "SiriIntents", "TelegramCore"],
        "CommandLine/MainCommands": ["AddressBook", "AppCore", "AppInterface", "ArgumentParser", "Bootstrap", "BroadcastIPC", "CommandLineSupport", "Container", "Cryptography", "DesktopIntegration", "Formats", "Ingest", "Logging", "MTProtoKit", "PushServer", "RequestChannel", "ScreencastCall", "TelegramCore", "TelegramExport"],
        "CommandLine/NotifyServiceCommands": ["ArgumentParser", "Bootstrap", "CommandLineSupport", "Container", "DrawingClient", "Formats", "NotificationService", "TelegramCore"],
        "CommandLine/ShareCommands": ["ArgumentParser", "Bootstrap", "CommandLineSupport", "Formats", "RequestChannel", "ShareExtensionContext", "TelegramCore"],
        "CommandLine/WidgetCommands": ["ArgumentParser", "Bootstrap", "CommandLineSupport", "Container", "DrawingClient", "Formats", "TelegramCore", "WidgetKitWidget"],
        "Container": ["Logging"],
        "Cryptography": ["COpenSSL", "Container"],
        "DesktopIntegration": ["Container"],
        "Display": [],
        "Drawing": ["Container", "Formats"],
        "DrawingClient": ["Container", "Cryptography", "Drawing", "Formats", "Storage"],
        "Executables/BroadcastExtension": ["ArgumentParser", "Bootstrap", "BroadcastCommands", "BroadcastUpload", "CommandLineSupport", "Container"],
        "Executables/DisplayBench": ["Display"],
        "Executables/DisplayDemo": ["Display", "TerminalBackend"],
        "Executables/HelloReference": [],
        "Executables/HelloReferenceStatic": [],
        "Executables/IntentsExtension": ["ArgumentParser", "Bootstrap", "CommandLineSupport", "Container", "IntentsCommands", "SiriIntents"],
        "Executables/MainApp": ["AppCore", "Bootstrap", "CommandLineSupport", "MainCommands"],
        "Executables/NotifyServiceExtension": ["ArgumentParser", "Bootstrap", "CommandLineSupport", "Container", "NotificationService", "NotifyServiceCommands"],
        "Executables/ShareExtension": ["ArgumentParser", "Bootstrap", "CommandLineSupport", "Container", "ShareCommands", "ShareExtensionContext"],
        "Executables/StorageBench": ["AppCore", "ArgumentParser", "Bootstrap", "CommandLineSupport", "Container", "Formats", "Messaging", "Storage"],
        "Executables/WidgetExtension": ["ArgumentParser", "Bootstrap", "CommandLineSupport", "Container", "WidgetCommands", "WidgetKitWidget"],
        "Formats": ["Container", "Cryptography"],
        "Ingest": ["Container", "Storage", "TelegramExport"],
        "Messaging": ["Container", "DrawingClient", "RequestChannel", "Storage"],
        "NotificationService": ["Bootstrap", "Container", "Cryptography", "DesktopNotifications", "DrawingClient", "Formats", "Logging", "RequestChannel", "TelegramCore"],
        "PushServer": ["Container", "Cryptography", "Formats", "Messaging", "Storage"],
        "DesktopNotifications": ["CDBus"],
        "RequestChannel": ["Container", "Cryptography", "Formats", "Logging"],
        "ScreencastCall": ["BroadcastIPC", "Container", "Formats", "Logging"],
        "ShareExtensionContext": ["Bootstrap", "Container", "Formats", "RequestChannel", "TelegramCore"],
        "SiriIntents": ["Bootstrap", "Container", "Cryptography", "Formats", "RequestChannel", "TelegramCore"],
        "KeyValueStore": ["CSQLite", "Container", "Cryptography"],
        "Storage": ["Container", "Cryptography", "Formats", "KeyValueStore"],
        "TLSerialization": ["CZlib"],
        "TelegramApi": ["TLSerialization"],
        "TelegramCore": ["Container", "Cryptography", "Formats", "KeyValueStore", "Logging", "Messaging", "MTProtoKit", "RequestChannel", "Storage", "TLSerialization", "TelegramApi"],
        "MTProtoKit": ["COpenSSL", "Container", "Cryptography", "Logging", "TLSerialization", "TelegramApi"],
        "TelegramExport": ["CYajl"],
        "TelegramUI": ["Container", "Display", "Formats"],
        "TerminalBackend": ["CNcursesw", "Display"],
        "TerminalImages": ["CChafa", "Display"],
        "WidgetKitWidget": ["Bootstrap", "Container", "Cryptography", "DrawingClient", "Formats", "TelegramCore"],
    ]

    /// Every folder that holds a module's Swift files, relative to Sources.
    static func moduleFolders() throws -> [String] {
        var folders: [String] = []
        for parent in ["", "CommandLine/", "Executables/"] {
            let url = sources.appendingPathComponent(parent)
            for name in try FileManager.default.contentsOfDirectory(atPath: url.path).sorted() where !["CommandLine", "Executables"].contains(name) {
                let files = FileManager.default.enumerator(at: url.appendingPathComponent(name), includingPropertiesForKeys: nil)?
                    .compactMap { $0 as? URL }.filter { $0.pathExtension == "swift" } ?? []
                if !files.isEmpty { folders.append(parent + name) }
            }
        }
        return folders
    }

    @Test func everyImportIsAPinnedEdge() throws {
        let folders = try Self.moduleFolders()
        #expect(Set(folders) == Set(Self.allowed.keys), "modules not pinned, or pinned and gone: \(Set(folders).symmetricDifference(Self.allowed.keys).sorted())")
        for folder in folders {
            let allowed = (Self.allowed[folder] ?? []).union(Self.platform)
            let extra = Set(try Self.imports(under: folder).map(\.module)).subtracting(allowed)
            #expect(extra.isEmpty, "\(folder) imports \(extra.sorted()): pin the edge here if it is meant")
        }
    }

    @Test func onlyTheCommandLineLayerAndExecutablesImportArgumentParser() throws {
        for folder in try Self.moduleFolders() where !folder.hasPrefix("CommandLine/") && !folder.hasPrefix("Executables/") {
            let found = try Self.imports(under: folder).filter { $0.module == "ArgumentParser" }
            #expect(found.isEmpty, "\(folder): \(found)")
        }
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
