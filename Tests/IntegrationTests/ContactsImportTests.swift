import Foundation
import Testing
import TestSupport

/// `main contacts import` twice: the second file merges into the first by person (vCard UID, else a
/// number in common) — changed entries updated, new ones added, the rest kept — and says so;
/// `--replace` replaces the address book as imports used to.
@Suite("main contacts import merges")
struct ContactsImportTests {
    static func card(_ name: String, _ phone: String, uid: String? = nil) -> String {
        "BEGIN:VCARD\r\nVERSION:4.0\r\nFN:\(name)\r\nTEL:\(phone)\r\n" + (uid.map { "UID:\($0)\r\n" } ?? "") + "END:VCARD\r\n"
    }

    static func names(_ sandbox: Sandbox) async throws -> [String] {
        let listing = try await sandbox.runOK(Executables.main, ["contacts", "--json"])
        let rows = try #require(try JSONSerialization.jsonObject(with: Data(listing.stdout.utf8)) as? [[String: Any]], "\(listing)")
        return rows.compactMap { $0["name"] as? String }
    }

    @Test("a second import merges and reports added, updated, kept; --replace replaces", .timeLimit(.minutes(5)))
    func secondImportMerges() async throws {
        try await withSandbox("contacts-merge") { sandbox in
            try await sandbox.login()
            let first = sandbox.base + "/first.vcf", second = sandbox.base + "/second.vcf"
            try (Self.card("Mom", "+1 555 010 0001") + Self.card("Dad", "+1 555 010 0002", uid: "dad")
                 + Self.card("Neighbour", "+1 555 010 0005")).write(toFile: first, atomically: true, encoding: .utf8)
            try (Self.card("Mother", "(555) 010-0001") + Self.card("Father", "+1 555 010 0099", uid: "dad")
                 + Self.card("Aunt", "+1 555 010 0003")).write(toFile: second, atomically: true, encoding: .utf8)
            _ = try await sandbox.runOK(Executables.main, ["contacts", "import", first])
            let merged = try await sandbox.runOK(Executables.main, ["contacts", "import", second])
            #expect(merged.stdout.contains("1 added, 2 updated, 0 unchanged, 1 kept"), "\(merged)")
            #expect(try await Self.names(sandbox) == ["Mother", "Father", "Neighbour", "Aunt"])
            let json = try await sandbox.runOK(Executables.main, ["contacts", "import", second, "--json"]).json()
            #expect(json["unchanged"] as? Int == 3 && json["kept"] as? Int == 1 && json["added"] as? Int == 0, "\(json)")

            let replaced = try await sandbox.runOK(Executables.main, ["contacts", "import", first, "--replace"])
            #expect(replaced.stdout.contains("replaced"), "\(replaced)")
            #expect(try await Self.names(sandbox) == ["Mom", "Dad", "Neighbour"])
        }
    }
}
