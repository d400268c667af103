import DesktopIntegration
import Container
import Glibc
import Testing

/// The desktop's side: safe names, saves that never overwrite, the opener's argument vector
/// and its detached launch, the XDG folders, mimeapps.list, the desktop entry, the in-app links.
@Suite("Desktop: files, the opener and the desktop entry")
struct DesktopFilesTests {
    private func temporaryFolder() -> String {
        var template = Array("/tmp/desktop-files-XXXXXX".utf8CString)
        let path = template.withUnsafeMutableBufferPointer { mkdtemp($0.baseAddress!) }
        return String(cString: path!)
    }

    private func write(_ text: String, to path: String) throws {
        try AtomicFile.write(Array(text.utf8), to: path)
    }

    private func read(_ path: String) throws -> String { String(decoding: try FileSystem.readFile(path), as: UTF8.self) }

    @Test func hostileNamesStayOneHarmlessComponent() {
        #expect(AttachmentFileName.safe("report.pdf", fallback: "file") == "report.pdf")
        #expect(AttachmentFileName.safe("../../etc/passwd", fallback: "file") == "_.._etc_passwd")
        #expect(AttachmentFileName.safe("..", fallback: "file") == "file")
        #expect(AttachmentFileName.safe("-rf", fallback: "file") == "rf")
        #expect(AttachmentFileName.safe("--help.txt", fallback: "file") == "help.txt")
        #expect(AttachmentFileName.safe(".bashrc", fallback: "file") == "bashrc")
        #expect(AttachmentFileName.safe("a\u{1B}[2Jb\nc\u{7F}.txt", fallback: "file") == "a[2Jbc.txt")
        #expect(AttachmentFileName.safe("invoice\u{202E}fdp.exe", fallback: "file") == "invoicefdp.exe")
        #expect(AttachmentFileName.safe("C:\\x\\y.doc", fallback: "file") == "C:_x_y.doc")
        #expect(AttachmentFileName.safe(nil, fallback: "photo.jpg") == "photo.jpg")
        let long = AttachmentFileName.safe(String(repeating: "é", count: 300) + ".pdf", fallback: "file")
        #expect(long.utf8.count <= AttachmentFileName.maximumBytes && long.hasSuffix(".pdf"))
    }

    @Test func savesNeverOverwriteAndNumberTheName() throws {
        let folder = temporaryFolder()
        defer { try? FileSystem.removeTree(folder) }
        try write("bytes", to: folder + "/source")
        let downloads = folder + "/Downloads/new"
        let first = try AttachmentFiles.save(folder + "/source", into: downloads, as: "report.pdf")
        let second = try AttachmentFiles.save(folder + "/source", into: downloads, as: "report.pdf")
        try write("mine", to: downloads + "/notes")
        let third = try AttachmentFiles.save(folder + "/source", into: downloads, as: "notes")
        #expect(first == downloads + "/report.pdf")
        #expect(second == downloads + "/report (1).pdf")
        #expect(third == downloads + "/notes (1)")
        #expect(try read(first) == "bytes" && read(second) == "bytes" && read(downloads + "/notes") == "mine")
    }

    @Test func savesRacingEachTakeTheirOwnName() async throws {
        let folder = temporaryFolder()
        defer { try? FileSystem.removeTree(folder) }
        try write(String(repeating: "x", count: 100_000), to: folder + "/source")
        let paths = try await withThrowingTaskGroup(of: String.self) { group in
            for _ in 0..<8 { group.addTask { try AttachmentFiles.save(folder + "/source", into: folder + "/out", as: "a.bin") } }
            return try await group.reduce(into: [String]()) { $0.append($1) }
        }
        #expect(Set(paths).count == 8)
        for path in paths { #expect(FileSystem.fileSize(path) == 100_000) }
    }

    @Test func theOpenerCopyIsNamedAndKeptApartByItsKey() throws {
        let folder = temporaryFolder()
        defer { try? FileSystem.removeTree(folder) }
        try write("one", to: folder + "/r1")
        try write("two", to: folder + "/r2")
        let a = try AttachmentFiles.openableCopy(folder + "/r1", in: folder + "/opened", key: "r1", as: "same.txt")
        let b = try AttachmentFiles.openableCopy(folder + "/r2", in: folder + "/opened", key: "../r2", as: "same.txt")
        #expect(a == folder + "/opened/r1/same.txt" && b.hasPrefix(folder + "/opened/") && a != b)
        #expect(try read(a) == "one" && read(b) == "two")
        #expect(try AttachmentFiles.openableCopy(folder + "/r1", in: folder + "/opened", key: "r1", as: "same.txt") == a)
    }

    @Test func theOpenerAppendsTheTargetAndRefusesOptions() throws {
        #expect(try Opener().arguments(for: "/tmp/a b.pdf") == ["xdg-open", "/tmp/a b.pdf"])
        #expect(try Opener(command: ["my opener", "--new-window"]).arguments(for: "https://x.org") == ["my opener", "--new-window", "https://x.org"])
        #expect(Opener(command: []).command == ["xdg-open"])
        #expect(throws: Opener.Failure.self) { try Opener().arguments(for: "--version") }
        #expect(throws: Opener.Failure.self) { try Opener().launch("") }
        #expect(throws: Opener.Failure.self) { try Opener(command: ["/nonexistent/opener"]).launch("/tmp/x") }
    }

    @Test func theOpenerRunsDetachedWithItsArgumentsAsWritten() throws {
        let folder = temporaryFolder()
        defer { try? FileSystem.removeTree(folder) }
        let script = folder + "/record"
        try write("#!/bin/sh\nfor a in \"$@\"; do printf '%s\\n' \"$a\"; done > \"\(folder)/argv.tmp\"\ncut -d' ' -f6 /proc/$$/stat > \"\(folder)/sid\"\nmv \"\(folder)/argv.tmp\" \"\(folder)/argv\"\n", to: script)
        chmod(script, 0o700)
        // A script just written may be busy for a moment: another test's child, forked while the
        // file was open for writing, holds it until its exec (ETXTBSY). Tried again, as Go's
        // os/exec does.
        var launched: Int32?
        for attempt in 1 ... 50 where launched == nil {
            do {
                launched = try Opener(command: [script, "one arg"]).launch("/tmp/it's $(x).pdf")
            } catch where "\(error)".contains("Text file busy") && attempt < 50 {
                usleep(10_000)
            }
        }
        let pid = try #require(launched)
        var waited = 0
        while !FileSystem.exists(folder + "/argv"), waited < 500 { usleep(10_000); waited += 1 }
        #expect(try read(folder + "/argv") == "one arg\n/tmp/it's $(x).pdf\n")
        // In a session of its own: the terminal's ^C never reaches it.
        #expect(try read(folder + "/sid").trimmingWhitespace() == "\(pid)")
    }

    @Test func downloadsComeFromTheVariableThenUserDirsThenHome() throws {
        let folder = temporaryFolder()
        defer { try? FileSystem.removeTree(folder) }
        #expect(try XDGDirectories(environment: ["HOME": "/home/ada", "XDG_DOWNLOAD_DIR": "/data/dl/"]).downloads() == "/data/dl")
        #expect(try XDGDirectories(environment: ["HOME": "/home/ada"]).downloads() == "/home/ada/Downloads")
        try write("# comment\nXDG_DESKTOP_DIR=\"$HOME/Desktop\"\nXDG_DOWNLOAD_DIR=\"$HOME/Téléchargements\"\n", to: folder + "/user-dirs.dirs")
        #expect(try XDGDirectories(environment: ["HOME": "/home/ada", "XDG_CONFIG_HOME": folder]).downloads() == "/home/ada/Téléchargements")
        #expect(try XDGDirectories(environment: ["HOME": "/home/ada", "XDG_DATA_HOME": "relative"]).dataHome() == "/home/ada/.local/share")
        #expect(throws: XDGDirectories.Unknown.self) { try XDGDirectories(environment: [:]).downloads() }
    }

    @Test func mimeAppsKeepsOtherLinesAndPutsTheEntryFirst() {
        var list = MimeAppsList(text: "[Default Applications]\ntext/html=firefox.desktop\nx-scheme-handler/tg=other.desktop;\n\n[Removed Associations]\nimage/png=gimp.desktop;\n")
        list.makeDefault("ph.telegra.Telegraph.desktop", for: "x-scheme-handler/tg")
        #expect(list.ids(for: "x-scheme-handler/tg", in: "Default Applications") == ["ph.telegra.Telegraph.desktop", "other.desktop"])
        #expect(list.ids(for: "x-scheme-handler/tg", in: "Added Associations") == ["ph.telegra.Telegraph.desktop"])
        #expect(list.text.contains("text/html=firefox.desktop\n") && list.text.contains("[Removed Associations]\nimage/png=gimp.desktop;\n"))
        let again = list.text
        list.makeDefault("ph.telegra.Telegraph.desktop", for: "x-scheme-handler/tg")
        #expect(list.text == again)
        var empty = MimeAppsList(text: "")
        empty.makeDefault("a.desktop", for: "x-scheme-handler/tg")
        #expect(empty.text == "[Default Applications]\nx-scheme-handler/tg=a.desktop;\n\n[Added Associations]\nx-scheme-handler/tg=a.desktop;\n")
    }

    @Test func theEntryRunsThisMainInATerminalForTgLinks() {
        let text = DesktopEntry(executable: "/opt/my apps/main").text
        #expect(text.contains("\nExec=\"/opt/my apps/main\" open %u\n"))
        #expect(text.contains("\nTerminal=true\n") && text.contains("\nMimeType=x-scheme-handler/tg;\n"))
        #expect(DesktopEntry(executable: "/usr/bin/main").text.contains("\nExec=/usr/bin/main open %u\n"))
        #expect(DesktopEntry(executable: "/a/$x\"b").text.contains("\nExec=\"/a/\\\\$x\\\\\"b\" open %u\n"))
    }
}
