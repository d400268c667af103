import Foundation
import Testing
import TestSupport

/// The executables as they ship (docs/linking.md): the Swift runtime, libcrypto and
/// libsqlite3 linked in, Drawing's C libraries loaded only by a process that draws, and never a
/// second Swift runtime. Checked on the very binaries every other integration test spawns.
@Suite("How the executables link and load")
struct LinkingTests {
    /// Shared libraries no executable may name: the Swift runtime and its C++ library (static),
    /// the databases' and crypto's libraries (static), and drawing's (loaded on first use).
    static let forbidden = ["libswiftCore", "libFoundationEssentials", "libswift_Concurrency", "libdispatch", "libstdc++",
                            "libcrypto", "libsqlite3", "libyajl", "libdbus", "libsystemd", "libcairo", "libfreetype", "libfontconfig", "libpixman", "libjpeg", "libwebp", "libgif"]

    @Test("No executable loads the Swift runtime, OpenSSL, SQLite, yajl or Cairo as shared libraries at start")
    func sharedLibrariesAtStart() async throws {
        try Executables.requireBuilt()
        let sandbox = try Sandbox("linking")
        defer { sandbox.remove() }
        for name in Executables.all {
            let result = try await sandbox.spawnRaw("/usr/bin/ldd", [Executables.path(name)], label: "ldd-\(name)").wait(timeout: 30)
            #expect(result.exitCode == 0, "\(result)")
            let libraries = result.stdout.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
            #expect(!libraries.isEmpty)
            for library in libraries {
                #expect(!Self.forbidden.contains { library.hasPrefix($0) }, "\(name) links \(library)")
            }
        }
    }

    /// The text's layout (docs/linking.md, "Laying out the text"): relative relocations packed,
    /// and the functions of Linking/order/<executable>.order together at the start of the text.
    /// Most of the order's symbols exist in this build too (a debug build lacks its specialisations
    /// only), so a file left stale by a large change to the start-up paths fails here as well.
    @Test("Every executable packs its relocations and starts its text with the functions of its order file")
    func textLayout() async throws {
        try Executables.requireBuilt()
        let sandbox = try Sandbox("linking-layout")
        defer { sandbox.remove() }
        let orderFolder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../../Linking/order").standardized.path
        for name in Executables.all {
            let binary = Executables.path(name)
            let sections = try await sandbox.spawnRaw("/usr/bin/readelf", ["-SW", binary], label: "readelf-\(name)").wait(timeout: 30)
            #expect(sections.stdout.contains(".relr.dyn"), "\(name) has no packed relocations (.relr.dyn)")
            let text = try #require(sections.stdout.split(separator: "\n").first { $0.contains(" .text ") }
                .map { $0.split(separator: "]")[1].split(separator: " ") }, "\(name) has no .text")
            let (start, size) = (UInt64(text[2], radix: 16) ?? 0, UInt64(text[4], radix: 16) ?? 0)
            let symbols = try await sandbox.spawnRaw("/usr/bin/nm", ["--defined-only", binary], label: "nm-\(name)").wait(timeout: 60)
            var addresses: [Substring: UInt64] = [:]
            for line in symbols.stdout.split(separator: "\n") {
                let fields = line.split(separator: " ")
                if fields.count == 3, "tTwW".contains(fields[1]) { addresses[fields[2]] = UInt64(fields[0], radix: 16) }
            }
            let order = try String(contentsOfFile: orderFolder + "/\(name).order", encoding: .utf8).split(separator: "\n")
            let placed = order.compactMap { addresses[$0] }
            #expect(placed.count * 5 >= order.count * 4, "\(name): only \(placed.count) of the \(order.count) functions of its order file exist; rerun Scripts/order-files")
            // Unordered, they spread over the whole text; ordered, they fill about its first 40 %
            // (objects without a section per function move whole). A few that the file names
            // since this binary was linked may lie anywhere, hence a quantile, not the last.
            let sorted = placed.sorted()
            try #require(!sorted.isEmpty, "\(name) defines none of its order file's functions")
            let p95 = sorted[sorted.count * 95 / 100]
            #expect(size > 0 && p95 - start < size / 2,
                    "\(name): 5 % of its ordered functions lie past \(p95 - start) of \(size) bytes of text, not in its first half")
        }
    }

    @Test("yajl (the export reader's JSON parser) is linked into main and into no extension")
    func yajlInMainOnly() throws {
        try Executables.requireBuilt()
        // One of yajl's own error messages: present exactly where its lexer is linked.
        let marker = Data("invalid char in json text".utf8)
        for name in Executables.all {
            let binary = try Data(contentsOf: URL(fileURLWithPath: Executables.path(name)))
            #expect((binary.range(of: marker) != nil) == (name == Executables.main), "\(name)")
        }
    }

    @Test("libdbus-1 (the desktop's notifications) is linked statically into notify-service and into no other executable")
    func dbusInNotifyServiceOnly() throws {
        try Executables.requireBuilt()
        // A string of libdbus's own (its bus-address environment variable for activated services).
        let marker = Data("DBUS_STARTER_ADDRESS".utf8)
        for name in Executables.all {
            let binary = try Data(contentsOf: URL(fileURLWithPath: Executables.path(name)))
            #expect((binary.range(of: marker) != nil) == (name == NotifyService.executable), "\(name)")
        }
    }

    @Test("Cairo is loaded by a process that draws and by no other", .timeLimit(.minutes(5)))
    func drawingLoadsOnFirstUse() async throws {
        try await withSandbox("linking-draw") { sandbox in
            _ = try await NotifyFixture.make(sandbox)
            // The dynamic loader names every library it loads, dlopen'd ones included.
            let trace = ["LD_DEBUG": "files"]
            let timeline = try await sandbox.runOK(Widget.executable, ["timeline", "--json"], env: trace)
            #expect(!timeline.stderr.contains("libcairo"), "widget timeline loaded Cairo:\n\(ProcessResult.clip(timeline.stderr))")
            let bootstrap = try await sandbox.runOK(NotifyService.executable, ["bootstrap", "--json"], env: trace)
            #expect(!bootstrap.stderr.contains("libcairo"), "a bootstrap loaded Cairo")
            let render = try await sandbox.runOK(Widget.executable, ["render", "--out", sandbox.io + "/w.png", "--json"], env: trace)
            #expect(render.stderr.contains("file=libcairo.so.2"), "widget render did not load Cairo:\n\(ProcessResult.clip(render.stderr))")
            #expect(NotifyChecks.isPNG(sandbox.io + "/w.png"))
            #expect(!render.stderr.contains("libswiftCore"), "a drawing process loaded a Swift runtime")
        }
    }

    @Test("Without Cairo a picture fails with a clear error, not a crash", .timeLimit(.minutes(5)))
    func drawingWithoutCairo() async throws {
        try await withSandbox("linking-nocairo") { sandbox in
            _ = try await NotifyFixture.make(sandbox)
            let result = try await sandbox.run(Widget.executable, ["render", "--out", sandbox.io + "/w.png"],
                                               env: ["TELEGRAM_CAIRO_LIBRARY": "/nonexistent/libcairo.so.2"])
            #expect(result.exitCode == 1, "\(result)")
            #expect(result.stderr.contains("cannot load /nonexistent/libcairo.so.2"), "\(result)")
        }
    }
}
