import Foundation
import Synchronization
import Testing
import Container
@testable import Cryptography
import TestSupport

@Suite("DeviceKey")
struct DeviceKeyTests {
    @Test("a damaged key being replaced by a process that does not answer (stopped) is an error after 5 s, not a hang")
    func aStoppedReplacerIsNotWaitedForEver() throws {
        try withTemporaryDirectory("devkey-stopped") { dir in
            let path = dir.sub("telegram-data/.tempkey")
            try FileSystem.createDirectory(FileSystem.parentPath(path))
            try AtomicFile.write([UInt8](repeating: 1, count: 7), to: path)
            // flock is per open file: a second FileLock in this process is another holder.
            let holder = FileLock(path: path + ".lock")
            #expect(try holder.tryLock())
            defer { holder.unlock() }
            let started = Date()
            #expect(throws: DeviceKey.LoadError.self) { _ = try DeviceKey.loadOrCreate(path: path) { false } }
            #expect(Date().timeIntervalSince(started) < 30)
        }
    }

    @Test func createsA48ByteKeyAndLoadsTheSameOneAgain() throws {
        try withTemporaryDirectory("devkey") { dir in
            let path = dir.sub("telegram-data/.tempkey")
            let (created, wasCreated) = try DeviceKey.loadOrCreate(path: path) { false }
            #expect(wasCreated)
            let bytes = try #require(fileBytes(path))
            #expect(bytes.count == 48)
            #expect(created.key == Array(bytes[0..<32]))
            #expect(created.salt == Array(bytes[32..<48]))
            #expect(fileMode(path) == 0o600)
            #expect(created.key != [UInt8](repeating: 0, count: 32))

            let (again, createdAgain) = try DeviceKey.loadOrCreate(path: path) { false }
            #expect(!createdAgain)
            #expect(again == created)
            #expect(try DeviceKey.load(path: path) == created)
            #expect(fileBytes(path) == bytes)
            // Only .tempkey is left: no temp files from the link dance.
            #expect(FileSystem.listDirectory(dir.sub("telegram-data")) == [".tempkey"])
        }
    }

    @Test func separateContainersGetDifferentKeys() throws {
        try withTemporaryDirectory("devkey") { dir in
            let a = try DeviceKey.loadOrCreate(path: dir.sub("a/.tempkey")) { false }.0
            let b = try DeviceKey.loadOrCreate(path: dir.sub("b/.tempkey")) { false }.0
            #expect(a.key != b.key)
            #expect(a.salt != b.salt)
        }
    }

    @Test func existingValidKeyIsUsedWithoutAskingAboutDatabases() throws {
        try withTemporaryDirectory("devkey") { dir in
            let path = dir.sub(".tempkey")
            let bytes = (0..<48).map { UInt8($0 * 3) }
            try writeBytes(bytes, to: path)
            let asked = Atomic<Int>(0)
            let (key, created) = try DeviceKey.loadOrCreate(path: path) {
                asked.add(1, ordering: .relaxed)
                return true
            }
            #expect(!created)
            #expect(key == DeviceKey(bytes: bytes))
            #expect(asked.load(ordering: .relaxed) == 0)
        }
    }

    @Test(arguments: [0, 1, 32, 47, 49, 96])
    func wrongLengthWithDatabasesIsAnErrorAndLeavesTheFileAlone(_ length: Int) throws {
        try withTemporaryDirectory("devkey") { dir in
            let path = dir.sub(".tempkey")
            let original = (0..<length).map { UInt8(truncatingIfNeeded: 0xA5 &+ $0) }
            try writeBytes(original, to: path)
            #expect {
                try DeviceKey.loadOrCreate(path: path) { true }
            } throws: { error in
                guard case let .wrongLength(p, found)? = error as? DeviceKey.LoadError else { return false }
                return p == path && found == length
            }
            #expect(fileBytes(path) == original, "the device key file was modified")
            #expect(FileSystem.listDirectory(dir.path) == [".tempkey"])
            #expect(throws: DeviceKey.LoadError.self) { try DeviceKey.load(path: path) }
            #expect(fileBytes(path) == original)
        }
    }

    @Test(arguments: [0, 20, 47, 49])
    func wrongLengthWithoutDatabasesIsReplaced(_ length: Int) throws {
        try withTemporaryDirectory("devkey") { dir in
            let path = dir.sub(".tempkey")
            let original = [UInt8](repeating: 0x11, count: length)
            try writeBytes(original, to: path)
            let (key, created) = try DeviceKey.loadOrCreate(path: path) { false }
            #expect(created)
            let bytes = try #require(fileBytes(path))
            #expect(bytes.count == 48)
            #expect(key == DeviceKey(bytes: bytes))
            #expect(try DeviceKey.loadOrCreate(path: path) { true }.0 == key)
        }
    }

    @Test func loadOfAMissingKeyIsNil() throws {
        try withTemporaryDirectory("devkey") { dir in
            let loaded = try DeviceKey.load(path: dir.sub(".tempkey"))
            #expect(loaded == nil)
            #expect(!FileSystem.exists(dir.sub(".tempkey")))
        }
    }

    @Test func aDirectoryInThePlaceOfTheKeyIsUnreadable() throws {
        try withTemporaryDirectory("devkey") { dir in
            let path = dir.sub(".tempkey")
            try FileSystem.createDirectory(path)
            #expect {
                try DeviceKey.loadOrCreate(path: path) { false }
            } throws: { error in
                if case .unreadable? = error as? DeviceKey.LoadError { return true }
                return false
            }
            #expect(FileSystem.isDirectory(path))
        }
    }

    @Test func sixteenThreadsRacingOnAnEmptyDirectoryAgreeOnOneKey() throws {
        try withTemporaryDirectory("devkey") { dir in
            for round in 0..<5 {
                let path = dir.sub("round\(round)/.tempkey")
                let results = Mutex<[(key: DeviceKey?, created: Bool, error: String?)]>([])
                DispatchQueue.concurrentPerform(iterations: 16) { _ in
                    do {
                        let (key, created) = try DeviceKey.loadOrCreate(path: path) { false }
                        results.withLock { $0.append((key, created, nil)) }
                    } catch {
                        results.withLock { $0.append((nil, false, "\(error)")) }
                    }
                }
                let all = results.withLock { $0 }
                #expect(all.count == 16)
                #expect(all.compactMap(\.error).isEmpty, "\(all.compactMap(\.error))")
                let keys = Set(all.compactMap { $0.key.map { $0.key + $0.salt } })
                #expect(keys.count == 1, "threads disagree on the device key")
                #expect(all.filter(\.created).count == 1, "exactly one thread should have created the key")
                let onDisk = try #require(fileBytes(path))
                #expect(keys.first == onDisk)
                #expect(FileSystem.listDirectory(dir.sub("round\(round)")) == [".tempkey"])
            }
        }
    }

    @Test func purposeKeysAreHKDFOfKeyAndSaltAndDifferPerPurpose() {
        let device = DeviceKey(bytes: (0..<48).map { UInt8($0) })
        let postbox = KeyDerivation.key(for: "postbox/1", from: device)
        #expect(postbox.count == 32)
        #expect(postbox == KeyDerivation.hkdf(inputKey: Array(0..<32), salt: Array(32..<48),
                                              info: Array("telegram-linux/v1/postbox/1".utf8)))
        #expect(postbox != KeyDerivation.key(for: "postbox/2", from: device))
        #expect(postbox != KeyDerivation.key(for: "account-manager", from: device))
        let otherSalt = DeviceKey(bytes: Array(0..<32) + [UInt8](repeating: 9, count: 16))
        #expect(postbox != KeyDerivation.key(for: "postbox/1", from: otherSalt))
    }

    @Test func constantTimeEquals() {
        #expect(KeyDerivation.constantTimeEquals([1, 2, 3], [1, 2, 3]))
        #expect(KeyDerivation.constantTimeEquals([], []))
        #expect(!KeyDerivation.constantTimeEquals([1, 2, 3], [1, 2, 4]))
        #expect(!KeyDerivation.constantTimeEquals([0, 2, 3], [1, 2, 3]))
        #expect(!KeyDerivation.constantTimeEquals([1, 2], [1, 2, 3]))
    }

    @Test func secureRandomIsNotConstant() {
        let a = SecureRandom.bytes(32)
        let b = SecureRandom.bytes(32)
        #expect(a.count == 32)
        #expect(a != b)
        #expect(SecureRandom.bytes(0).isEmpty)
        #expect(Set((0..<8).map { _ in SecureRandom.int64() }).count == 8)
    }
}

@Suite("ValueSealer")
struct ValueSealerTests {
    let key = (0..<32).map { UInt8($0 &* 7 &+ 1) }
    let aad = Array("t5:peer-42".utf8)

    @Test(arguments: [0, 1, 15, 16, 17, 1000, 70_000])
    func roundTrip(_ size: Int) throws {
        let sealer = ValueSealer(key: key)
        let plaintext = (0..<size).map { UInt8(truncatingIfNeeded: $0 &* 13) }
        let sealed = sealer.seal(plaintext, additionalData: aad)
        #expect(sealed.count == size + ValueSealer.overhead)
        #expect(ValueSealer.overhead == 29)
        #expect(sealed[0] == ValueSealer.version)
        #expect(try sealer.open(sealed, additionalData: aad) == plaintext)
        // A second sealer with the same key (another connection) opens it too.
        #expect(try ValueSealer(key: key).open(sealed, additionalData: aad) == plaintext)
        if size >= 16 {
            #expect(!sealed.containsSubsequence(Array(plaintext[0..<16])), "plaintext visible in the sealed value")
        }
    }

    /// AES-256-GCM's published test case 16 (McGrew and Viega's GCM specification: 256-bit key,
    /// 96-bit IV, additional data), laid out as a sealed value: the cipher ValueSealer takes from
    /// OpenSSL's provider (ProviderCipher) is standard AES-256-GCM, not only self-consistent.
    @Test func opensTheGCMSpecificationsTestCase16() throws {
        func bytes(_ hex: String) -> [UInt8] {
            stride(from: 0, to: hex.count, by: 2).map { UInt8(hex.dropFirst($0).prefix(2), radix: 16)! }
        }
        let key = bytes("feffe9928665731c6d6a8f9467308308feffe9928665731c6d6a8f9467308308")
        let plaintext = bytes("d9313225f88406e5a55909c5aff5269a86a7a9531534f7da2e4c303d8a318a72"
                              + "1c3c0c95956809532fcf0e2449a6b525b16aedf5aa0de657ba637b39")
        let additionalData = bytes("feedfacedeadbeeffeedfacedeadbeefabaddad2")
        let iv = bytes("cafebabefacedbaddecaf888")
        let ciphertext = bytes("522dc1f099567d07f47f37a32a84427d643a8cdcbfe5c0c97598a2bd2555d1aa"
                               + "8cb08e48590dbb3da7b08b1056828838c5f61e6393ba7a0abcc9f662")
        let tag = bytes("76fc6ece0f4e1768cddf8853bb2d551b")
        let sealed = [ValueSealer.version] + iv + ciphertext + tag
        #expect(try ValueSealer(key: key).open(sealed, additionalData: additionalData) == plaintext)
        var forged = sealed
        forged[forged.count - 1] ^= 1
        #expect(throws: ValueSealer.OpenError.self) { try ValueSealer(key: key).open(forged, additionalData: additionalData) }
    }

    @Test func freshNonceEverySeal() {
        let sealer = ValueSealer(key: key)
        let a = sealer.seal(Array("same".utf8), additionalData: aad)
        let b = sealer.seal(Array("same".utf8), additionalData: aad)
        #expect(a != b)
        #expect(a[1...12] != b[1...12], "nonce reused")
    }

    @Test func everyTamperedByteIsDetected() throws {
        let sealer = ValueSealer(key: key)
        let sealed = sealer.seal(Array("hello, world".utf8), additionalData: aad)
        for index in sealed.indices {
            for flip: UInt8 in [0x01, 0x80] {
                var tampered = sealed
                tampered[index] ^= flip
                #expect(throws: ValueSealer.OpenError.self, "byte \(index) flip \(flip)") {
                    try sealer.open(tampered, additionalData: aad)
                }
            }
        }
        // The sealer still opens the genuine value after all those failures.
        #expect(try sealer.open(sealed, additionalData: aad) == Array("hello, world".utf8))
    }

    @Test func truncatedOrExtendedValuesAreRejected() {
        let sealer = ValueSealer(key: key)
        let sealed = sealer.seal(Array("payload".utf8), additionalData: aad)
        for cut in [0, 1, 13, ValueSealer.overhead - 1, sealed.count - 1] {
            #expect(throws: ValueSealer.OpenError.self, "cut to \(cut)") {
                try sealer.open(Array(sealed.prefix(cut)), additionalData: aad)
            }
        }
        #expect(throws: ValueSealer.OpenError.self) { try sealer.open(sealed + [0], additionalData: aad) }
    }

    @Test func differentAdditionalDataIsRejected() throws {
        let sealer = ValueSealer(key: key)
        let sealed = sealer.seal(Array("payload".utf8), additionalData: aad)
        for other in [[], Array("t5:peer-43".utf8), Array("t6:peer-42".utf8), aad + [0], Array(aad.dropLast())] {
            #expect(throws: ValueSealer.OpenError.self) { try sealer.open(sealed, additionalData: other) }
        }
        let noAAD = sealer.seal(Array("payload".utf8), additionalData: [])
        #expect(try sealer.open(noAAD, additionalData: []) == Array("payload".utf8))
        #expect(throws: ValueSealer.OpenError.self) { try sealer.open(noAAD, additionalData: [0]) }
    }

    @Test func wrongKeyIsRejected() {
        let sealed = ValueSealer(key: key).seal(Array("payload".utf8), additionalData: aad)
        var other = key
        other[31] ^= 1
        #expect(throws: ValueSealer.OpenError.self) { try ValueSealer(key: other).open(sealed, additionalData: aad) }
        #expect(throws: ValueSealer.OpenError.self) {
            try ValueSealer(key: [UInt8](repeating: 0, count: 32)).open(sealed, additionalData: aad)
        }
    }

    @Test func unknownVersionIsRejected() {
        let sealer = ValueSealer(key: key)
        var sealed = sealer.seal(Array("payload".utf8), additionalData: aad)
        sealed[0] = 2
        #expect {
            try sealer.open(sealed, additionalData: aad)
        } throws: { error in
            (error as? ValueSealer.OpenError)?.reason.contains("version") == true
        }
    }

    @Test func shortKeyIsAProgrammingError() async {
        await #expect(processExitsWith: .failure) {
            _ = ValueSealer(key: [UInt8](repeating: 1, count: 16))
        }
    }
}

@Suite("DeviceKey edge cases")
struct DeviceKeyEdgeCaseTests {
    /// Regression: `read` used `FileSystem.readFile(path, limit: 4096)`, so a .tempkey larger than 4 KiB
    /// is reported as `.unreadable` ("file too large") instead of `.wrongLength`. With no databases
    /// the contract says a wrong-length file is replaced; a 5000-byte one is not, and every launch
    /// fails until someone deletes it by hand.
    @Test func oversizedKeyFileWithoutDatabasesIsReplacedLikeAnyWrongLength() throws {
        try withTemporaryDirectory("devkey") { dir in
            let path = dir.sub(".tempkey")
            try writeBytes([UInt8](repeating: 0x42, count: 5000), to: path)
            let outcome = Result { try DeviceKey.loadOrCreate(path: path) { false }.created }
            let created = try outcome.get()
            #expect(created)
            #expect(fileBytes(path)?.count == 48)
        }
    }

    @Test func oversizedKeyFileWithDatabasesIsLeftAlone() throws {
        try withTemporaryDirectory("devkey") { dir in
            let path = dir.sub(".tempkey")
            let original = [UInt8](repeating: 0x42, count: 5000)
            try writeBytes(original, to: path)
            #expect(throws: DeviceKey.LoadError.self) { try DeviceKey.loadOrCreate(path: path) { true } }
            #expect(fileBytes(path) == original)
        }
    }

    /// Regression (race): with a wrong-length file and no databases, every racer that read the bad
    /// bytes later `unlink(path)`s whatever is there by then, which can be the good key another
    /// racer has just linked into place and returned. The two racers then use different keys. The
    /// `databasesExist` check sits between the read and the unlink; a slow check (a few stat calls
    /// on a busy disk) widens the window, which this test does deterministically with a short sleep.
    @Test func racersReplacingAWrongLengthFileAgreeOnOneKey() throws {
        try withTemporaryDirectory("devkey") { dir in
            var disagreeingRounds = 0
            for round in 0..<3 {
                let path = dir.sub("r\(round)/.tempkey")
                try FileSystem.createDirectory(dir.sub("r\(round)"))
                try writeBytes([UInt8](repeating: 7, count: 20), to: path)
                let keys = Mutex<[[UInt8]]>([])
                let checks = Atomic<Int>(0)
                DispatchQueue.concurrentPerform(iterations: 4) { _ in
                    // The first racer's check is quick, the others' slower.
                    let slowCheck: () -> Bool = {
                        let order = checks.add(1, ordering: .relaxed).oldValue
                        usleep(order == 0 ? 5_000 : 40_000)
                        return false
                    }
                    if let key = try? DeviceKey.loadOrCreate(path: path, databasesExist: slowCheck).0 {
                        keys.withLock { $0.append(key.key + key.salt) }
                    }
                }
                let returned = keys.withLock { $0 }
                if Set(returned + [fileBytes(path) ?? []]).count != 1 { disagreeingRounds += 1 }
            }
            #expect(disagreeingRounds == 0, "racers returned different device keys in \(disagreeingRounds) of 3 rounds")
        }
    }
}
