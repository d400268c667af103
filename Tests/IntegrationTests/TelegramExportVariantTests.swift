import Foundation
import Testing
import Storage
import TestSupport

/// Every variant Telegram Desktop's JSON writer wrote between 2018 and 2026 imports
/// whole. Scripts/gen_telegram_export.py --variants --era YEAR writes what that year's writer wrote
/// (its docstring names the tdesktop commit of each era) and lists, for every message, what
/// `main messages --json` must show for it; these tests import it with the real `main` and compare.
@Suite("main import telegram-export: every era and variant Telegram Desktop wrote")
struct TelegramExportVariantTests {
    /// The exporting machine's zone the generator writes local dates in (its default).
    static let zone = "Europe/Berlin"
    static let eras = [2018, 2019, 2020, 2021, 2022, 2024, 2026]

    @Test("An export of each era imports whole: every message with what the export says of it, each chat under its Telegram peer, true Unix times from local dates, and a second import writes nothing",
          .timeLimit(.minutes(5)), arguments: eras)
    func era(_ year: Int) async throws {
        try await withSandbox("variants-\(year)") { sandbox in
            let (export, report, accountPeer) = try await sandbox.importVariants(era: year, name: "Someone Else")

            #expect(report["singleChat"] as? Bool == false && report["exporterUnknown"] as? Bool == false, "\(report)")
            #expect(report["timeZone"] as? String == Self.zone, "\(report)")
            #expect(report["chats"] as? Int == export.chats.count && report["leftChats"] as? Int == 1, "\(report)")
            #expect(report["duplicateMessages"] as? Int == export.int("duplicates") && export.int("duplicates") == 1, "\(report)")
            #expect(report["unsupportedMessages"] as? Int == export.int("unsupported"), "\(report)")
            #expect(report["contacts"] as? Int == export.contacts.count, "\(report)")
            #expect(report["deviceContacts"] as? Int == export.deviceContacts.count, "\(report)")
            #expect(report["missingFiles"] as? Int == export.missingFiles.count, "\(report)")
            #expect(Set(report["missingFileNames"] as? [String] ?? []) == Set(export.missingFiles), "\(report)")
            let localDates = report["localDates"] as? Int ?? -1
            if year < 2022 {
                // Every message was dated from its local `date` alone (a repeated id counted once or twice).
                #expect([export.int("messageObjects"), export.messages].contains(localDates), "\(report)")
            } else {
                #expect(localDates == 0, "\(report)")
            }
            if year >= 2019 {
                #expect((report["exportUserId"] as? NSNumber)?.int64Value == export.selfId, "\(report)")
            }
            if year >= 2019 {
                #expect((report["accountPeerId"] as? NSNumber)?.int64Value == accountPeer, "\(report)")
            }

            // The chat list: every listed chat of the export and nothing else; the personal chat
            // is its other member's (Alan Turing, user 200002) in every era that writes ids.
            let chats = try await sandbox.chatList()
            let listed = export.chats.filter { $0["left"] as? Bool != true }
            #expect(chats.count == listed.count, "\(chats.map { ($0.peerId, $0.title) })")
            if year >= 2019 {
                let expected = Set(listed.compactMap { export.peerId($0, accountPeer: accountPeer, in: chats) })
                #expect(Set(chats.map(\.peerId)) == expected, "\(chats.map { ($0.peerId, $0.title) }) vs \(expected)")
                #expect(chats.contains { $0.peerId == 200_002 && $0.kind == "user" && $0.title == "Alan Turing" }, "\(chats)")
            } else {
                #expect(chats.contains { $0.title == "Alan Turing" && $0.kind == "user" }, "\(chats)")
            }

            // Every message, as the export carries it.
            let problems = try await sandbox.compare(export, accountPeer: accountPeer, exporter: .known(accountPeer))
            #expect(problems.count == 0, "\(VariantMatch.digest(problems))")

            // The same export again: nothing new, nothing written.
            let before = try await sandbox.storeDump()
            try await sandbox.reimportChangesNothing(export)
            #expect(try await sandbox.storeDump() == before)
        }
    }

    @Test("The same person's chat is one chat whichever era's ids name it (bare numbers, shifted PeerIds, strings)",
          .timeLimit(.minutes(5)))
    func samePersonAcrossEras() async throws {
        try await withSandbox("variants-same-person") { sandbox in
            try await sandbox.login()
            let accountPeer = try await sandbox.accountPeerId()
            var expected = Set<Int64>()
            for year in [2026, 2019, 2020, 2021] {
                let export = try await sandbox.generateVariants("export-\(year)", era: year)
                _ = try await sandbox.importExport(export.path, ["--time-zone", Self.zone])
                let chats = try await sandbox.chatList()
                for chat in export.chats where chat["left"] as? Bool != true {
                    if let peer = export.peerId(chat, accountPeer: accountPeer, in: chats) { expected.insert(peer) }
                }
            }
            let chats = try await sandbox.chatList()
            #expect(chats.filter { $0.peerId == 200_002 }.count == 1, "\(chats.map { ($0.peerId, $0.title) })")
            #expect(Set(chats.map(\.peerId)) == expected, "\(chats.map { ($0.peerId, $0.title) }) vs \(expected)")
            // None under tdesktop's old PeerId (1<<32 | id, 2<<32 | id) read as a bare id or as packed
            // (2<<32 | a channel's id is that channel's packed id: the one coincidence that is right).
            let wrong: [Int64] = [
                4_294_967_296 + 200_002, PeerId(namespace: .cloudUser, id: 4_294_967_296 + 200_002).toInt64(),
                8_589_934_592 + 400_001, PeerId(namespace: .cloudGroup, id: 8_589_934_592 + 400_001).toInt64(),
                PeerId(namespace: .cloudChannel, id: 8_589_934_592 + 1_500_000_001).toInt64(),
            ]
            for id in wrong {
                #expect(!chats.contains { $0.peerId == id }, "a chat under \(id): \(chats)")
            }
        }
    }

    @Test("Local dates read in the zone given (an IANA name, an offset, UTC) or else the machine's",
          .timeLimit(.minutes(5)))
    func localDatesFollowTheZone() async throws {
        try await withSandbox("variants-zone-export") { exports in
            let export = try await exports.generateVariants("export", era: 2021)
            let alan = try #require(export.chats.first { $0["key"] as? String == "alan" })
            let first = try #require(export.expectation("alan", 1))
            let truth = try #require((first["timestamp"] as? NSNumber)?.int64Value)
            // Berlin in March is UTC+1: the same wall clock read as UTC is an hour later.
            let cases: [(String, [String], [String: String], Int64, String?)] = [
                ("berlin", ["--time-zone", "Europe/Berlin"], [:], truth, "Europe/Berlin"),
                ("utc", ["--time-zone", "UTC"], [:], truth + 3600, nil),
                ("offset", ["--time-zone", "+01:00"], [:], truth, nil),
                ("tokyo", ["--time-zone", "Asia/Tokyo"], [:], truth - 8 * 3600, "Asia/Tokyo"),
                ("machine", [], ["TZ": "America/New_York"], truth + 5 * 3600, "America/New_York"),
            ]
            for (label, arguments, env, timestamp, name) in cases {
                try await withSandbox("variants-zone-\(label)") { sandbox in
                    try await sandbox.login()
                    let result = try await sandbox.runOK(Executables.main, ["import", "telegram-export", export.path, "--json"] + arguments, env: env)
                    let report = try result.json()
                    if let name { #expect(report["timeZone"] as? String == name, "\(label): \(report)") }
                    #expect(report["localDates"] as? Int ?? 0 > 0, "\(label): \(report)")
                    let rows = try await sandbox.messages(try #require((alan["peerId"] as? NSNumber)?.int64Value))
                    let row = rows.first { ($0["id"] as? NSNumber)?.intValue == 1 }
                    #expect((row?["timestamp"] as? NSNumber)?.int64Value == timestamp, "\(label): \(String(describing: row))")
                }
            }
        }
    }

    @Test("Files the export names but lacks are placeholders, counted and named, never fatal; a second import changes nothing",
          .timeLimit(.minutes(5)), arguments: [2018, 2026])
    func missingFiles(_ year: Int) async throws {
        try await withSandbox("variants-missing-\(year)") { sandbox in
            let (export, report, accountPeer) = try await sandbox.importVariants(era: year)
            #expect(export.missingFiles.count == 5 && export.missingFiles.contains { $0.hasPrefix("profile_pictures/") })
            #expect(report["missingFiles"] as? Int == export.missingFiles.count, "\(report)")
            #expect(Set(report["missingFileNames"] as? [String] ?? []) == Set(export.missingFiles), "\(report)")
            let chats = try await sandbox.chatList()
            let alan = try #require(export.chats.first { $0["key"] as? String == "alan" })
            let rows = try await sandbox.messages(try #require(export.peerId(alan, accountPeer: accountPeer, in: chats)))
            func media(_ text: String) -> [String: Any]? {
                let id = export.expect.first { ($0["chat"] as? String) == "alan" && (($0["row"] as? [String: Any])?["text"] as? String) == text }?["id"]
                return rows.first { ($0["id"] as? NSNumber)?.intValue == (id as? NSNumber)?.intValue }?["media"] as? [String: Any]
            }
            let lost = media("a photo the export names but lost")
            #expect(lost?["kind"] as? String == "photo" && lost?["included"] as? Bool == false && lost?["missing"] as? Bool == true, "\(String(describing: lost))")
            let voices = rows.compactMap { $0["media"] as? [String: Any] }.filter { $0["kind"] as? String == "voice_message" }
            #expect(voices.count == 2 && voices.contains { $0["missing"] as? Bool == true } && voices.contains { $0["included"] as? Bool == true }, "\(voices)")
            // A sticker whose thumbnail alone is missing still has its file.
            let stickers = rows.compactMap { $0["media"] as? [String: Any] }.filter { $0["kind"] as? String == "sticker" }
            #expect(stickers.count == 2 && stickers.allSatisfy { $0["included"] as? Bool == true && $0["missing"] == nil }, "\(stickers)")
            let before = try await sandbox.storeDump()
            let again = try await sandbox.reimportChangesNothing(export)
            #expect(again["missingFiles"] as? Int == export.missingFiles.count, "\(again)")
            #expect(try await sandbox.storeDump() == before)
        }
    }

    @Test("Contacts with a Telegram id are contacts; those with user_id 0 (2019–2020) or none (2018, 2021 on) are device contacts; an empty one is dropped",
          .timeLimit(.minutes(5)), arguments: [2018, 2019, 2020, 2021, 2026])
    func contactsWithoutTelegramIds(_ year: Int) async throws {
        try await withSandbox("variants-contacts-\(year)") { sandbox in
            let (export, report, _) = try await sandbox.importVariants(era: year)
            #expect(report["contacts"] as? Int == export.contacts.count, "\(report)")
            #expect(report["deviceContacts"] as? Int == export.deviceContacts.count, "\(report)")
            #expect(export.deviceContacts.contains { $0["name"] as? String == "Dentist Office" })
            let listing = try await sandbox.runOK(Executables.main, ["contacts", "--json"]).json(array: true)
            func digits(_ s: String) -> String { s.filter(\.isNumber) }
            func entry(_ name: String) -> [String: Any]? { listing.first { $0["name"] as? String == name } }
            let dentist = entry("Dentist Office")
            #expect(dentist != nil && !(dentist?["peerId"] is NSNumber), "\(listing)")
            let phones = (dentist?["phones"] as? [String] ?? []).map(digits)
            #expect(phones.contains("49301234567"), "\(listing)")
            // Contacts with a Telegram id are Telegram contacts, not device ones: Siri calls them by name.
            for contact in export.contacts {
                let name = contact["name"] as? String ?? ""
                #expect(!listing.contains { $0["name"] as? String == name && !($0["peerId"] is NSNumber) }, "\(name): \(listing)")
                let userId = (contact["userId"] as? NSNumber)?.int64Value ?? 0
                let call = try await sandbox.intent(["start-call", "--to", name])
                let recipient = call.json["recipient"] as? [String: Any]
                #expect((recipient?["peerId"] as? NSNumber)?.int64Value == PeerId(namespace: .cloudUser, id: userId).toInt64(), "\(name): \(call.json)")
            }
            // The entry with no name and no phone (tdesktop writes its date alone) is nobody.
            #expect(!listing.contains { ($0["name"] as? String ?? "").trimmingCharacters(in: .whitespaces).isEmpty }, "\(listing)")
        }
    }

    @Test("The same id twice in one chat: the later one is the message, counted once as a duplicate; a second import changes nothing",
          .timeLimit(.minutes(5)), arguments: [2019, 2026])
    func repeatedIds(_ year: Int) async throws {
        try await withSandbox("variants-duplicates-\(year)") { sandbox in
            let (export, report, accountPeer) = try await sandbox.importVariants(era: year)
            #expect(report["duplicateMessages"] as? Int == 1, "\(report)")
            let chats = try await sandbox.chatList()
            let alan = try #require(export.chats.first { $0["key"] as? String == "alan" })
            let rows = try await sandbox.messages(try #require(export.peerId(alan, accountPeer: accountPeer, in: chats)))
            let repeated = rows.filter { ($0["text"] as? String ?? "").hasSuffix("version of a repeated id") }
            #expect(repeated.count == 1 && repeated.first?["text"] as? String == "second version of a repeated id", "\(repeated)")
            #expect(rows.count == alan["messages"] as? Int && Set(rows.compactMap { ($0["id"] as? NSNumber)?.intValue }).count == rows.count)
            try await sandbox.reimportChangesNothing(export)
            let after = try await sandbox.messages(try #require(export.peerId(alan, accountPeer: accountPeer, in: chats)))
            #expect(after.contains { $0["text"] as? String == "second version of a repeated id" }, "\(after)")
        }
    }

    @Test("A supergroup's history from before it was one keeps its negative ids (kMigratedMessagesIdShift), with replies and pins to them",
          .timeLimit(.minutes(5)), arguments: [2020, 2026])
    func migratedGroupHistory(_ year: Int) async throws {
        try await withSandbox("variants-migrated-\(year)") { sandbox in
            let (export, _, _) = try await sandbox.importVariants(era: year)
            let rows = try await sandbox.messages(PeerId(namespace: .cloudChannel, id: 1_500_000_001).toInt64())
            func row(_ id: Int) -> [String: Any]? { rows.first { ($0["id"] as? NSNumber)?.intValue == id } }
            let ids = rows.compactMap { ($0["id"] as? NSNumber)?.intValue }
            #expect(Set(ids.filter { $0 < 0 }) == Set((-999_999_999)...(-999_999_994)), "\(ids)")
            #expect(((row(-999_999_996)?["replyTo"] as? [String: Any])?["id"] as? NSNumber)?.intValue == -999_999_997, "\(rows)")
            let pin = row(-999_999_995)?["service"] as? [String: Any]
            #expect(pin?["action"] as? String == "pin_message" && (pin?["message_id"] as? NSNumber)?.intValue == -999_999_997, "\(String(describing: pin))")
            #expect((row(-999_999_994)?["service"] as? [String: Any])?["action"] as? String == "migrate_to_supergroup")
            let from = row(1)?["service"] as? [String: Any]
            #expect(from?["action"] as? String == "migrate_from_group" && from?["title"] as? String == "Engines Group", "\(String(describing: from))")
            // Oldest first by date: the old group's history precedes the supergroup's.
            let oldest = try #require(rows.min { ($0["timestamp"] as? NSNumber)?.int64Value ?? 0 < ($1["timestamp"] as? NSNumber)?.int64Value ?? 0 })
            #expect((oldest["id"] as? NSNumber)?.intValue == -999_999_999, "\(oldest)")
            try await sandbox.reimportChangesNothing(export)
        }
    }

    @Test("A single-chat export of a group (no personal_information) without --me: the exporter is unknown and every message incoming",
          .timeLimit(.minutes(5)), arguments: [2020, 2026])
    func singleGroupWithoutMe(_ year: Int) async throws {
        try await withSandbox("variants-single-\(year)") { sandbox in
            let (export, report, accountPeer) = try await sandbox.importVariants(era: year, generator: ["--single-chat", "--chat", "chess"])
            let json = try String(contentsOfFile: export.path + "/result.json", encoding: .utf8)
            #expect(!json.contains("personal_information") && json.hasPrefix("{\n \"name\": \"Chess Club\""))
            #expect(report["singleChat"] as? Bool == true && report["exporterUnknown"] as? Bool == true, "\(report)")
            #expect(report["chats"] as? Int == 1, "\(report)")
            let group = PeerId(namespace: .cloudGroup, id: 400_001).toInt64()
            let chats = try await sandbox.chatList()
            #expect(chats.map(\.peerId) == [group] && chats.first?.title == "Chess Club", "\(chats)")
            let rows = try await sandbox.messages(group)
            #expect(!rows.isEmpty && rows.allSatisfy { $0["outgoing"] as? Bool == false }, "\(rows.filter { $0["outgoing"] as? Bool != false })")
            // The exporter's messages are another user's: Ada's own peer, not the account's.
            let problems = try await sandbox.compare(export, accountPeer: accountPeer, exporter: .unknown)
            #expect(problems.count == 0, "\(VariantMatch.digest(problems))")
            try await sandbox.reimportChangesNothing(export)
        }
    }

    @Test("A single-chat export of a one-to-one chat without --me: its exporter is the sender who is not the chat; their messages are the account's, outgoing",
          .timeLimit(.minutes(5)), arguments: [2020, 2021, 2026])
    func singlePersonalChatInfersTheExporter(_ year: Int) async throws {
        try await withSandbox("variants-single-personal-\(year)") { sandbox in
            let (export, report, accountPeer) = try await sandbox.importVariants(era: year, generator: ["--single-chat"])
            let json = try String(contentsOfFile: export.path + "/result.json", encoding: .utf8)
            #expect(!json.contains("personal_information") && json.hasPrefix("{\n \"name\": \"Alan Turing\""))
            #expect(report["singleChat"] as? Bool == true && report["exporterUnknown"] as? Bool == false, "\(report)")
            let chats = try await sandbox.chatList()
            #expect(chats.map(\.peerId) == [200_002] && chats.first?.title == "Alan Turing", "\(chats)")
            let problems = try await sandbox.compare(export, accountPeer: accountPeer, exporter: .known(accountPeer))
            #expect(problems.count == 0, "\(VariantMatch.digest(problems))")
            try await sandbox.reimportChangesNothing(export)
        }
    }

    @Test("A single-chat export of a group with --me (an id, user<id> or the name the export writes): the exporter's messages are the account's, outgoing",
          .timeLimit(.minutes(5)), arguments: [(2026, "5550001"), (2026, "user5550001"), (2026, "Ada Lovelace"), (2020, "5550001"), (2021, "Ada Lovelace")])
    func singleGroupWithMe(_ year: Int, _ me: String) async throws {
        try await withSandbox("variants-single-me-\(year)") { sandbox in
            let (export, report, accountPeer) = try await sandbox.importVariants(era: year, generator: ["--single-chat", "--chat", "chess"],
                                                                                 options: ["--me", me])
            #expect(report["singleChat"] as? Bool == true && report["exporterUnknown"] as? Bool == false, "\(report)")
            #expect((report["accountPeerId"] as? NSNumber)?.int64Value == accountPeer, "\(report)")
            let group = PeerId(namespace: .cloudGroup, id: 400_001).toInt64()
            let chats = try await sandbox.chatList()
            #expect(chats.map(\.peerId) == [group], "\(chats)")
            let problems = try await sandbox.compare(export, accountPeer: accountPeer, exporter: .known(accountPeer))
            #expect(problems.count == 0, "\(VariantMatch.digest(problems))")
            let rows = try await sandbox.messages(group)
            #expect(rows.contains { $0["outgoing"] as? Bool == true } && rows.contains { $0["outgoing"] as? Bool == false })
            try await sandbox.reimportChangesNothing(export, ["--me", me])
            // The group exported alone again without --me: the exporter recorded by --me is still known.
            let later = try await sandbox.importExport(export.path, ["--time-zone", Self.zone])
            #expect(later["exporterUnknown"] as? Bool == false && later["messagesUpdated"] as? Int == 0, "\(later)")
        }
    }

    @Test("A path leading out of the export folder is refused (exit 1, nothing written), even where a missing file would not be",
          .timeLimit(.minutes(5)))
    func pathOutOfTheFolder() async throws {
        try await withSandbox("variants-escape") { sandbox in
            try await sandbox.login()
            let export = try await sandbox.generateVariants("export", era: 2026)
            let json = try String(contentsOfFile: export.path + "/result.json", encoding: .utf8)
            try "secret".write(toFile: sandbox.base + "/outside.jpg", atomically: true, encoding: .utf8)
            func path(after key: String, containing part: String) throws -> String {
                var rest = json[...]
                while let range = rest.range(of: "\"\(key)\": \"") {
                    let value = String(rest[range.upperBound...].prefix { $0 != "\"" })
                    if value.contains(part) { return value }
                    rest = rest[range.upperBound...]
                }
                throw HarnessError("no \(key) containing \(part) in the export")
            }
            let photo = try path(after: "photo", containing: "photos/photo_1@")
            let vcard = try path(after: "contact_vcard", containing: ".vcard")
            let thumbnail = try path(after: "thumbnail", containing: "clip.mp4_thumb")
            let avatar = try path(after: "photo", containing: "profile_pictures/photo_2@")  // the newest
            let missing = try path(after: "photo", containing: "photos/photo_4@")
            let cases: [(String, String, String)] = [
                ("dotdot", photo, "../outside.jpg"),
                ("absolute", vcard, sandbox.base + "/outside.jpg"),
                ("inner-dotdot", thumbnail, "chats/../../outside.jpg"),
                ("profile-picture", avatar, "../outside.jpg"),
                ("missing-outside", missing, "../not-there-either.jpg"),
            ]
            for (name, original, replacement) in cases {
                let dir = sandbox.base + "/" + name
                try FileManager.default.copyItem(atPath: export.path, toPath: dir)
                try FileManager.default.removeItem(atPath: dir + "/result.json")
                try json.replacingOccurrences(of: "\"" + original + "\"", with: "\"" + replacement + "\"")
                    .write(toFile: dir + "/result.json", atomically: true, encoding: .utf8)
                let result = try await sandbox.run(Executables.main, ["import", "telegram-export", dir, "--time-zone", Self.zone])
                #expect(result.exitCode == 1 && result.stderr.contains("leaves the export folder"), "\(name): \(result)")
                #expect(!result.stderr.contains("Fatal error"), "\(name): \(result)")
            }
            #expect(try await sandbox.chatList().isEmpty)
            for file in ContainerFiles.regularFiles(under: sandbox.container) where file.contains("/media/") {
                #expect(ContainerFiles.bytes(sandbox.container + "/" + file) != Data("secret".utf8), "\(file) is the file outside the export")
            }
        }
    }
}

// MARK: - The generated export and the comparison

/// An export written with --variants, its summary and the expected rows.
struct VariantExport {
    let path: String
    let summary: [String: Any]

    var era: Int { summary["era"] as? Int ?? 0 }
    var messages: Int { summary["messages"] as? Int ?? -1 }
    var chats: [[String: Any]] { summary["chats"] as? [[String: Any]] ?? [] }
    var contacts: [[String: Any]] { summary["contacts"] as? [[String: Any]] ?? [] }
    var deviceContacts: [[String: Any]] { summary["deviceContacts"] as? [[String: Any]] ?? [] }
    var missingFiles: [String] { summary["missingFiles"] as? [String] ?? [] }
    var expect: [[String: Any]] { summary["expect"] as? [[String: Any]] ?? [] }
    var selfId: Int64 { (summary["selfId"] as? NSNumber)?.int64Value ?? -1 }
    func int(_ key: String) -> Int { summary[key] as? Int ?? -1 }

    func expectation(_ chat: String, _ id: Int) -> [String: Any]? {
        expect.first { $0["chat"] as? String == chat && ($0["id"] as? NSNumber)?.intValue == id }?["row"] as? [String: Any]
    }

    /// The packed peer id a chat must land under: Telegram's id in PeerId packing, the account's
    /// for its own Saved Messages; for an export without ids (2018) the listed chat of that title
    /// (nil when it is not listed: a left chat).
    func peerId(_ chat: [String: Any], accountPeer: Int64, in rows: [NotifyChatRow]) -> Int64? {
        if chat["peerId"] as? String == "self" || chat["type"] as? String == "saved_messages" { return accountPeer }
        if let id = (chat["peerId"] as? NSNumber)?.int64Value { return id }
        guard let name = chat["name"] as? String else { return nil }
        return rows.first { $0.title == name }?.peerId
    }
}

/// Who exported a single chat: known (`--me`, or a full export's personal_information), so
/// their messages are the account's and outgoing; or not, so they are another user's, incoming.
enum Exporter {
    case known(Int64)
    case unknown
}

extension Sandbox {
    /// A login, a --variants export of `era` written and imported in the generator's zone:
    /// the export, the import's report and the account's peer.
    func importVariants(era: Int, name: String = "Ada Lovelace", generator: [String] = [], options: [String] = []) async throws
        -> (export: VariantExport, report: [String: Any], accountPeer: Int64) {
        try await login(name: name)
        let accountPeer = try await accountPeerId()
        let export = try await generateVariants("export", era: era, generator)
        let report = try await importExport(export.path, ["--time-zone", TelegramExportVariantTests.zone] + options)
        return (export, report, accountPeer)
    }

    /// The same import again adds and updates nothing; its report.
    @discardableResult
    func reimportChangesNothing(_ export: VariantExport, _ options: [String] = [],
                                sourceLocation: SourceLocation = #_sourceLocation) async throws -> [String: Any] {
        let again = try await importExport(export.path, ["--time-zone", TelegramExportVariantTests.zone] + options)
        #expect(again["messagesAdded"] as? Int == 0 && again["messagesUpdated"] as? Int == 0, "\(again)", sourceLocation: sourceLocation)
        return again
    }

    func generateVariants(_ name: String, era: Int, _ extra: [String] = []) async throws -> VariantExport {
        let path = base + "/" + name
        let summary = try await ExportGenerator.write(path, ["--variants", "--era", "\(era)", "--zone", TelegramExportVariantTests.zone] + extra)
        return VariantExport(path: path, summary: summary)
    }

    /// `main messages --peer P --json --limit 1000000`.
    func messages(_ peer: Int64) async throws -> [[String: Any]] {
        try await runOK(Executables.main, ["messages", "--peer", "\(peer)", "--limit", "1000000", "--json"]).json(array: true)
    }

    /// Every chat's messages against the export's expectations: what differs, one line each.
    func compare(_ export: VariantExport, accountPeer: Int64, exporter: Exporter) async throws -> [String] {
        var problems: [String] = []
        let chats = try await chatList()
        let selfAuthor: Int64
        let selfOutgoing: Bool
        switch exporter {
        case .known(let peer): (selfAuthor, selfOutgoing) = (peer, true)
        case .unknown: (selfAuthor, selfOutgoing) = (PeerId(namespace: .cloudUser, id: export.selfId).toInt64(), false)
        }
        for chat in export.chats {
            let key = chat["key"] as? String ?? "?"
            guard let peer = export.peerId(chat, accountPeer: accountPeer, in: chats) else {
                // A chat the account left, in an export too old to name its id: not to be found.
                continue
            }
            let result = try await run(Executables.main, ["messages", "--peer", "\(peer)", "--limit", "1000000", "--json"])
            guard result.succeeded, let rows = try? result.json(array: true) else {
                problems.append("\(key) (peer \(peer)): main messages failed: \(result.stderr)")
                continue
            }
            var byId: [Int: [String: Any]] = [:]
            for row in rows { if let id = (row["id"] as? NSNumber)?.intValue { byId[id] = row } }
            if rows.count != chat["messages"] as? Int {
                problems.append("\(key) (peer \(peer)): \(rows.count) messages, the export has \(chat["messages"] ?? "?")")
            }
            for entry in export.expect where entry["chat"] as? String == key {
                let id = (entry["id"] as? NSNumber)?.intValue ?? 0
                guard let row = byId[id] else {
                    problems.append("\(key)/\(id): missing")
                    continue
                }
                let expected = entry["row"] ?? [:]
                problems += VariantMatch(selfAuthor: selfAuthor, selfOutgoing: selfOutgoing)
                    .mismatches(expected, row, "\(key)/\(id)")
            }
        }
        return problems
    }
}

/// Whether a row shows what was expected: every expected key (null: absent or null), objects
/// compared key by key, arrays element by element, "self" the exporter's peer or outgoing flag.
struct VariantMatch {
    let selfAuthor: Int64
    let selfOutgoing: Bool

    func mismatches(_ expected: Any, _ actual: Any?, _ path: String) -> [String] {
        let key = path.split(separator: ".").last.map(String.init) ?? ""
        switch expected {
        case is NSNull:
            if let actual, !(actual is NSNull) { return ["\(path): expected nothing, got \(Self.show(actual))"] }
            return []
        case let text as String where text == "self" && (key == "authorId" || key == "outgoing"):
            return mismatches(key == "authorId" ? NSNumber(value: selfAuthor) : NSNumber(value: selfOutgoing), actual, path)
        case let object as [String: Any]:
            guard let actual = actual as? [String: Any] else { return ["\(path): expected \(Self.show(object)), got \(Self.show(actual))"] }
            return object.keys.sorted().flatMap { mismatches(object[$0]!, actual[$0], path + "." + $0) }
        case let list as [Any]:
            guard let actual = actual as? [Any], actual.count == list.count else {
                return ["\(path): expected \(Self.show(list)), got \(Self.show(actual))"]
            }
            return zip(list, actual).enumerated().flatMap { i, pair in mismatches(pair.0, pair.1, "\(path)[\(i)]") }
        case let number as NSNumber:
            guard let actual = actual as? NSNumber else { return ["\(path): expected \(number), got \(Self.show(actual))"] }
            let (a, b) = (number.doubleValue, actual.doubleValue)
            return abs(a - b) <= 1e-9 * max(1, abs(a)) ? [] : ["\(path): expected \(number), got \(actual)"]
        case let text as String:
            return actual as? String == text ? [] : ["\(path): expected \(Self.show(text)), got \(Self.show(actual))"]
        default:
            return ["\(path): cannot compare \(expected)"]
        }
    }

    /// The differences grouped by what differs (the key and the values, whatever the message):
    /// how many, and the messages (chat/id) of the first few.
    static func digest(_ problems: [String]) -> String {
        var groups: [(what: String, where: [String])] = []
        for problem in problems {
            let (place, what) = problem.firstIndex(of: ".").map { (String(problem[..<$0]), String(problem[$0...])) }
                ?? (String(problem.prefix { $0 != ":" }), String(problem.drop { $0 != ":" }))
            if let i = groups.firstIndex(where: { $0.what == what }) { groups[i].where.append(place) } else { groups.append((what, [place])) }
        }
        return "\(problems.count) differences:\n" + groups.map { group in
            "  \(group.where.count) × \(group.what)  (\(group.where.prefix(6).joined(separator: ", "))\(group.where.count > 6 ? ", …" : ""))"
        }.joined(separator: "\n")
    }

    static func show(_ value: Any?) -> String {
        guard let value, !(value is NSNull) else { return "nothing" }
        if let data = try? JSONSerialization.data(withJSONObject: value, options: [.fragmentsAllowed, .sortedKeys]),
           let text = String(data: data, encoding: .utf8) {
            return text.count > 300 ? String(text.prefix(300)) + "…" : text
        }
        return "\(value)"
    }
}
