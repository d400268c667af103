import Foundation
import Testing
import Container
import Cryptography
import TestSupport

/// Whatever is wrong with a push or the store behind it, notify-service still delivers: the
/// fallback (exit 2), showing the push's own outer alert or the generic string, with a reason
/// code, and never anything of the message.
@Suite("notify-service delivers the fallback for bad input")
struct NotifyServiceBadInputTests {
    enum BadPush: String, CaseIterable, Sendable, CustomTestStringConvertible {
        case notJSON, missingPayload, badBase64, unknownKeyId, tamperedMsgKey, flippedCiphertext, badLengthPrefix
        case truncated, misaligned, oversizedPayload, oversizedInput
        // Strict where the format is strict.
        case paddedBase64, shortPadding, longPadding, badDeletionIds, duplicateKeyEnvelope, duplicateKeyPayload

        var testDescription: String { rawValue }

        var reason: String {
            switch self {
            case .tamperedMsgKey, .flippedCiphertext: return "msgKeyMismatch"
            case .misaligned: return "misalignedCiphertext"
            case .paddedBase64: return "badBase64"
            case .shortPadding, .longPadding: return "badPadding"
            case .badDeletionIds: return "badMessageIds"
            case .duplicateKeyEnvelope: return "notJSON"
            case .duplicateKeyPayload: return "payloadNotJSON"
            default: return rawValue
            }
        }

        /// Whether the input still has an outer aps the fallback can show.
        var hasOuterAlert: Bool { self != .notJSON && self != .oversizedInput && self != .duplicateKeyEnvelope }
    }

    @Test("Each kind of bad push: fallback, its reason, the outer alert, no content",
          .timeLimit(.minutes(5)), arguments: BadPush.allCases)
    func badPush(_ bad: BadPush) async throws {
        try await withSandbox("ns-bad-\(bad.rawValue)") { sandbox in
            let fixture = try await NotifyFixture.make(sandbox)
            let chat = try fixture.chat("user")
            let text = "never shown \(bad.rawValue) c4Ps"
            let push = try await sandbox.sendPush(peer: chat.peerId, text: text)
            var payload = push.payload
            #expect(payload.count > 40, "main push's p did not decode: \(push.line)")
            let marked = NotifyPushJSON.markedAps

            let input: String
            switch bad {
            case .notJSON:
                input = "this is not a push {\"p\": "
            case .missingPayload:
                input = NotifyPushJSON.line(["aps": marked])
            case .badBase64:
                input = NotifyPushJSON.line(["aps": marked, "p": "!!not*base64url~~"])
            case .unknownKeyId:
                // A push made for another device's account: a key id no account here has.
                input = try await withSandbox("ns-bad-other") { other in
                    let otherFixture = try await NotifyFixture.make(other, phone: "+15550100009", name: "Other Person")
                    let otherPush = try await other.sendPush(peer: try otherFixture.chat("user").peerId, text: text)
                    #expect(otherPush.keyId != push.keyId)
                    return otherPush.replacing(payload: nil, aps: marked)
                }
            case .tamperedMsgKey:
                payload[8 + Int.random(in: 0..<16)] ^= UInt8(1 << Int.random(in: 0..<8))
                input = push.replacing(payload: payload, aps: marked)
            case .flippedCiphertext:
                payload[24 + Int.random(in: 0..<(payload.count - 24))] ^= UInt8(1 << Int.random(in: 0..<8))
                input = push.replacing(payload: payload, aps: marked)
            case .badLengthPrefix:
                let secret = try #require(try await sandbox.pushRegistration().secretBytes)
                let message = try #require(try NotifyPayloadCrypto.decrypt(payload, secret: secret), "the test's own decryption failed")
                // Control: the test's encryption with a correct prefix is accepted, so only the prefix differs below.
                let good = try NotifyPayloadCrypto.encrypt(plaintext: NotifyPayloadCrypto.plaintext(message, lengthPrefix: Int32(message.count)),
                                                           secret: secret)
                let (goodResult, goodContent) = try await sandbox.deliverPush(push.replacing(payload: good, aps: marked))
                #expect(goodContent.status == "delivered", "a payload encrypted by the test with a correct prefix: \(goodResult)")
                let plaintext = NotifyPayloadCrypto.plaintext(message, lengthPrefix: Int32(message.count + 4096))
                input = push.replacing(payload: try NotifyPayloadCrypto.encrypt(plaintext: plaintext, secret: secret), aps: marked)
            case .truncated:
                input = push.replacing(payload: Array(payload.prefix(30)), aps: marked)
            case .misaligned:
                input = push.replacing(payload: Array(payload.dropLast()), aps: marked)
            case .oversizedPayload:
                input = push.replacing(payload: Array(TestRandom.bytes(5000)), aps: marked)
            case .paddedBase64:
                // The same payload with the padding Telegram's sender never writes.
                let text = NotifyBase64URL.encode(payload)
                input = NotifyPushJSON.line(["aps": marked, "p": text + String(repeating: "=", count: (4 - text.utf8.count % 4) % 4 + 4)])
            case .shortPadding, .longPadding:
                let secret = try #require(try await sandbox.pushRegistration().secretBytes)
                var message = try #require(try NotifyPayloadCrypto.decrypt(payload, secret: secret))
                let padding = bad == .shortPadding ? 4 : 1040
                // Trailing spaces keep the JSON valid and the plaintext a whole number of blocks.
                while (4 + message.count + padding) % 16 != 0 { message.append(0x20) }
                var plaintext: [UInt8] = []
                withUnsafeBytes(of: Int32(message.count).littleEndian) { plaintext.append(contentsOf: $0) }
                plaintext += message + Array(TestRandom.bytes(padding))
                input = push.replacing(payload: try NotifyPayloadCrypto.encrypt(plaintext: plaintext, secret: secret), aps: marked)
            case .badDeletionIds, .duplicateKeyPayload:
                let secret = try #require(try await sandbox.pushRegistration().secretBytes)
                let message = try #require(try NotifyPayloadCrypto.decrypt(payload, secret: secret))
                var object = try #require(try JSONSerialization.jsonObject(with: Data(message)) as? [String: Any])
                let edited: [UInt8]
                if bad == .badDeletionIds {
                    object["loc-key"] = "MESSAGE_DELETED"
                    object["msg_id"] = nil
                    object["messages"] = "1,2,x"
                    edited = Array(try JSONSerialization.data(withJSONObject: object))
                } else {
                    // The same key twice: readers disagree about which one counts.
                    let text = String(decoding: try JSONSerialization.data(withJSONObject: object), as: UTF8.self)
                    edited = Array(("{\"loc-key\":\"MESSAGE_MUTED\"," + text.dropFirst()).utf8)
                }
                let plaintext = NotifyPayloadCrypto.plaintext(edited, lengthPrefix: Int32(edited.count))
                input = push.replacing(payload: try NotifyPayloadCrypto.encrypt(plaintext: plaintext, secret: secret), aps: marked)
            case .duplicateKeyEnvelope:
                let p = NotifyBase64URL.encode(payload)
                input = "{\"p\":\"\(p)\",\"p\":\"\(p)\"}"
            case .oversizedInput:
                let size = 100 * 1024
                input = push.line + String(repeating: " ", count: size - push.line.utf8.count)
                #expect(input.utf8.count == size)
            }

            let (result, content) = try await sandbox.deliverPush(input)
            #expect(result.exitCode == 2, "\(result)")
            #expect(content.status == "fallback", "\(result)")
            #expect(content.reason == bad.reason, "\(result)")
            #expect(!content.deadlineExpired, "\(result)")
            #expect(content.attachments.isEmpty && content.userInfo.isEmpty && content.badge == nil, "\(result)")
            if bad.hasOuterAlert {
                #expect(content.body == NotifyService.outerAlertBody, "the fallback does not show the push's outer alert: \(result)")
                #expect(!content.locked, "\(result)")
            } else {
                #expect(content.body == NotifyService.genericBody, "\(result)")
                #expect(content.title == "", "\(result)")
            }
            NotifyChecks.expectAbsent([text, chat.title], in: result, bad.rawValue)
        }
    }

    // MARK: The Postbox behind a good push

    /// A seeded sandbox and a good push whose outer alert is marked.
    private static func goodPush(_ sandbox: Sandbox, text: String) async throws -> (NotifyFixture, String) {
        let fixture = try await NotifyFixture.make(sandbox)
        let push = try await sandbox.sendPush(peer: try fixture.chat("user").peerId, text: text)
        return (fixture, push.replacing(payload: nil, aps: NotifyPushJSON.markedAps))
    }

    private static func expectFallback(_ result: ProcessResult, _ content: NotifyContent, reason: String, text: String,
                                       sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(result.exitCode == 2, "\(result)", sourceLocation: sourceLocation)
        #expect(content.status == "fallback", "\(result)", sourceLocation: sourceLocation)
        #expect(content.reason == reason, "\(result)", sourceLocation: sourceLocation)
        #expect(content.body == NotifyService.outerAlertBody, "\(result)", sourceLocation: sourceLocation)
        #expect(content.attachments.isEmpty, "\(result)", sourceLocation: sourceLocation)
        NotifyChecks.expectAbsent([text], in: result, reason, sourceLocation: sourceLocation)
    }

    @Test("A missing Postbox: postboxUnavailable, and notify-service does not create one", .timeLimit(.minutes(5)))
    func postboxMissing() async throws {
        try await withSandbox("ns-postbox-missing") { sandbox in
            let text = "no store behind me h3Qa"
            let (fixture, input) = try await Self.goodPush(sandbox, text: text)
            for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: fixture.postboxDatabase + suffix) }
            let (result, content) = try await sandbox.deliverPush(input)
            Self.expectFallback(result, content, reason: "postboxUnavailable", text: text)
            #expect(ContainerFiles.regularFiles(under: fixture.postboxDirectory).isEmpty,
                    "notify-service created store files: \(ContainerFiles.regularFiles(under: fixture.postboxDirectory))")
        }
    }

    @Test("A container path that is a file: the fallback names the file, and the hidden content is not blamed on a lock",
          .timeLimit(.minutes(5)))
    func containerIsAFile() async throws {
        try await withSandbox("ns-container-file") { sandbox in
            let text = "no container here k8Tz"
            let (_, input) = try await Self.goodPush(sandbox, text: text)
            let file = sandbox.base + "/not-a-container"
            try Data("x".utf8).write(to: URL(fileURLWithPath: file))
            for json in [true, false] {
                let result = try await sandbox.run(NotifyService.executable, (json ? ["--json"] : []) + ["--container", file],
                                                   stdin: input, containerFlag: false)
                #expect(result.exitCode == 2, "\(result)")
                #expect(result.stdout.contains("is a file, not an app group container"), "\(result)")
                #expect(!result.stdout.contains("the app is locked"), "no lock was read: \(result)")
                #expect(!result.stdout.contains(text) && !result.stderr.contains(text), "\(result)")
                if json {
                    let content = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
                    #expect(content["locked"] as? Bool == true && content["lockStateUnknown"] as? Bool == true, "\(content)")
                } else {
                    #expect(result.stdout.contains("as if locked (no container to read the lock state from)"), "\(result)")
                }
            }
        }
    }

    @Test("A corrupt Postbox: postboxUnavailable", .timeLimit(.minutes(5)))
    func postboxCorrupt() async throws {
        try await withSandbox("ns-postbox-corrupt") { sandbox in
            let text = "corrupt store words p5Ek"
            let (fixture, input) = try await Self.goodPush(sandbox, text: text)
            let path = fixture.postboxDatabase
            let size = try #require(ContainerFiles.size(path))
            let handle = try #require(FileHandle(forUpdatingAtPath: path))
            try handle.seek(toOffset: UInt64(size / 4))
            try handle.write(contentsOf: TestRandom.bytes(size / 2))
            try handle.close()
            let (result, content) = try await sandbox.deliverPush(input)
            Self.expectFallback(result, content, reason: "postboxUnavailable", text: text)
        }
    }

    /// Longer than any delivery takes, even on a loaded machine running the whole suite (one took
    /// over 20 s there); each test kills its holder when it is done.
    static let holdSeconds = 100.0

    /// Starts python3 holding SQLite's exclusive lock on the account's Postbox for `seconds`.
    private static func holdWriterLock(_ sandbox: Sandbox, _ fixture: NotifyFixture, seconds: Double) async throws -> RunningProcess {
        let holder = try sandbox.startPython(NotifyPython.holdExclusiveLock, [fixture.postboxDatabase, "\(seconds)"], label: "python-lock")
        _ = try await holder.waitForLine(prefix: "locked", timeout: 30)
        return holder
    }

    @Test("A Postbox held by a writer: postboxUnavailable after SQLite's busy timeout", .timeLimit(.minutes(5)))
    func postboxLockedBusyTimeout() async throws {
        try await withSandbox("ns-postbox-busy") { sandbox in
            let text = "writer holds the store n7Dw"
            let (fixture, input) = try await Self.goodPush(sandbox, text: text)
            let holder = try await Self.holdWriterLock(sandbox, fixture, seconds: Self.holdSeconds)
            defer { holder.kill9() }
            let (result, content) = try await sandbox.deliverPush(input)
            #expect(holder.isRunning, "the lock holder exited before notify-service finished: \(holder.stderr)")
            Self.expectFallback(result, content, reason: "postboxUnavailable", text: text)
            #expect(!content.deadlineExpired, "\(result)")
            #expect(result.seconds >= 4.5, "gave up after \(result.seconds) s, before the 5 s busy timeout")
        }
    }

    @Test("A Postbox held by a writer with --deadline 1: the deadline fallback", .timeLimit(.minutes(5)))
    func postboxLockedDeadline() async throws {
        try await withSandbox("ns-postbox-deadline") { sandbox in
            let text = "deadline while held y2Jf"
            let (fixture, input) = try await Self.goodPush(sandbox, text: text)
            let holder = try await Self.holdWriterLock(sandbox, fixture, seconds: Self.holdSeconds)
            defer { holder.kill9() }
            // The same executable started at the same moment (--help: no store, which is held here)
            // measures what a launch costs right now.
            let reference = try sandbox.start(NotifyService.executable, ["--help"])
            let (result, content) = try await sandbox.deliverPush(input, ["--deadline", "1"])
            let launch = try await reference.wait(timeout: 20, context: "the reference launch")
            // The reason proves the deadline, not SQLite's 5 s busy timeout, ended it.
            Self.expectFallback(result, content, reason: "deadline", text: text)
            #expect(content.deadlineExpired, "\(result)")
            #expect(result.seconds < launch.seconds + 3, "took \(result.seconds) s with --deadline 1 (a bare launch took \(launch.seconds) s)")
        }
    }
}
