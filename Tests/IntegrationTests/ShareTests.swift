import Foundation
import Testing
import Container
import Storage
import TestSupport
#if canImport(Glibc)
import Glibc
#endif

/// The share extension end to end: the real `share` and `main` executables on a temporary
/// container. share never writes a database; it queues a request and main sends it.
@Suite("share: picker, sending through main, refusals")
struct ShareTests {
    @Test("share peers: pinned first, no secret chats, search by a seeded name, both accounts listed", .timeLimit(.minutes(5)))
    func peerPicker() async throws {
        try await withSandbox("share-peers") { sandbox in
            let accountId = try await sandbox.login()
            let seeded = try await sandbox.seed(peers: 60, messages: 400)
            let chats = try await sandbox.chatList()
            let (result, listing) = try await ShareSupport.json(sandbox, ["peers"])
            #expect(result.succeeded, "\(result)")
            #expect(listing["status"] as? String == "ok")
            let peers = try #require(listing["peers"] as? [[String: Any]], "\(result)")
            let pinned = peers.map { $0["pinned"] as? Bool == true }
            #expect(pinned.prefix(while: { $0 }).count == pinned.filter { $0 }.count, "pinned chats are not first: \(result)")
            let expectedPinned = chats.filter { $0.pinned && $0.kind != "secret" && $0.title != "Deleted Account" }.map(\.peerId)
            #expect(peers.prefix(expectedPinned.count).compactMap { ShareSupport.int64($0["peerId"]) } == expectedPinned, "\(result)")
            #expect(!peers.contains { $0["kind"] as? String == "secret" }, "a secret chat is offered: \(result)")
            #expect(peers.count <= 50)
            #expect(chats.contains { $0.kind == "secret" }, "the fixture should have secret chats to leave out")

            let names = try #require(seeded["sampleNames"] as? [String])
            let name = try #require(names.first { !$0.hasPrefix("+") })
            let (searched, found) = try await ShareSupport.json(sandbox, ["peers", "--query", name])
            #expect(searched.succeeded, "\(searched)")
            #expect(found["query"] as? String == name)
            let titles = (found["peers"] as? [[String: Any]] ?? []).compactMap { $0["title"] as? String }
            #expect(titles.contains(name), "search for \"\(name)\" did not find it: \(searched)")
            #expect(titles.count <= 30)

            let accounts = try #require(listing["accounts"] as? [[String: Any]])
            #expect(accounts.count == 1 && accounts.first?["current"] as? Bool == true, "\(result)")
            let second = try await sandbox.login(phone: "+15550100002", name: "Grace Hopper")
            let (both, twoAccounts) = try await ShareSupport.json(sandbox, ["peers"])
            #expect(both.succeeded, "\(both)")
            let listed = (twoAccounts["accounts"] as? [[String: Any]] ?? [])
            #expect(Set(listed.compactMap { $0["id"] as? String }) == [String(accountId), String(second)], "\(both)")
            #expect(listed.filter { $0["current"] as? Bool == true }.compactMap { $0["id"] as? String } == [String(second)], "\(both)")
            #expect(listed.contains { $0["name"] as? String == "Grace Hopper" }, "\(both)")
            // The text form lists them too; --account picks whose chats are listed.
            let text = try await sandbox.runOK(ShareSupport.executable, ["peers", "--account=\(accountId)"])
            #expect(text.stdout.contains(String(accountId)) && text.stdout.contains(String(second)), "\(text)")
            let (firstAccount, firstListing) = try await ShareSupport.json(sandbox, ["peers", "--account=\(accountId)"])
            #expect((firstListing["peers"] as? [[String: Any]])?.count == peers.count, "\(firstAccount)")
        }
    }

    @Test("With main running: text and a PNG are sent, the chat's top message advances", .timeLimit(.minutes(5)))
    func sendWhileRunning() async throws {
        try await withSandbox("share-running") { sandbox in
            let fixture = try await NotifyFixture.make(sandbox)
            let chat = try fixture.chat("user")
            let (app, _) = try await sandbox.startMainRun()
            defer { app.kill9() }

            let (result, sent) = try await ShareSupport.json(sandbox, ["--to", "\(chat.peerId)", "--text", "share text r7Kd"])
            #expect(result.succeeded, "\(result)")
            #expect(sent["status"] as? String == "sent", "\(result)")
            let messageId = try #require(ShareSupport.int64(sent["messageId"]), "\(result)")
            #expect(ShareSupport.int64(sent["peerId"]) == chat.peerId)
            #expect((sent["requestId"] as? String)?.count == 32)
            #expect(messageId > Int64(chat.topMessageId))
            let after = try await sandbox.chatList().first { $0.peerId == chat.peerId }
            #expect(after.map { Int64($0.topMessageId) } == messageId, "main chats does not show the shared message on top")

            let directory = try ShareSupport.filesDirectory(sandbox)
            let png = NotifyPNG.make()
            try Data(png).write(toPath: directory + "/holiday.dat")   // the name says nothing; the bytes do
            let (fileResult, fileSent) = try await ShareSupport.json(sandbox, ["--to", "\(chat.peerId)", "--file", directory + "/holiday.dat",
                                                                              "--caption", "a picture"])
            #expect(fileSent["status"] as? String == "sent", "\(fileResult)")
            let fileMessageId = try #require(ShareSupport.int64(fileSent["messageId"]), "\(fileResult)")

            // A plain text send prints the documented line.
            let plain = try await sandbox.runOK(ShareSupport.executable, ["--to", "\(chat.peerId)", "--url", "https://telegram.org/blog"])
            #expect(plain.stdout.hasPrefix("sent: message ") && plain.stdout.contains("to \(chat.title)"), "\(plain)")

            app.send(SIGTERM)
            _ = try await app.wait(timeout: 30)
            let (message, mediaPath) = try ShareSupport.message(sandbox, account: fixture.accountId, peer: chat.peerId, id: Int32(fileMessageId))
            let stored = try #require(message, "the file's message is not in the Postbox")
            #expect(stored.contentKind == .image, "a PNG arrived as \(stored.contentKind)")
            #expect(stored.text == "a picture")
            // The photo, then its thumbnail; the message carries what the photo is.
            #expect(stored.mediaResourceIds.count == 2)
            if let resource = stored.mediaResourceIds.first {
                #expect(ContainerFiles.bytes(mediaPath + "/" + resource).map(Array.init) == png, "the stored file is not the PNG")
            }
            #expect(stored.extras.file?.isPhoto == true && stored.extras.file?.fileName == "holiday.dat" && stored.extras.file?.width != nil,
                    "\(stored.extras)")
            #expect(ShareSupport.pending(sandbox).isEmpty && ShareSupport.staging(sandbox).isEmpty)
        }
    }

    @Test("Files shared go as media, one message each, the caption on the first; main lists their names", .timeLimit(.minutes(5)))
    func filesGoAsMedia() async throws {
        try await withSandbox("share-media") { sandbox in
            let fixture = try await NotifyFixture.make(sandbox)
            let chat = try fixture.chat("user")
            let directory = try ShareSupport.filesDirectory(sandbox)
            try Data("%PDF-1.4 notes".utf8).write(toPath: directory + "/notes.pdf")
            try Data(NotifyPNG.make()).write(toPath: directory + "/trip.png")
            let (app, _) = try await sandbox.startMainRun()
            defer { app.kill9() }
            let (result, sent) = try await ShareSupport.json(sandbox, ["--to", "\(chat.peerId)", "--file", directory + "/trip.png",
                                                                      directory + "/notes.pdf", "--caption", "the trip"])
            #expect(sent["status"] as? String == "sent", "\(result)")
            app.send(SIGTERM)
            _ = try await app.wait(timeout: 30)

            let listed = try await sandbox.runOK(Executables.main, ["messages", "--peer", "\(chat.peerId)", "--limit", "2", "--json"])
            let rows = try #require(try JSONSerialization.jsonObject(with: Data(listed.stdout.utf8)) as? [[String: Any]])
            let media = rows.compactMap { $0["media"] as? [String: Any] }
            #expect(media.compactMap { $0["fileName"] as? String } == ["notes.pdf", "trip.png"], "\(listed.stdout)")
            #expect(media.map { $0["kind"] as? String } == ["file", "photo"])
            #expect(media.first?["mimeType"] as? String == "application/pdf" && media.first?["size"] as? Int == 14)
            #expect(rows.map { $0["text"] as? String } == ["", "the trip"])
            let text = try await sandbox.runOK(Executables.main, ["messages", "--peer", "\(chat.peerId)", "--limit", "2"])
            #expect(text.stdout.contains("notes.pdf") && text.stdout.contains("trip.png"), "\(text.stdout)")
            let top = try await sandbox.chatList().first { $0.peerId == chat.peerId }
            #expect(top.map { Int64($0.topMessageId) } == ShareSupport.int64(sent["messageId"]).map { $0 + 1 }, "\(sent)")
        }
    }

    @Test("With main not running: queued, then applied exactly once by the next writer launches", .timeLimit(.minutes(5)))
    func queuedUntilMainRuns() async throws {
        try await withSandbox("share-queued") { sandbox in
            let fixture = try await NotifyFixture.make(sandbox)
            let chat = try fixture.chat("group")
            let before = try await ShareSupport.messageCount(sandbox)

            let (result, queued) = try await ShareSupport.json(sandbox, ["--to", "\(chat.peerId)", "--text", "while you were out"])
            #expect(result.succeeded, "queued is a success: \(result)")
            #expect(queued["status"] as? String == "queued", "\(result)")
            #expect(queued["appRunning"] as? Bool == false, "\(result)")
            let requestId = try #require(queued["requestId"] as? String)
            #expect(ShareSupport.pending(sandbox) == [requestId])
            // A reader launch neither applies nor loses it.
            #expect(try await ShareSupport.messageCount(sandbox) == before)

            let text = try await sandbox.runOK(ShareSupport.executable, ["--to", "\(chat.peerId)", "--text", "second one"])
            #expect(text.stdout.contains("queued: main is not running; it will be sent when the app runs"), "\(text)")

            try await sandbox.runOK(Executables.main, ["run", "--duration", "1"])
            #expect(try await ShareSupport.messageCount(sandbox) == before + 2)
            #expect(ShareSupport.pending(sandbox).isEmpty)
            try await sandbox.runOK(Executables.main, ["settings", "--show-calls-tab", "true"])
            try await sandbox.runOK(Executables.main, ["run", "--duration", "1"])
            #expect(try await ShareSupport.messageCount(sandbox) == before + 2, "a queued share was applied twice")
            let top = try await sandbox.chatList().first { $0.peerId == chat.peerId }
            #expect(top.map(\.topMessageId) ?? 0 > chat.topMessageId)
        }
    }

    @Test("A symbolic link inside the named file's directory is followed; the type comes from the bytes", .timeLimit(.minutes(5)))
    func linkInsideDirectory() async throws {
        try await withSandbox("share-link") { sandbox in
            let fixture = try await NotifyFixture.make(sandbox)
            let chat = try fixture.chat("user")
            let directory = try ShareSupport.filesDirectory(sandbox)
            try FileManager.default.createDirectory(atPath: directory + "/old", withIntermediateDirectories: true)
            try Data(NotifyPNG.make(seed: 3)).write(toPath: directory + "/old/picture.txt")
            try FileManager.default.createSymbolicLink(atPath: directory + "/picture", withDestinationPath: "old/picture.txt")
            let (result, queued) = try await ShareSupport.json(sandbox, ["--to", "\(chat.peerId)", "--file", directory + "/picture"])
            #expect(queued["status"] as? String == "queued", "\(result)")
            try await sandbox.runOK(Executables.main, ["run", "--duration", "1"])
            let top = try #require(try await sandbox.chatList().first { $0.peerId == chat.peerId })
            let (message, _) = try ShareSupport.message(sandbox, account: fixture.accountId, peer: chat.peerId, id: top.topMessageId)
            #expect(message?.contentKind == .image, "\(String(describing: message))")
            #expect(message?.text == "")
        }
    }

    @Test("Locked app: share and share peers refuse and reveal nothing; nothing is queued", .timeLimit(.minutes(5)))
    func lockedApp() async throws {
        try await withSandbox("share-locked") { sandbox in
            let fixture = try await NotifyFixture.make(sandbox)
            let chat = try fixture.chat("user")
            try await sandbox.runOK(Executables.main, ["passcode", "set"], stdin: "1234\n")
            try await sandbox.runOK(Executables.main, ["lock"])
            let titles = fixture.chats.prefix(10).map(\.title)

            let (send, sent) = try await ShareSupport.json(sandbox, ["--to", "\(chat.peerId)", "--text", "locked words"])
            #expect(send.exitCode == 1, "\(send)")
            #expect(sent["status"] as? String == "locked", "\(send)")
            #expect(send.stderr.contains("error: the app is locked; unlock it in main first"), "\(send)")
            let byName = try await sandbox.run(ShareSupport.executable, ["--to", chat.title, "--text", "locked words"])
            #expect(byName.exitCode == 1 && byName.stderr.contains("the app is locked"), "\(byName)")

            let (peers, listing) = try await ShareSupport.json(sandbox, ["peers"])
            #expect(peers.exitCode == 1, "\(peers)")
            #expect(listing["status"] as? String == "locked" && listing["peers"] == nil, "\(peers)")
            let query = try await sandbox.run(ShareSupport.executable, ["peers", "--query", chat.title])
            #expect(query.exitCode == 1, "\(query)")
            NotifyChecks.expectAbsent(titles + [String(fixture.accountId)], in: peers, "share peers while locked")
            NotifyChecks.expectAbsent(titles, in: query, "share peers --query while locked")
            NotifyChecks.expectAbsent(titles, in: send, "share while locked")
            #expect(ShareSupport.pending(sandbox).isEmpty && ShareSupport.staging(sandbox).isEmpty)

            // Unlocked again, the same share goes into the queue.
            try await sandbox.runOK(Executables.main, ["unlock"], stdin: "1234\n")
            let (again, queued) = try await ShareSupport.json(sandbox, ["--to", "\(chat.peerId)", "--text", "unlocked words"])
            #expect(queued["status"] as? String == "queued", "\(again)")
        }
    }

    @Test("An ambiguous name lists the candidates and sends nothing (exit 3); an unknown one exits 1", .timeLimit(.minutes(5)))
    func ambiguousName() async throws {
        try await withSandbox("share-ambiguous") { sandbox in
            let fixture = try await NotifyFixture.make(sandbox, peers: 60, messages: 300)
            let word = try ShareSupport.ambiguousWord(fixture.chats)
            let (result, answer) = try await ShareSupport.json(sandbox, ["--to", word, "--text", "which one?"])
            #expect(result.exitCode == 3, "\(result)")
            #expect(answer["status"] as? String == "ambiguous", "\(result)")
            let candidates = try #require(answer["candidates"] as? [[String: Any]])
            #expect(candidates.count >= 2)
            for candidate in candidates {
                #expect(ShareSupport.int64(candidate["peerId"]) != nil && candidate["kind"] is String && candidate["title"] is String, "\(candidate)")
                #expect(candidate["kind"] as? String != "secret")
            }
            let text = try await sandbox.run(ShareSupport.executable, ["--to", word, "--text", "which one?"])
            #expect(text.exitCode == 3 && text.stdout.contains(String(ShareSupport.int64(candidates[0]["peerId"]) ?? 0)), "\(text)")

            let (missing, notFound) = try await ShareSupport.json(sandbox, ["--to", "Nobody Xyzzyplugh", "--text", "hello?"])
            #expect(missing.exitCode == 1 && notFound["status"] as? String == "notFound", "\(missing)")
            #expect(missing.stderr.hasPrefix("error: "), "\(missing)")
            #expect(ShareSupport.pending(sandbox).isEmpty && ShareSupport.staging(sandbox).isEmpty)
        }
    }

    @Test("Directories, devices, FIFOs, links out, oversize and too many files, bad text: exit 1, nothing queued", .timeLimit(.minutes(5)))
    func refusedInputs() async throws {
        try await withSandbox("share-refused") { sandbox in
            let fixture = try await NotifyFixture.make(sandbox)
            let to = ["--to", "\(try fixture.chat("user").peerId)"]
            let directory = try ShareSupport.filesDirectory(sandbox)
            let good = directory + "/good.png"
            try Data(NotifyPNG.make()).write(toPath: good)
            let fifo = directory + "/fifo"
            #expect(mkfifo(fifo, 0o600) == 0)
            try FileManager.default.createSymbolicLink(atPath: directory + "/passwd", withDestinationPath: "/etc/passwd")
            try FileManager.default.createSymbolicLink(atPath: directory + "/up", withDestinationPath: "../container")
            let big = directory + "/big.mp4"
            let fd = open(big, O_CREAT | O_WRONLY, 0o600)
            #expect(fd >= 0 && ftruncate(fd, 33 << 20) == 0)
            close(fd)

            let cases: [(String, [String], String)] = [
                ("a directory", ["--file", directory], "is a directory"),
                ("/dev/null", ["--file", "/dev/null"], "device"),
                ("a FIFO", ["--file", fifo], "FIFO"),
                ("a link to /etc/passwd", ["--file", directory + "/passwd"], "outside"),
                ("a link out of its directory", ["--file", directory + "/up"], "outside"),
                ("33 MiB", ["--file", big], "32 MiB"),
                ("a good file, then a FIFO", ["--file", good, fifo], "FIFO"),
                ("a missing file", ["--file", directory + "/nothing-here"], "no such file"),
                ("11 files", ["--file"] + Array(repeating: good, count: 11), "at most 10"),
                ("empty text", ["--text", "  "], "empty"),
                ("text over 16 KiB", ["--text", String(repeating: "é", count: 9_000)], "bytes"),
                ("not a link", ["--url", "telegram dot org"], "not a link"),
                ("an empty caption", ["--file", good, "--caption", ""], "empty"),
            ]
            for (label, args, words) in cases {
                let (result, answer) = try await ShareSupport.json(sandbox, to + args, timeout: 30)
                #expect(result.exitCode == 1, "\(label): \(result)")
                #expect(answer["status"] as? String == "refused", "\(label): \(result)")
                #expect(result.stderr.hasPrefix("error: ") && result.stderr.contains(words), "\(label): \(result)")
                #expect(ShareSupport.pending(sandbox).isEmpty, "\(label) was queued")
                #expect(ShareSupport.staging(sandbox).isEmpty, "\(label) left a draft")
            }
            #expect(!ContainerFiles.regularFiles(under: sandbox.layout.requestsPath).contains { $0.contains("file-") })

            // Usage errors are the parser's (64).
            let usage = try await sandbox.run(ShareSupport.executable, to + ["--text", "a", "--url", "https://t.me/x"])
            #expect(usage.exitCode == 64, "\(usage)")
        }
    }

    @Test("No account: share and share peers exit 1 with an error", .timeLimit(.minutes(5)))
    func noAccount() async throws {
        try await withSandbox("share-noaccount") { sandbox in
            let (peers, listing) = try await ShareSupport.json(sandbox, ["peers"])
            #expect(peers.exitCode == 1 && listing["status"] as? String == "noAccount", "\(peers)")
            #expect(peers.stderr.hasPrefix("error: "), "\(peers)")
            let (send, answer) = try await ShareSupport.json(sandbox, ["--to", "1000000", "--text", "anyone?"])
            #expect(send.exitCode == 1 && answer["status"] as? String == "noAccount", "\(send)")
            let unknown = try await sandbox.run(ShareSupport.executable, ["peers", "--account=42"])
            #expect(unknown.exitCode == 1 && unknown.stderr.contains("42"), "\(unknown)")
            #expect(ShareSupport.pending(sandbox).isEmpty)
        }
    }
}
