import Foundation
import Testing

/// The executables as they ship (issue 15, docs/linking.md): the Swift runtime, libcrypto and
/// libsqlite3 linked in, Drawing's C libraries loaded only by a process that draws, and never a
/// second Swift runtime. Checked on the very binaries every other integration test spawns.
@Suite("How the executables link and load")
struct LinkingTests {
    /// Shared libraries no executable may name: the Swift runtime and its C++ library (static),
    /// the databases' and crypto's libraries (static), and drawing's (loaded on first use).
    static let forbidden = ["libswiftCore", "libFoundationEssentials", "libswift_Concurrency", "libdispatch", "libstdc++",
                            "libcrypto", "libsqlite3", "libyajl", "libcairo", "libfreetype", "libfontconfig", "libpixman", "libjpeg"]

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

    @Test("Cairo is loaded by a process that draws and by no other", .timeLimit(.minutes(2)))
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

    @Test("Without Cairo a picture fails with a clear error, not a crash", .timeLimit(.minutes(2)))
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
