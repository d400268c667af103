import Foundation
import Testing
import Container
import Cryptography
import Storage
import TestSupport
#if canImport(Glibc)
import Glibc
#endif

// Shared helpers for the notification-service tests: typed mirrors of the JSON the commands
// print (written here from the documented contract, not imported from the product), a seeded
// fixture, push/deliver wrappers, base64url and MTProto payload crypto done in the test, and a
// tiny PNG writer for `main peer-photo`.

enum NotifyService {
    static let executable = "notify-service"
    /// Telegram's applicationLockedMessageString, the generic body.
    static let genericBody = "You have a new message"
    /// The outer alert the bad-input tests put on their pushes, so a fallback that shows it can
    /// be told apart from one that shows the generic string.
    static let outerAlertBody = "Outer alert body 4711"
    static let outerAlertTitle = "Outer alert title"
}

// MARK: - JSON mirrors

/// notify-service --json.
struct NotifyContent: Decodable, Sendable {
    struct Attachment: Decodable, Sendable {
        let identifier: String
        let path: String
    }

    struct Removal: Decodable, Sendable {
        let peerId: Int64
        let messageIds: [Int32]?
        let upToMessageId: Int32?
    }

    let status: String
    let identifier: String
    let reason: String?
    let detail: String?
    let title: String
    let subtitle: String
    let body: String
    let threadIdentifier: String
    let categoryIdentifier: String
    let sound: String?
    let badge: Int?
    let attachments: [Attachment]
    let userInfo: [String: String]
    let removal: Removal?
    let locked: Bool
    let deadlineExpired: Bool
}

/// One row of `main chats --json`.
struct NotifyChatRow: Decodable, Sendable {
    let peerId: Int64
    let kind: String
    let title: String
    let pinned: Bool
    let muted: Bool
    let unreadCount: Int
    let topMessageId: Int32

    /// The raw (unpacked) id the payload and userInfo name the chat by.
    var rawId: Int64 { PeerId(peerId).id }
}

/// `main push-registration --json`.
struct NotifyRegistration: Decodable, Sendable {
    let accountId: String
    let tokenType: Int
    let token: String
    let appSandbox: Bool
    let secret: String
    let keyId: String
    let otherUids: [Int64]

    var secretBytes: [UInt8]? { Data(base64Encoded: secret).map { Array($0) } }
}

/// `notify-service content --json`.
struct NotifyCardReport: Decodable, Sendable {
    let out: String
    let bytes: Int
    let locked: Bool
    let avatar: String?
}

/// A push `main push --json` made: the push as one line (what the device receives) plus the report.
struct NotifyPush: @unchecked Sendable {
    let line: String
    let envelope: [String: Any]
    let accountId: Int64
    let peerId: Int64
    let messageId: Int32?
    let keyId: String

    /// The decoded "p".
    var payload: [UInt8] { NotifyBase64URL.decode(envelope["p"] as? String ?? "") ?? [] }

    /// The same push with "p" replaced by `bytes` (base64url) and, optionally, a different outer aps.
    func replacing(payload bytes: [UInt8]?, aps: [String: Any]? = nil) -> String {
        var copy = envelope
        if let bytes { copy["p"] = NotifyBase64URL.encode(bytes) }
        if let aps { copy["aps"] = aps }
        return NotifyPushJSON.line(copy)
    }
}

enum NotifyPushJSON {
    static func line(_ object: [String: Any]) -> String {
        let data = try! JSONSerialization.data(withJSONObject: object, options: [.sortedKeys, .withoutEscapingSlashes])
        return String(decoding: data, as: UTF8.self)
    }

    static func object(_ text: String) -> [String: Any]? {
        (try? JSONSerialization.jsonObject(with: Data(text.utf8))) as? [String: Any]
    }

    /// An outer aps with an alert of our own, so the fallback's body shows where it came from.
    static var markedAps: [String: Any] {
        ["alert": ["title": NotifyService.outerAlertTitle, "body": NotifyService.outerAlertBody], "mutable-content": 1, "sound": "0.m4a"]
    }
}

// MARK: - base64url and the payload crypto, done independently of the product

enum NotifyBase64URL {
    /// Telegram's decoding: `-`→`+`, `_`→`/`, pad with `=` to a multiple of 4.
    static func decode(_ text: String) -> [UInt8]? {
        var s = text.replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
        while s.count % 4 != 0 { s += "=" }
        return Data(base64Encoded: s).map { Array($0) }
    }

    static func encode(_ bytes: [UInt8]) -> String {
        var s = Data(bytes).base64EncodedString()
        while s.hasSuffix("=") { s.removeLast() }
        return s.replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
    }
}

/// MTProto 2.0, x = 8, as in telegram-internals.md §5, written out here so a test can build a
/// payload the product's encoder never would (a wrong length prefix under a correct msgKey).
enum NotifyPayloadCrypto {
    static func keyId(secret: [UInt8]) -> [UInt8] { Array(Digest.sha1(secret)[12..<20]) }

    static func keyAndIv(secret: [UInt8], msgKey: [UInt8]) -> (key: [UInt8], iv: [UInt8]) {
        let a = Digest.sha256(msgKey + secret[8..<44])
        let b = Digest.sha256(Array(secret[48..<84]) + msgKey)
        return (Array(a[0..<8]) + b[8..<24] + a[24..<32], Array(b[0..<8]) + a[8..<24] + b[24..<32])
    }

    static func msgKey(secret: [UInt8], plaintext: [UInt8]) -> [UInt8] {
        Array(Digest.sha256(Array(secret[96..<128]) + plaintext)[8..<24])
    }

    /// `lengthPrefix` (Int32 LE) ‖ message ‖ random padding (at least 12 bytes, to a multiple of 16).
    static func plaintext(_ message: [UInt8], lengthPrefix: Int32) -> [UInt8] {
        var out: [UInt8] = []
        withUnsafeBytes(of: lengthPrefix.littleEndian) { out.append(contentsOf: $0) }
        out += message
        var padding = 12
        while (out.count + padding) % 16 != 0 { padding += 1 }
        return out + Array(TestRandom.bytes(padding))
    }

    /// Decrypts and verifies (msgKey over the whole buffer, then the length prefix); nil when either fails.
    static func decrypt(_ data: [UInt8], secret: [UInt8]) throws -> [UInt8]? {
        guard data.count >= 40, (data.count - 24) % 16 == 0, Array(data[0..<8]) == keyId(secret: secret) else { return nil }
        let msgKey = Array(data[8..<24])
        let (key, iv) = keyAndIv(secret: secret, msgKey: msgKey)
        let plaintext = try AESIGE.decrypt(Array(data[24...]), key: key, iv: iv)
        guard self.msgKey(secret: secret, plaintext: plaintext) == msgKey else { return nil }
        let length = Int(Int32(littleEndian: plaintext.withUnsafeBytes { $0.loadUnaligned(as: Int32.self) }))
        guard length >= 0, length <= plaintext.count - 4 else { return nil }
        return Array(plaintext[4..<(4 + length)])
    }

    /// keyId ‖ msgKey ‖ AES-256-IGE(plaintext).
    static func encrypt(plaintext: [UInt8], secret: [UInt8]) throws -> [UInt8] {
        let msgKey = msgKey(secret: secret, plaintext: plaintext)
        let (key, iv) = keyAndIv(secret: secret, msgKey: msgKey)
        return keyId(secret: secret) + msgKey + (try AESIGE.encrypt(plaintext, key: key, iv: iv))
    }
}

// MARK: - Commands

extension Sandbox {
    /// `main chats --limit 10000 --json`.
    func chatList(account: Int64? = nil) async throws -> [NotifyChatRow] {
        var args = ["chats", "--limit", "10000", "--json"]
        if let account { args.append("--account=\(account)") }
        let result = try await runOK(Executables.main, args)
        do {
            return try JSONDecoder().decode([NotifyChatRow].self, from: Data(result.stdout.utf8))
        } catch {
            throw HarnessError("main chats --json did not decode (\(error)): \(result)")
        }
    }

    /// `main push --json`; the push line is the report's push re-serialized.
    func sendPush(peer: Int64, text: String? = nil, kind: String? = nil, account: Int64? = nil,
              extra: [String] = []) async throws -> NotifyPush {
        var args = ["push", "--peer", "\(peer)", "--json"]
        if let text { args += ["--text", text] }
        if let kind { args += ["--kind", kind] }
        if let account { args.append("--account=\(account)") }
        let result = try await runOK(Executables.main, args + extra)
        let json = try result.json()
        guard let push = json["push"] as? [String: Any], let accountString = json["accountId"] as? String,
              let accountId = Int64(accountString), let keyId = json["keyId"] as? String else {
            throw HarnessError("main push --json report is missing push, accountId or keyId: \(result)")
        }
        return NotifyPush(line: NotifyPushJSON.line(push), envelope: push, accountId: accountId,
                        peerId: (json["peerId"] as? NSNumber)?.int64Value ?? peer,
                        messageId: (json["messageId"] as? NSNumber)?.int32Value, keyId: keyId)
    }

    /// `main push` without --json: the exact line the device receives.
    func sendPushLine(peer: Int64, text: String, extra: [String] = []) async throws -> String {
        let result = try await runOK(Executables.main, ["push", "--peer", "\(peer)", "--text", text] + extra)
        let line = result.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !line.contains("\n") else { throw HarnessError("main push printed more than one line: \(result)") }
        return line
    }

    func pushRegistration(account: Int64? = nil) async throws -> NotifyRegistration {
        var args = ["push-registration", "--json"]
        if let account { args.append("--account=\(account)") }
        let result = try await runOK(Executables.main, args)
        do {
            return try JSONDecoder().decode(NotifyRegistration.self, from: Data(result.stdout.utf8))
        } catch {
            throw HarnessError("push-registration --json did not decode (\(error)): \(result)")
        }
    }

    /// notify-service --json with `input` on stdin. Requires exit 0 or 2, stdout to decode, and
    /// exit 2 exactly when the status is fallback (with the reason on stderr).
    func deliverPush(_ input: String, _ extra: [String] = [], timeout: Double = 60) async throws -> (ProcessResult, NotifyContent) {
        let result = try await run(NotifyService.executable, ["--json"] + extra, stdin: input, timeout: timeout)
        return try Self.decodeDelivery(result)
    }

    static func decodeDelivery(_ result: ProcessResult) throws -> (ProcessResult, NotifyContent) {
        guard result.exitCode == 0 || result.exitCode == 2 else { throw HarnessError("notify-service did not exit 0 or 2: \(result)") }
        let content: NotifyContent
        do {
            content = try JSONDecoder().decode(NotifyContent.self, from: Data(result.stdout.utf8))
        } catch {
            throw HarnessError("notify-service --json did not decode (\(error)): \(result)")
        }
        #expect((result.exitCode == 2) == (content.status == "fallback"), "exit status and status disagree: \(result)")
        if content.status == "fallback", let reason = content.reason {
            #expect(result.stderr.contains(reason), "a fallback's reason is not on stderr: \(result)")
        }
        return (result, content)
    }

    func mediaCachedPath(_ accountId: Int64) -> String { layout.mediaBoxPath(accountId) + "/cached/" }

    /// Starts an executable whose standard input is a pipe the test holds open, so the child never
    /// sees end of file until the returned handle is closed (or the test ends).
    func startWithOpenStdin(_ executable: String, _ args: [String], initialInput: String = "") throws -> (RunningProcess, FileHandle) {
        let process = try spawn(Executables.path(executable), arguments(args, container: true), input: .pipe,
                                label: "\(executable)-openstdin")
        let input = try #require(process.input)
        if !initialInput.isEmpty { input.write(Data(initialInput.utf8)) }
        return (process, input)
    }

    /// Starts python3 with a script (`python3 -c script args...`).
    func startPython(_ script: String, _ args: [String], label: String) throws -> RunningProcess {
        try spawnRaw(Python.path, ["-c", script] + args, label: label)
    }
}

enum NotifyPython {
    /// Holds SQLite's exclusive lock on the database in argv[1] for argv[2] seconds; prints "locked".
    static let holdExclusiveLock = """
    import sqlite3, sys, time
    c = sqlite3.connect(sys.argv[1], isolation_level=None)
    c.execute("PRAGMA locking_mode=EXCLUSIVE")
    c.execute("BEGIN EXCLUSIVE")
    print("locked", flush=True)
    time.sleep(float(sys.argv[2]))
    c.execute("ROLLBACK")
    c.close()
    """
}

// MARK: - A seeded account

/// login + seed, and the chat list, for a fresh sandbox.
struct NotifyFixture {
    let sandbox: Sandbox
    let accountId: Int64
    let chats: [NotifyChatRow]

    static func make(_ sandbox: Sandbox, peers: Int = 30, messages: Int = 500, phone: String = "+15550100001",
                     name: String = "Ada Lovelace") async throws -> NotifyFixture {
        let accountId = try await sandbox.login(phone: phone, name: name)
        try await sandbox.seed(peers: peers, messages: messages)
        let chats = try await sandbox.chatList()
        return NotifyFixture(sandbox: sandbox, accountId: accountId, chats: chats)
    }

    /// The first chat of a kind that is not muted (kinds: user, group, channel, secret).
    func chat(_ kind: String, muted: Bool = false, skipping: Int = 0) throws -> NotifyChatRow {
        let matching = chats.filter { $0.kind == kind && $0.muted == muted }
        guard matching.count > skipping else {
            throw HarnessError("the fixture has no \(muted ? "muted " : "")\(kind) chat #\(skipping): \(chats.map { "\($0.peerId) \($0.kind)" })")
        }
        return matching[skipping]
    }

    var postboxDirectory: String { sandbox.layout.postboxPath(accountId) + "/db" }
    var postboxDatabase: String { sandbox.layout.postboxDatabasePath(accountId) }
}

// MARK: - Checks

enum NotifyChecks {
    static let pngSignature: [UInt8] = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]

    static func isPNG(_ path: String) -> Bool {
        guard let data = ContainerFiles.bytes(path) else { return false }
        return Array(data.prefix(8)) == pngSignature
    }

    /// None of `needles` in the process's stdout or stderr.
    static func expectAbsent(_ needles: [String], in result: ProcessResult, _ context: String,
                             sourceLocation: SourceLocation = #_sourceLocation) {
        for needle in needles {
            #expect(!result.stdout.contains(needle), "\(context): \"\(needle)\" in stdout: \(result)", sourceLocation: sourceLocation)
            #expect(!result.stderr.contains(needle), "\(context): \"\(needle)\" in stderr: \(result)", sourceLocation: sourceLocation)
        }
    }

    /// The account's unread total as the badge counts it: every chat that is not muted.
    static func badge(_ chats: [NotifyChatRow]) -> Int { chats.filter { !$0.muted }.map(\.unreadCount).reduce(0, +) }

    /// inode and mtime (ns) of a file.
    static func identity(_ path: String) -> (inode: UInt64, mtime: Int)? {
        var st = stat()
        guard lstat(path, &st) == 0 else { return nil }
        return (UInt64(st.st_ino), st.st_mtim.tv_sec * 1_000_000_000 + st.st_mtim.tv_nsec)
    }
}

// MARK: - A small PNG, written by hand (stored deflate blocks), for `main peer-photo`

enum NotifyPNG {
    /// An RGB image with a diagonal pattern in `seed`'s colors.
    static func make(width: Int = 64, height: Int = 64, seed: UInt8 = 7) -> [UInt8] {
        var raw: [UInt8] = []
        for y in 0..<height {
            raw.append(0)   // filter: none
            for x in 0..<width {
                raw += [UInt8(truncatingIfNeeded: x * 4 + Int(seed)), UInt8(truncatingIfNeeded: y * 4), UInt8(truncatingIfNeeded: (x + y) * 2 &+ Int(seed) * 3)]
            }
        }
        var zlib: [UInt8] = [0x78, 0x01]
        var offset = 0
        repeat {
            let n = min(65_535, raw.count - offset)
            let last: UInt8 = offset + n == raw.count ? 1 : 0
            zlib += [last, UInt8(n & 0xff), UInt8(n >> 8), UInt8(~n & 0xff), UInt8((~n >> 8) & 0xff)]
            zlib += raw[offset..<(offset + n)]
            offset += n
        } while offset < raw.count
        zlib += bigEndian(adler32(raw))

        var png = NotifyChecks.pngSignature
        png += chunk("IHDR", bigEndian(UInt32(width)) + bigEndian(UInt32(height)) + [8, 2, 0, 0, 0])
        png += chunk("IDAT", zlib)
        png += chunk("IEND", [])
        return png
    }

    private static func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
        let typeBytes = Array(type.utf8)
        return bigEndian(UInt32(data.count)) + typeBytes + data + bigEndian(crc32(typeBytes + data))
    }

    private static func bigEndian(_ v: UInt32) -> [UInt8] { [UInt8(v >> 24), UInt8((v >> 16) & 0xff), UInt8((v >> 8) & 0xff), UInt8(v & 0xff)] }

    private static func adler32(_ data: [UInt8]) -> UInt32 {
        var a: UInt32 = 1, b: UInt32 = 0
        for byte in data { a = (a + UInt32(byte)) % 65_521; b = (b + a) % 65_521 }
        return (b << 16) | a
    }

    private static func crc32(_ data: [UInt8]) -> UInt32 {
        var crc: UInt32 = 0xffff_ffff
        for byte in data {
            crc ^= UInt32(byte)
            for _ in 0..<8 { crc = (crc >> 1) ^ (0xedb8_8320 & (0 &- (crc & 1))) }
        }
        return ~crc
    }
}
