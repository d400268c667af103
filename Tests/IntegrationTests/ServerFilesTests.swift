import Foundation
import Testing
import TestSupport

/// Files through the test server, with Telethon (an independent client) at the other end: what
/// Ada (ours) sends is uploaded in parts (saveFilePart; saveBigFilePart above 10 MB) and sent
/// with messages.sendMedia, and Grace downloads the same bytes; what Grace sends arrives here
/// described and left on the server (fetched when the person asks: TwoContainersTerminalTests).
@Suite("Files through the test server", .serialized)
struct ServerFilesTests {
    @Test("A document, a photo and an 11 MB file from ours reach Telethon whole; Telethon's file arrives described, on the server",
          .timeLimit(.minutes(5)))
    func filesBothWays() async throws {
        let server = try ServerSendTests.startServer()
        defer { server.stop() }
        try await withSandbox("server-files") { sandbox in
            let session = try await ServerSendTests.twoAccounts(server, sandbox)
            let (document, photo, big) = (sandbox.base + "/plan.bin", sandbox.base + "/trip.jpg", sandbox.base + "/big.bin")
            try writeRandomFile(document, bytes: 1_500_000, seed: 7)
            try writeRandomFile(big, bytes: 11 * 1024 * 1024 + 5, seed: 8)
            try FileManager.default.copyItem(atPath: PackagePaths.root + "/Tests/MessagingTests/Vectors/photo-64x48.jpg", toPath: photo)
            for (file, caption) in [(document, "the plan"), (photo, "the view"), (big, "the archive")] {
                let shared = try await sandbox.run("share", ["send", "--to", String(ServerSendTests.grace), "--file", file, "--caption", caption])
                #expect(shared.exitCode == 0, "\(shared)")
            }
            let synced = try await sandbox.runOK(Executables.main, ["sync", "--json"], timeout: 120).json()
            #expect(synced["sent"] as? Int == 3, "\(synced)")

            let history = try await ServerSyncTests.telethon(server, "history", ["--with", "+9996610001", "--limit", "10"], session: session)
            let messages = try #require(try history.json()["messages"] as? [[String: Any]], "\(history)")
            for (file, caption) in [(document, "the plan"), (photo, "the view"), (big, "the archive")] {
                let message = try #require(messages.first { $0["text"] as? String == caption }, "\(caption): \(messages)")
                let described = try #require(message["file"] as? [String: Any], "\(message)")
                #expect(described["kind"] as? String == (file == photo ? "photo" : "document"), "\(described)")
                #expect(described["size"] as? Int == FileManager.default.contents(atPath: file)?.count, "\(described)")
                // The big one is checked by the md5 the server logs of what it joined: Telethon's
                // download of 11 MB would cost the loaded suite half a minute of CPU.
                if file == big {
                    let sum = try await sandbox.spawnRaw("/usr/bin/md5sum", [big], label: "md5sum").wait(timeout: 30)
                    let md5 = String(sum.stdout.prefix(32))
                    #expect(server.stderrText.contains("document big.bin of \(11 * 1024 * 1024 + 5) bytes, md5 \(md5)"),
                            "\(server.stderrText.suffix(1500))")
                    continue
                }
                let out = sandbox.base + "/got-" + FileSystemName.last(file)
                let downloaded = try await ServerSyncTests.telethon(server, "download", ["--with", "+9996610001", "--id", String(message["id"] as? Int ?? 0),
                                                                                         "--out", out], session: session)
                #expect(downloaded.succeeded, "\(downloaded)")
                #expect(FileManager.default.contents(atPath: out) == FileManager.default.contents(atPath: file), "\(caption): the bytes differ")
            }
            #expect(server.stderrText.contains("sendMedia user 1000001"), "\(server.stderrText.suffix(1500))")

            // Grace's file: here with its name and size, on the server until asked for.
            #expect(try await ServerSyncTests.telethon(server, "send-file", ["--to", "+9996610001", "--path", document, "--caption", "yours"],
                                                       session: session).succeeded)
            try await sandbox.runOK(Executables.main, ["sync"])
            let rows = try await sandbox.runOK(Executables.main, ["messages", "--peer", String(ServerSendTests.grace), "--limit", "1", "--json"])
            let newest = try #require((try JSONSerialization.jsonObject(with: Data(rows.stdout.utf8)) as? [[String: Any]])?.first, "\(rows)")
            #expect(newest["text"] as? String == "yours", "\(newest)")
            let media = newest["media"] as? [String: Any]
            #expect(media?["onServer"] as? Bool == true && media?["included"] as? Bool == false && media?["fileName"] as? String == "plan.bin",
                    "\(newest)")
        }
    }
}

private enum FileSystemName {
    static func last(_ path: String) -> String { URL(fileURLWithPath: path).lastPathComponent }
}
