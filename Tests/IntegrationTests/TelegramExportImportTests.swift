import Foundation
import Testing
import Container
import Storage
import TestSupport

/// `main import telegram-export`, checked through what main and every extension then show.
@Suite("main import telegram-export")
struct TelegramExportImportTests {
    @Test("A full export of every chat type lands as chats, messages, contacts and avatars the extensions show; re-importing changes nothing",
          .timeLimit(.minutes(5)))
    func fullExport() async throws {
        try await withSandbox("import-full") { sandbox in
            try await sandbox.login(name: "Someone Else")
            let accountPeer = try await sandbox.accountPeerId()
            let export = try await sandbox.generateExport("export", ["--messages", "240", "--chats", "10"])
            let report = try await sandbox.importExport(export.path)
            #expect((report["exportUserId"] as? NSNumber)?.int64Value == export.selfId, "\(report)")
            #expect((report["accountPeerId"] as? NSNumber)?.int64Value == accountPeer, "\(report)")
            #expect(report["chats"] as? Int == export.chats.count, "\(report)")
            #expect(report["messages"] as? Int == export.messages && report["messagesAdded"] as? Int == export.messages, "\(report)")
            #expect(report["mediaFiles"] as? Int == export.int("mediaIncluded"), "\(report)")
            #expect(report["thumbnails"] as? Int == export.int("thumbnailsIncluded") && export.int("thumbnailsIncluded") > 0, "\(report)")
            #expect(report["mediaLeftOut"] as? Int == export.int("mediaLeftOut"), "\(report)")
            #expect(report["unsupportedMessages"] as? Int == export.int("unsupported"), "\(report)")
            #expect(report["contacts"] as? Int == export.contacts.count, "\(report)")
            // The account's picture (a JPEG) and every group's (PNG) and channel's (JPEG) photo.
            let photographed = export.chats.filter { !["personal_chat", "bot_chat", "saved_messages"].contains($0["type"] as? String ?? "") }
            #expect(report["avatars"] as? Int == 1 + photographed.count && report["avatarsSkipped"] as? Int == 0, "\(report)")
            // Only the export's sections this app has no place for (sessions, frequent contacts).
            let notKept = report["fieldsNotKept"] as? [String: Int] ?? [:]
            #expect(notKept.keys.allSatisfy { ["export.sessions", "export.frequent_contacts", "export.web_sessions", "export.other_data", "export.stories"].contains($0) }, "\(report)")

            // Every chat, of the right kind and name, read and unpinned; the export's Saved Messages
            // are the account's, which took the export's name.
            let chats = try await sandbox.chatList()
            #expect(export.chats.contains { $0["type"] as? String == "saved_messages" })
            #expect(!chats.contains { $0.peerId == PeerId(namespace: .cloudUser, id: export.selfId).toInt64() },
                    "the export's own user is a peer of its own: \(chats)")
            let left = export.chats.filter { $0["left"] as? Bool == true }
            #expect(left.count == 1 && report["leftChats"] as? Int == 1, "\(report)")
            for chat in export.chats where chat["left"] as? Bool != true {
                let row = try #require(chats.first { $0.peerId == export.peerId(chat, accountPeerId: accountPeer) }, "no chat for \(chat)")
                let expectedKind = ["private_group": "group", "personal_chat": "user", "bot_chat": "user", "saved_messages": "user"][chat["type"] as! String] ?? "channel"
                #expect(row.kind == expectedKind, "\(chat)")
                #expect(row.title == (chat["name"] as? String ?? "Ada Lovelace"), "\(chat)")
                #expect(row.unreadCount == 0 && !row.pinned && !row.muted, "\(row)")
                #expect(row.topMessageId == (chat["lastMessageId"] as? Int).map(Int32.init), "\(row)")
            }

            // A chat the account left (left_chats) keeps its history out of the list, as Telegram's
            // `.notIncluded`: not in the list or the widget, not found by a search over all chats,
            // but its messages are there. (A chat's own word is in each of its messages.)
            for chat in left {
                let peerId = GeneratedExport.peerId(chat)
                #expect(!chats.contains { $0.peerId == peerId }, "a left chat in the list: \(chats)")
                let history = try await sandbox.runOK(Executables.main, ["messages", "--peer", "\(peerId)", "--json"]).json(array: true)
                #expect(!history.isEmpty && history.allSatisfy { ($0["peerId"] as? NSNumber)?.int64Value ?? peerId == peerId }, "\(chat)")
                let word = try #require(chat["word"] as? String)
                let everywhere = try await sandbox.intent(["search-messages", "--query", word])
                #expect((everywhere.json["messages"] as? [[String: Any]])?.isEmpty == true, "\(everywhere.json)")
                let listedWord = try #require(export.chats.first { $0["left"] as? Bool != true && $0["type"] as? String == "private_group" }?["word"] as? String)
                let listed = try await sandbox.intent(["search-messages", "--query", listedWord])
                #expect(!((listed.json["messages"] as? [[String: Any]]) ?? []).isEmpty, "a listed chat's word: \(listed.json)")
            }

            // Messages: service lines, media kinds, left-out files, outgoing by the export's own user.
            let group = try #require(export.chats.first { $0["type"] as? String == "private_group" })
            let history = try await sandbox.runOK(Executables.main, ["messages", "--peer", "\(GeneratedExport.peerId(group))", "--json"]).json(array: true)
            let texts = history.compactMap { $0["text"] as? String }
            #expect(texts.contains { $0.hasSuffix("created the group «\(group["name"] as! String)»") }, "\(texts)")
            #expect(texts.contains("Ada Lovelace changed the group photo"), "\(texts)")
            #expect(history.contains { $0["kind"] as? String == "image" }, "\(history)")
            #expect(history.contains { $0["kind"] as? String == "voiceMessage" }, "\(history)")
            #expect(history.contains { $0["kind"] as? String == "file" }, "\(history)")
            #expect(history.contains { $0["outgoing"] as? Bool == true && ($0["authorId"] as? NSNumber)?.int64Value == accountPeer })
            #expect(!history.contains { ($0["authorId"] as? NSNumber)?.int64Value == PeerId(namespace: .cloudUser, id: export.selfId).toInt64() })

            // The widget lists imported chats.
            let timeline = try await sandbox.widgetTimeline()
            #expect(timeline.peerIds.contains { id in export.chats.contains { GeneratedExport.peerId($0) == id } }, "\(timeline.json)")
            #expect(!timeline.peerIds.contains { id in left.contains { GeneratedExport.peerId($0) == id } }, "\(timeline.json)")

            // A push for an imported channel decrypts with the channel's imported photo (a JPEG) as its avatar.
            let channel = try #require(export.chats.first { $0["type"] as? String == "private_channel" })
            let channelId = GeneratedExport.peerId(channel)
            let push = try await sandbox.sendPush(peer: channelId, text: "news from the imported channel")
            let (_, content) = try await sandbox.deliverPush(push.line)
            #expect(content.status == "delivered" && content.title == channel["name"] as? String, "\(content)")
            let avatar = try #require(content.attachments.first { $0.identifier == "avatar" }, "\(content)")
            #expect(avatar.path.contains("tg-export-\(channelId)-2"), "not the imported photo: \(avatar.path)")
            #expect(NotifyChecks.isPNG(avatar.path))

            // Siri finds an imported message.
            let found = try await sandbox.intent(["search-messages", "--query", "quasarimport"])
            let messages = found.json["messages"] as? [[String: Any]] ?? []
            #expect(messages.count == 1 && messages.first?["content"] as? String == "the quasarimport message 1", "\(found.json)")
            #expect(messages.first?["chatTitle"] as? String == export.chats[0]["name"] as? String)

            // No imported text, name or phone in plain anywhere in the container (media copies aside).
            let needles = export.sampleTexts + export.contacts.flatMap { [$0["name"] as? String ?? "", $0["phone"] as? String ?? ""] }
                + export.chats.compactMap { $0["name"] as? String }
            #expect(needles.count > 10)
            for file in ContainerFiles.regularFiles(under: sandbox.container) where !file.contains("/media/") {
                guard let bytes = ContainerFiles.bytes(sandbox.container + "/" + file) else { continue }
                for needle in needles where needle.utf8.count >= 5 {
                    #expect(bytes.range(of: Data(needle.utf8)) == nil, "\(file) holds \"\(needle)\" in plain")
                }
            }

            // The same export again: nothing new, nothing written.
            let before = try await sandbox.storeDump()
            let again = try await sandbox.importExport(export.path + "/result.json")
            #expect(again["messagesAdded"] as? Int == 0 && again["messagesUpdated"] as? Int == 0, "\(again)")
            #expect(again["messagesUnchanged"] as? Int == export.messages && again["peersWritten"] as? Int == 0, "\(again)")
            #expect(try await sandbox.storeDump() == before)

            // Imported contacts are Telegram contacts: Siri finds them by name.
            let contact = try #require(export.contacts.dropFirst().first)
            let call = try await sandbox.intent(["start-call", "--to", contact["name"] as! String])
            let recipient = call.json["recipient"] as? [String: Any]
            #expect((recipient?["peerId"] as? NSNumber)?.int64Value == (contact["userId"] as? NSNumber)?.int64Value, "\(call.json)")
        }
    }

    @Test("While main run runs, the import is handed to it and answers with its report; no progress bar off a terminal",
          .timeLimit(.minutes(5)))
    func handedToRunningApp() async throws {
        try await withSandbox("import-handoff") { sandbox in
            try await sandbox.login()
            let export = try await sandbox.generateExport("export", ["--messages", "80", "--chats", "4"])
            let (run, _) = try await sandbox.startMainRun()
            let handed = try await sandbox.runOK(Executables.main, ["import", "telegram-export", export.path, "--json"])
            #expect(try handed.json()["messagesAdded"] as? Int == export.messages, "\(handed)")
            #expect(handed.stderr.isEmpty, "\(handed)")
            // The text report, still without a terminal: no bar on stderr.
            let text = try await sandbox.runOK(Executables.main, ["import", "telegram-export", export.path + "/result.json"])
            #expect(text.stdout.contains("\(export.messages) unchanged") && text.stderr.isEmpty, "\(text)")
            try await sandbox.intentsStop(run)
            #expect(try await sandbox.chatList().count == export.chats.filter { $0["left"] as? Bool != true }.count)
        }
    }

    @Test("Handed to main run, a long import runs beside the app: its progress is published, other commands are answered meanwhile, a second import is refused, and stopping the app ends it after whole batches (exit 75); the same import again finishes it",
          .timeLimit(.minutes(10)))  // 240,000 messages twice: 382 s once in a loaded CI run
    func handedImportRunsBesideTheApp() async throws {
        try await withSandbox("import-background") { sandbox in
            try await sandbox.login()
            // Long enough that the import is still running when the commands below are answered,
            // on a loaded machine too (80,000 once finished first under a parallel test run).
            let export = try await sandbox.generateExport("big", ["--messages", "240000", "--chats", "6", "--plain"])
            let (run, _) = try await sandbox.startMainRun()
            defer { run.kill9() }
            let importing = try sandbox.start(Executables.main, ["import", "telegram-export", export.path, "--batch-size", "2000", "--json"])
            defer { importing.kill9() }

            // The app publishes how far it is beside the claimed request (byte counts only).
            let claimed = sandbox.layout.requestsPath + "/claimed"
            let progress = try await pollUntil(timeout: 60, "the import's published progress") { () -> [String: Any]? in
                for id in (try? FileManager.default.contentsOfDirectory(atPath: claimed)) ?? [] {
                    guard let bytes = FileManager.default.contents(atPath: claimed + "/" + id + "/progress"),
                          let json = try? JSONSerialization.jsonObject(with: bytes) as? [String: Any] else { continue }
                    return json
                }
                return nil
            }
            let size = try FileManager.default.attributesOfItem(atPath: export.path + "/result.json")[.size] as? Int
            #expect(progress["label"] as? String == "Importing" && progress["total"] as? Int == size, "\(progress)")
            #expect(Set(progress.keys) == ["label", "done", "total"], "\(progress)")

            // A writing command handed over meanwhile is answered while the import goes on.
            let settings = try await sandbox.runOK(Executables.main, ["settings", "--theme", "night", "--json"], timeout: 30)
            #expect(settings.stdout.contains("night"), "\(settings)")
            // A second import meanwhile is refused, to be run again (exit 75), and changes nothing.
            let second = try await sandbox.run(Executables.main, ["import", "telegram-export", export.path, "--json"], timeout: 30)
            #expect(second.exitCode == 75 && second.stderr.contains("already running a long command: importing"), "\(second)")
            #expect(importing.isRunning, "the import ended before the other commands were answered")

            // Stopping the app stops the import after its current batch: exit 75 with the reason.
            run.send(SIGTERM)
            let stopped = try await importing.wait(timeout: 60, context: "the handed-over import after main run's SIGTERM")
            #expect(stopped.exitCode == 75 && stopped.stderr.contains("main run stopped during the import"), "\(stopped)")
            let ran = try await run.wait(timeout: 30, context: "main run after SIGTERM")
            #expect(ran.exitCode == 0, "\(ran)")

            // The same import again keeps what was written and adds the rest (that this equals a
            // clean import is the kill -9 test's check).
            let rerun = try await sandbox.importExport(export.path, ["--batch-size", "2000"])
            let unchanged = rerun["messagesUnchanged"] as? Int ?? -1
            #expect(unchanged > 0 && unchanged < export.messages && unchanged + (rerun["messagesAdded"] as? Int ?? 0) == export.messages, "\(rerun)")
            #expect(rerun["messagesUpdated"] as? Int == 0, "\(rerun)")
        }
    }

    @Test("A newer export of the same account adds only what is new; a single-chat export imports alone", .timeLimit(.minutes(5)))
    func newerAndSingleChat() async throws {
        try await withSandbox("import-newer") { sandbox in
            try await sandbox.login()
            let older = try await sandbox.generateExport("older", ["--messages", "100", "--chats", "5"])
            let newer = try await sandbox.generateExport("newer", ["--messages", "200", "--chats", "5"])
            _ = try await sandbox.importExport(older.path)
            let report = try await sandbox.importExport(newer.path)
            #expect(report["messagesUnchanged"] as? Int == older.messages, "\(report)")
            #expect(report["messagesAdded"] as? Int == newer.messages - older.messages, "\(report)")
            #expect(report["messagesUpdated"] as? Int == 0, "\(report)")

            let single = try await sandbox.generateExport("single", ["--messages", "30", "--chats", "1", "--single-chat", "--seed", "4"])
            let one = try await sandbox.importExport(single.path)
            #expect(one["singleChat"] as? Bool == true && one["chats"] as? Int == 1 && one["messages"] as? Int == single.messages, "\(one)")
            let chat = try #require(single.chats.first)
            let rows = try await sandbox.chatList()
            #expect(rows.contains { $0.peerId == GeneratedExport.peerId(chat) && $0.title == chat["name"] as? String })

            // Saved Messages exported alone: no name in the file, the chat is the user its id names.
            let saved = sandbox.base + "/saved"
            try FileManager.default.createDirectory(atPath: saved, withIntermediateDirectories: true)
            try #"{"type": "saved_messages", "id": 987654, "messages": [{"id": 1, "type": "message", "date_unixtime": "1700000000", "from": "Me", "from_id": "user987654", "text": "note to self"}]}"#
                .write(toFile: saved + "/result.json", atomically: true, encoding: .utf8)
            _ = try await sandbox.importExport(saved)
            let savedRow = try #require(try await sandbox.chatList().first { $0.peerId == 987_654 })
            #expect(savedRow.title == "Saved Messages" && savedRow.kind == "user", "\(savedRow)")

            // The account's own Saved Messages exported alone: the account remembers whose export it
            // was imported from, so the chat and its sender are the account's.
            let accountPeer = try await sandbox.accountPeerId()
            let ownSaved = sandbox.base + "/own-saved"
            try FileManager.default.createDirectory(atPath: ownSaved, withIntermediateDirectories: true)
            try #"{"type": "saved_messages", "id": \#(older.selfId), "messages": [{"id": 9001, "type": "message", "date_unixtime": "1700000000", "from": "Ada Lovelace", "from_id": "user\#(older.selfId)", "text": "own note"}]}"#
                .write(toFile: ownSaved + "/result.json", atomically: true, encoding: .utf8)
            let ownReport = try await sandbox.importExport(ownSaved)
            #expect((ownReport["accountPeerId"] as? NSNumber)?.int64Value == accountPeer, "\(ownReport)")
            let note = try await sandbox.runOK(Executables.main, ["messages", "--peer", "\(accountPeer)", "--json"]).json(array: true)
            #expect(note.contains { $0["text"] as? String == "own note" && $0["outgoing"] as? Bool == true
                && ($0["authorId"] as? NSNumber)?.int64Value == accountPeer }, "\(note)")

            // Another person's export is refused for this account, naming both users, and writes
            // nothing; a second account takes it.
            let other = try await sandbox.generateExport("other", ["--messages", "20", "--chats", "2", "--self-id", "4440001", "--seed", "9"])
            let before = try await sandbox.storeDump()
            let refused = try await sandbox.run(Executables.main, ["import", "telegram-export", other.path])
            #expect(refused.exitCode == 1 && refused.stderr.contains("4440001") && refused.stderr.contains("\(older.selfId)"), "\(refused)")
            #expect(try await sandbox.storeDump() == before)
            let second = try await sandbox.login(phone: "+15550100002", name: "Grace Hopper")
            let accepted = try await sandbox.importExport(other.path, ["--account", "\(second)"])
            #expect(accepted["messagesAdded"] as? Int == other.messages, "\(accepted)")
        }
    }

    @Test("Bad input: a clear error naming the byte offset or the message, exit 1, nothing of the batch written",
          .timeLimit(.minutes(5)))
    func badInput() async throws {
        try await withSandbox("import-bad") { sandbox in
            try await sandbox.login()
            let export = try await sandbox.generateExport("export", ["--messages", "60", "--chats", "4"])
            let json = try String(contentsOfFile: export.path + "/result.json", encoding: .utf8)
            // The export's folder, media included, with another result.json.
            func variant(_ name: String, _ text: String) throws -> String {
                let dir = sandbox.base + "/" + name
                try FileManager.default.copyItem(atPath: export.path, toPath: dir)
                try FileManager.default.removeItem(atPath: dir + "/result.json")
                try text.write(toFile: dir + "/result.json", atomically: true, encoding: .utf8)
                return dir
            }
            let photo = try #require(json.range(of: #""photo": "chats/"#))
            let photoPath = String(json[photo.upperBound...].prefix { $0 != "\"" })
            try "secret".write(toFile: sandbox.base + "/outside.png", atomically: true, encoding: .utf8)
            let symlinked = try variant("symlink", json.replacingOccurrences(of: "chats/" + photoPath, with: "link.png"))
            try FileManager.default.createSymbolicLink(atPath: symlinked + "/link.png", withDestinationPath: sandbox.base + "/outside.png")
            let truncated = String(json.prefix(json.utf8.count / 2))
            let cases: [(String, String)] = [
                (try variant("truncated", truncated), "byte \(truncated.utf8.count): "),
                (try variant("notexport", #"{"hello": "world"}"#), "not a Telegram Desktop export"),
                (try variant("array", "[1, 2, 3]"), "byte 1: not a Telegram Desktop export"),
                (try variant("idrange", json.replacingOccurrences(of: #""id": 3,"#, with: #""id": 99999999999,"#)), "'id' 99999999999 is not a message id"),
                (try variant("type", json.replacingOccurrences(of: #""id": 3,\#n"#, with: #""id": "three",\#n"#)), "'id' should be an integer"),
                (try variant("dotdot", json.replacingOccurrences(of: "chats/" + photoPath, with: "../outside.png")), "leaves the export folder"),
                (try variant("absolute", json.replacingOccurrences(of: "chats/" + photoPath, with: sandbox.base + "/outside.png")), "leaves the export folder"),
                (symlinked, "leaves the export folder through a symbolic link"),
                (sandbox.base + "/no-such-folder", "no export at"),
            ]
            for (path, expected) in cases {
                let result = try await sandbox.run(Executables.main, ["import", "telegram-export", path])
                #expect(result.exitCode == 1, "\(path): \(result)")
                #expect(result.stderr.hasPrefix("error: ") && result.stderr.contains(expected), "\(path): \(result.stderr)")
                #expect(!result.stderr.contains("Fatal error"), "\(result)")
            }
            // Each export above is one batch: the failures wrote no message and no chat.
            #expect(try await sandbox.chatList().isEmpty)
            // A file the export names that is not there is a placeholder, counted, never fatal.
            let dangling = try variant("dangling", json.replacingOccurrences(of: "chats/" + photoPath, with: "chats/nowhere.jpg"))
            let report = try await sandbox.importExport(dangling)
            #expect(report["missingFiles"] as? Int == 1 && report["missingFileNames"] as? [String] == ["chats/nowhere.jpg"], "\(report)")
            // The file outside the export was never copied in.
            for file in ContainerFiles.regularFiles(under: sandbox.container) where file.contains("/media/") {
                #expect(ContainerFiles.bytes(sandbox.container + "/" + file) != Data("secret".utf8), "\(file) is the file outside the export")
            }
        }
    }

    @Test("kill -9 during a large import, then the same import again: the store equals a clean import",
          .timeLimit(.minutes(6)))
    func killedImport() async throws {
        try await withSandbox("import-kill-export") { exports in
            let export = try await exports.generateExport("big", ["--messages", "40000", "--chats", "6", "--plain"])
            // The kill must land after a first batch committed and before the last: it is timed
            // by the account's WAL (written only at a commit: a batch fits main's page cache), read
            // without starting a process, and tried again in a new container when a loaded machine
            // let the import finish first.
            var landed = false
            for attempt in 1...4 where !landed {
                try await withSandbox("import-kill-\(attempt)") { sandbox in
                    try await sandbox.login()
                    let importing = try sandbox.start(Executables.main, ["import", "telegram-export", export.path, "--batch-size", "2000"])
                    let root = sandbox.container + "/telegram-data"
                    var walSeen = false
                    for _ in 0..<4000 where !walSeen {
                        try await Task.sleep(for: .milliseconds(5))
                        walSeen = ((try? FileManager.default.contentsOfDirectory(atPath: root)) ?? [])
                            .filter { $0.hasPrefix("account-") }
                            .contains { ((try? FileManager.default.attributesOfItem(atPath: root + "/" + $0 + "/postbox/db/db_sqlite-wal"))?[.size] as? Int ?? 0) > 0 }
                    }
                    try await Task.sleep(for: .milliseconds(40))
                    importing.kill9()
                    let killed = try await importing.wait(timeout: 30)
                    let rerun = try await sandbox.importExport(export.path, ["--batch-size", "2000"])
                    let unchanged = rerun["messagesUnchanged"] as? Int ?? -1
                    #expect(unchanged + (rerun["messagesAdded"] as? Int ?? 0) == export.messages, "\(rerun)")
                    guard unchanged > 0 && unchanged < export.messages else {
                        print("import kill: attempt \(attempt) did not land mid-import (\(unchanged) of \(export.messages) already stored; exit \(killed.exitCode.map(String.init) ?? "none"))")
                        return
                    }
                    landed = true
                    let afterRerun = try await sandbox.storeDump()
                    try await withSandbox("import-clean") { clean in
                        try await clean.login()
                        _ = try await clean.importExport(export.path, ["--batch-size", "2000"])
                        #expect(try await clean.storeDump() == afterRerun)
                    }
                }
            }
            #expect(landed, "no kill landed between the first and the last batch in 4 attempts")
        }
    }
}

extension ProcessResult {
    /// stdout as a JSON array of objects.
    func json(array: Bool) throws -> [[String: Any]] {
        guard let rows = try JSONSerialization.jsonObject(with: Data(stdout.utf8)) as? [[String: Any]] else {
            throw HarnessError("stdout is not a JSON array: \(self)")
        }
        return rows
    }
}

/// An id a chat's export repeats: the later copy is kept, however far apart the two are (batches
/// apart here), and importing the same export again writes nothing; a newer export without the
/// repeat still keeps the message.
@Suite("main import telegram-export: repeated ids")
struct TelegramExportRepeatTests {
    static func export(_ messages: [(id: Int, text: String)]) -> String {
        // Dated by id: an unchanged message keeps its date in the newer export.
        let rows = messages.map { m in
            #"{"id": \#(m.id), "type": "message", "date_unixtime": "\#(1_700_000_000 + m.id * 10)", "from": "Grace", "from_id": "user42", "text": "\#(m.text)"}"#
        }
        return #"{"name": "Grace", "type": "personal_chat", "id": 42, "messages": [\#(rows.joined(separator: ","))]}"#
    }

    @Test("Repeated batches apart: the later copy kept, counted once; the same export again writes nothing",
          .timeLimit(.minutes(5)))
    func repeatsFarApart() async throws {
        try await withSandbox("import-repeats") { sandbox in
            try await sandbox.login()
            let folder = sandbox.base + "/repeats"
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            let messages = [(1, "one"), (2, "first copy"), (3, "three"), (4, "four"), (5, "five"), (2, "second copy"), (6, "six")]
            try Self.export(messages).write(toFile: folder + "/result.json", atomically: true, encoding: .utf8)
            // Batches of two: the first copy of id 2 is written two batches before the second.
            let first = try await sandbox.importExport(folder, ["--batch-size", "2"])
            #expect(first["messages"] as? Int == 6 && first["duplicateMessages"] as? Int == 1, "\(first)")
            let texts = { () async throws -> [String] in
                let rows = try await sandbox.runOK(Executables.main, ["messages", "--peer", "42", "--json"])
                return (try JSONSerialization.jsonObject(with: Data(rows.stdout.utf8)) as? [[String: Any]] ?? []).compactMap { $0["text"] as? String }
            }
            #expect(try await texts() == ["six", "five", "four", "three", "second copy", "one"])
            let again = try await sandbox.importExport(folder, ["--batch-size", "2"])
            #expect(again["messagesAdded"] as? Int == 0 && again["messagesUpdated"] as? Int == 0 && again["messagesUnchanged"] as? Int == 6, "\(again)")
            // A newer export without the repeat: the one copy it has is written.
            let newer = [(1, "one"), (2, "edited once"), (3, "three"), (4, "four"), (5, "five"), (6, "six")]
            try Self.export(newer).write(toFile: folder + "/result.json", atomically: true, encoding: .utf8)
            let third = try await sandbox.importExport(folder, ["--batch-size", "2"])
            #expect(third["messagesUpdated"] as? Int == 1 && third["duplicateMessages"] as? Int == 0, "\(third)")
            #expect(try await texts().contains("edited once"))
        }
    }
}
