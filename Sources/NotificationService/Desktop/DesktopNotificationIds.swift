import Container
import Formats
#if canImport(Glibc)
import Glibc
#endif

/// Per chat, the desktop notification notify-service last posted for it
/// (`<root>/desktop-notifications/ids.json`): the next message in the chat replaces it, a
/// deletion or a read mark closes it, and the action listener maps a clicked id back to its chat.
/// Every change is a read-modify-write under `ids.lock` and an atomic replace (an exchange with
/// `ids.spare`), so two notify-service processes at once never lose each other's entries or
/// leave half a file.
public struct DesktopNotificationIds: Sendable {
    public struct Entry: Codable, Equatable, Sendable {
        public var accountId: Int64
        public var peerId: Int64
        /// The server's notification id.
        public var id: UInt32
        /// The message it shows (nil: a push that named none).
        public var messageId: Int32?
        /// When it was posted (Unix milliseconds): part of a reply's request id.
        public var postedAt: Int64
    }

    struct File: Codable {
        var entries: [Entry]
    }

    let path: String
    let lockPath: String
    /// ids.json's previous contents, which the next change is written into and swapped in.
    let sparePath: String
    let directory: String

    public init(layout: ContainerLayout) {
        directory = layout.desktopNotificationsPath
        path = directory + "/ids.json"
        lockPath = directory + "/ids.lock"
        sparePath = directory + "/ids.spare"
    }

    /// The entries as they are now (no lock needed: the file is only ever replaced whole).
    public func entries() -> [Entry] {
        (try? JSONFile.read(File.self, from: path, limit: 1 << 20))?.entries ?? []
    }

    /// Reads and encodes the entries once, discarding both, off the push's path: the Swift runtime
    /// looks up a type's Codable conformances once per process, so the post's read and write
    /// under the lock then find them found.
    func prepare() {
        _ = try? JSONFile.compactText(File(entries: entries()))
    }

    public func entry(accountId: Int64, peerId: Int64) -> Entry? {
        entries().first { $0.accountId == accountId && $0.peerId == peerId }
    }

    public func entry(id: UInt32) -> Entry? { entries().first { $0.id == id } }

    /// Changes the entries under the lock; what `change` returns is handed back.
    @discardableResult
    public func update<T>(_ change: (inout [Entry]) throws -> T) throws -> T {
        try FileSystem.createDirectory(directory)
        let lock = FileLock(path: lockPath, recordsHolder: false)
        // Another notify-service holds it for one small read and write; a holder stuck longer
        // (stopped) costs this notification its replacement, not the push.
        guard try lock.lock(within: 2) else { throw SystemError("the desktop notification ids are locked by another process:", path: lockPath, code: EAGAIN) }
        defer { lock.unlock() }
        var entries = entries()
        let result = try change(&entries)
        // Not synced: the notifications these ids name do not outlive a power cut either (the
        // server's are gone with the session), so a lost update loses nothing shown. The lock
        // keeps other writers out of the spare.
        try AtomicFile.replaceExchanging(Array(try JSONFile.compactText(File(entries: entries)).utf8), at: path, spare: sparePath)
        return result
    }

    /// Records `entry` as its chat's notification, replacing the chat's earlier one.
    public func record(_ entry: Entry) throws {
        try update { entries in
            entries.removeAll { ($0.accountId == entry.accountId && $0.peerId == entry.peerId) || $0.id == entry.id }
            entries.append(entry)
        }
    }

    /// Removes and returns the entries `matching` selects.
    public func remove(where matching: (Entry) -> Bool) throws -> [Entry] {
        try update { entries in
            let removed = entries.filter(matching)
            entries.removeAll(where: matching)
            return removed
        }
    }
}
