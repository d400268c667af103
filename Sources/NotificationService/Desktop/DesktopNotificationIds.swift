import Container
import Formats
#if canImport(Glibc)
import Glibc
#endif

/// Per chat, the desktop notification notify-service last posted for it
/// (`<root>/desktop-notifications/ids.bin`): the next message in the chat replaces it, a
/// deletion or a read mark closes it, and the action listener maps a clicked id back to its chat.
/// Every change is a read-modify-write under `ids.lock` and an atomic replace (an exchange with
/// `ids.spare`), so two notify-service processes at once never lose each other's entries or
/// leave half a file.
public struct DesktopNotificationIds: Sendable {
    public struct Entry: Equatable, Sendable {
        public var accountId: Int64
        public var peerId: Int64
        /// The server's notification id.
        public var id: UInt32
        /// The message it shows (nil: a push that named none).
        public var messageId: Int32?
        /// When it was posted (Unix milliseconds): part of a reply's request id.
        public var postedAt: Int64
    }

    /// The most chats kept: beyond it the oldest go (a notification that old is rarely still
    /// shown; the file and every post's read and write stay small).
    static let limit = 256

    let path: String
    let lockPath: String
    /// The file's previous contents, which the next change is written into and swapped in.
    let sparePath: String
    let directory: String

    public init(layout: ContainerLayout) {
        directory = layout.desktopNotificationsPath
        path = directory + "/ids.bin"
        lockPath = directory + "/ids.lock"
        sparePath = directory + "/ids.spare"
    }

    /// The entries as they are now. Read without the lock, as a post's hot path wants; the file
    /// a reader opened can be the spare the next change but one writes over, and such a read
    /// fails the checksum. Then it is read again under the lock. An unreadable file is none:
    /// what it named is only the desktop's, gone at the next session.
    public func entries() -> [Entry] {
        if let entries = read() { return entries }
        let lock = FileLock(path: lockPath, recordsHolder: false)
        guard (try? lock.lock(within: 2)) == true else { return [] }
        defer { lock.unlock() }
        return read() ?? []
    }

    /// None when there is no file; nil when it cannot be read or is not whole.
    private func read() -> [Entry]? {
        do {
            guard let bytes = try FileSystem.readFileIfExists(path, limit: Self.fileLimit) else { return [] }
            return Self.decode(bytes)
        } catch {
            return nil
        }
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
        var entries = read() ?? []
        let result = try change(&entries)
        if entries.count > Self.limit {
            let oldest = Set(entries.sorted { $0.postedAt < $1.postedAt }.prefix(entries.count - Self.limit).map(\.id))
            entries.removeAll { oldest.contains($0.id) }
        }
        // Not synced: the notifications these ids name do not outlive a power cut either (the
        // server's are gone with the session), so a lost update loses nothing shown. The lock
        // keeps other writers out of the spare.
        let first = !FileSystem.exists(path)
        try AtomicFile.replaceExchanging(Self.encode(entries), at: path, spare: sparePath)
        // The JSON file this one replaced, left by an earlier version: its ids are lost, as at a
        // new session (the next message in each chat posts a new notification).
        if first { unlink(directory + "/ids.json") }
        return result
    }

    /// Records `entry` as its chat's notification, replacing the chat's earlier one.
    public func record(_ entry: Entry) throws {
        try update { Self.record(entry, in: &$0) }
    }

    /// `entry` as its chat's notification in `entries`: the chat's earlier one, and any entry the
    /// server's id now names, go.
    static func record(_ entry: Entry, in entries: inout [Entry]) {
        entries.removeAll { ($0.accountId == entry.accountId && $0.peerId == entry.peerId) || $0.id == entry.id }
        entries.append(entry)
    }

    /// Removes and returns the entries `matching` selects.
    public func remove(where matching: (Entry) -> Bool) throws -> [Entry] {
        try update { entries in
            let removed = entries.filter(matching)
            entries.removeAll(where: matching)
            return removed
        }
    }

    // MARK: - The file

    /// "TGNI", the format's version (Int32), the count (Int32), then per entry its accountId and
    /// peerId (Int64), id (UInt32's bits as Int32), messageId (optional Int32) and postedAt
    /// (Int64), then the FNV-1a hash (UInt64) of everything before it; little-endian (Storage's
    /// BinaryWriter). Read and written in microseconds: as JSON, 37 chats' entries took a post
    /// half a millisecond to decode and encode again. The hash is what tells a read torn by a
    /// writer (a spare written over while read) from the file: a mix of two versions could
    /// otherwise pair one chat with another's notification, and a reply go to the wrong chat.
    static let magic: [UInt8] = Array("TGNI".utf8)
    static let version: Int32 = 2
    static let fileLimit = 64 << 10

    static func encode(_ entries: [Entry]) -> [UInt8] {
        var writer = BinaryWriter(capacity: 20 + entries.count * 33)
        for byte in magic { writer.write(byte) }
        writer.write(version)
        writer.write(Int32(entries.count))
        for entry in entries {
            writer.write(entry.accountId)
            writer.write(entry.peerId)
            writer.write(Int32(bitPattern: entry.id))
            writer.writeOptional(entry.messageId)
            writer.write(entry.postedAt)
        }
        writer.write(Int64(bitPattern: hash(writer.bytes[...])))
        return writer.bytes
    }

    /// FNV-1a, 64 bits: a torn read's check, not a defence against anyone writing the file.
    static func hash(_ bytes: ArraySlice<UInt8>) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in bytes { hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01b3 }
        return hash
    }

    /// Nil for anything but a whole file of this format and version.
    static func decode(_ bytes: [UInt8]) -> [Entry]? {
        guard bytes.count >= 20, Array(bytes[0 ..< 4]) == magic else { return nil }
        let body = bytes[..<(bytes.count - 8)]
        var trailer = BinaryReader(Array(bytes[body.endIndex...]))
        guard let stored = try? trailer.readInt64(), UInt64(bitPattern: stored) == hash(body) else { return nil }
        var reader = BinaryReader(Array(body[4...]))
        do {
            guard try reader.readInt32() == version else { return nil }
            let count = try reader.readCount(max: Int32(limit))
            var entries: [Entry] = []
            entries.reserveCapacity(count)
            for _ in 0 ..< count {
                entries.append(Entry(accountId: try reader.readInt64(), peerId: try reader.readInt64(),
                                     id: UInt32(bitPattern: try reader.readInt32()), messageId: try reader.readOptionalInt32(),
                                     postedAt: try reader.readInt64()))
            }
            return reader.isAtEnd ? entries : nil
        } catch {
            return nil
        }
    }
}
