import Container
import Cryptography
import Foundation
import KeyValueStore
import Storage
import TestSupport
#if canImport(Glibc)
import Glibc
#endif

/// The container inspected from outside, as a test sees it between processes.
enum ContainerFiles {
    /// Every regular file under `root` (recursively, not following symlinks), as paths relative to
    /// `root`. FIFOs, sockets and devices are skipped (reading a FIFO would block).
    static func regularFiles(under root: String) -> [String] {
        var out: [String] = []
        func walk(_ dir: String, _ relative: String) {
            guard let names = try? FileManager.default.contentsOfDirectory(atPath: dir) else { return }
            for name in names.sorted() {
                let full = dir + "/" + name
                let rel = relative.isEmpty ? name : relative + "/" + name
                var st = stat()
                guard lstat(full, &st) == 0 else { continue }
                switch st.st_mode & S_IFMT {
                case S_IFDIR: walk(full, rel)
                case S_IFREG: out.append(rel)
                default: break
                }
            }
        }
        walk(root, "")
        return out
    }

    /// Every entry (any type) under `root`, relative.
    static func allEntries(under root: String) -> [String] {
        (try? FileManager.default.subpathsOfDirectory(atPath: root))?.sorted() ?? []
    }

    static func bytes(_ path: String) -> Data? { FileManager.default.contents(atPath: path) }

    static func exists(_ path: String) -> Bool { FileManager.default.fileExists(atPath: path) }

    /// Size in bytes (lstat), nil when absent.
    static func size(_ path: String) -> Int? {
        var st = stat()
        guard lstat(path, &st) == 0 else { return nil }
        return Int(st.st_size)
    }

    static func isDirectory(_ path: String) -> Bool {
        var st = stat()
        return lstat(path, &st) == 0 && st.st_mode & S_IFMT == S_IFDIR
    }

    /// Permission bits (lstat), nil when absent.
    static func mode(_ path: String) -> mode_t? {
        var st = stat()
        guard lstat(path, &st) == 0 else { return nil }
        return st.st_mode & 0o7777
    }

    /// `telegram-data/account-*` directories.
    static func accountDirectories(_ layout: ContainerLayout) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: layout.rootPath)) ?? [])
            .filter { $0.hasPrefix("account-") }.sorted()
    }

    /// Every Postbox and AccountManager file, and the device key, by path relative to
    /// telegram-data; `-shm` files (shared memory, rewritten by any reader) are excluded.
    static func storeSnapshot(_ layout: ContainerLayout) -> [String: Data] {
        var roots = [layout.accountsMetadataPath]
        for account in accountDirectories(layout) { roots.append(layout.rootPath + "/" + account + "/postbox/db") }
        var snapshot: [String: Data] = [:]
        for root in roots {
            let prefix = String(root.dropFirst(layout.rootPath.count + 1))
            for file in regularFiles(under: root) where !file.hasSuffix("-shm") {
                snapshot[prefix + "/" + file] = bytes(root + "/" + file) ?? Data()
            }
        }
        snapshot[".tempkey"] = bytes(layout.deviceKeyPath)
        return snapshot
    }

    /// A readable list of what differs between two snapshots (empty when identical).
    static func differences(_ before: [String: Data], _ after: [String: Data]) -> [String] {
        var out: [String] = []
        for key in Set(before.keys).union(after.keys).sorted() {
            switch (before[key], after[key]) {
            case (nil, let a?): out.append("\(key): created (\(a.count) bytes)")
            case (let b?, nil): out.append("\(key): deleted (was \(b.count) bytes)")
            case (let b?, let a?) where b != a: out.append("\(key): changed (\(b.count) → \(a.count) bytes)")
            default: break
            }
        }
        return out
    }
}

/// Opens a store read-only from the test process with the key derived from the container's
/// current `.tempkey` and returns `PRAGMA integrity_check`'s answer. Throws when the key does not
/// open it.
func integrityCheck(databasePath: String, purpose: String, layout: ContainerLayout) throws -> String {
    guard let deviceKey = try DeviceKey.load(path: layout.deviceKeyPath) else {
        throw HarnessError("no device key at \(layout.deviceKeyPath)")
    }
    let box = try ValueBox(path: databasePath, key: KeyDerivation.key(for: purpose, from: deviceKey),
                           readOnly: true,
                           schemaVersion: purpose == "account-manager" ? SharedDataStore.schemaVersion : PostboxTable.schemaVersion)
    return try box.integrityCheck()
}

func postboxPurpose(_ accountId: Int64) -> String { "postbox/\(UInt64(bitPattern: accountId))" }
