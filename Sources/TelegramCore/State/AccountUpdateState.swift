import FoundationEssentials
import Storage
import TelegramApi

/// Where the account stands in the server's sequence of updates (core.telegram.org/api/updates):
/// pts for its messages, qts for secret chats, date and seq for the rest. Written in the same
/// Postbox transaction as what it accounts for, so after a crash the account resumes from the
/// last applied point: never skipping an update, never applying one twice.
public struct AccountUpdateState: Codable, Sendable, Equatable {
    public static let keychainName = "persistent:updateState"

    public var pts: Int32
    public var qts: Int32
    public var date: Int32
    public var seq: Int32

    public init(pts: Int32, qts: Int32, date: Int32, seq: Int32) {
        (self.pts, self.qts, self.date, self.seq) = (pts, qts, date, seq)
    }

    init(_ state: Api.updates.State) {
        guard case .state(let pts, let qts, let date, let seq, _) = state else { fatalError("updates.State has one constructor") }
        self.init(pts: pts, qts: qts, date: date, seq: seq)
    }

    /// nil before the account's first sync (or an unreadable record: a new sync from getState).
    public static func read(_ transaction: PostboxTransaction) throws -> AccountUpdateState? {
        guard let bytes = try transaction.keychainEntry(keychainName) else { return nil }
        return decode(bytes)
    }

    public func write(_ transaction: PostboxTransaction) throws {
        try transaction.setKeychainEntry(Self.keychainName, encoded)
    }

    /// The record as JSONEncoder writes it with sorted keys, `{"date":…,"pts":…,"qts":…,"seq":…}`,
    /// made by hand: every pushed update reads and writes it, and Foundation's coders were 40 % of
    /// applying one pushed message (perf).
    var encoded: [UInt8] {
        Array("{\"date\":\(date),\"pts\":\(pts),\"qts\":\(qts),\"seq\":\(seq)}".utf8)
    }

    /// The record read: that exact shape by hand, anything else through JSONDecoder.
    static func decode(_ bytes: [UInt8]) -> AccountUpdateState? {
        if let fields = SortedKeysRecord.integers(bytes, keys: ["date", "pts", "qts", "seq"]) {
            return AccountUpdateState(pts: fields[1], qts: fields[2], date: fields[0], seq: fields[3])
        }
        return try? JSONDecoder().decode(AccountUpdateState.self, from: Data(bytes))
    }
}

/// A JSON object of Int32 fields exactly as JSONEncoder writes it with sorted keys and no spaces,
/// read without Foundation; nil for any other shape (the caller then asks JSONDecoder).
enum SortedKeysRecord {
    static func integers(_ bytes: [UInt8], keys: [String]) -> [Int32]? {
        var at = 0
        func take(_ text: String) -> Bool {
            for byte in text.utf8 {
                guard at < bytes.count, bytes[at] == byte else { return false }
                at += 1
            }
            return true
        }
        func integer() -> Int32? {
            let negative = at < bytes.count && bytes[at] == UInt8(ascii: "-")
            if negative { at += 1 }
            var value: Int64 = 0
            let start = at
            while at < bytes.count, bytes[at] >= UInt8(ascii: "0"), bytes[at] <= UInt8(ascii: "9"), at - start < 11 {
                value = value * 10 + Int64(bytes[at] - UInt8(ascii: "0"))
                at += 1
            }
            guard at > start else { return nil }
            return Int32(exactly: negative ? -value : value)
        }
        var values: [Int32] = []
        for (n, key) in keys.enumerated() {
            guard take(n == 0 ? "{\"" : ",\""), take(key), take("\":"), let value = integer() else { return nil }
            values.append(value)
        }
        guard take("}"), at == bytes.count else { return nil }
        return values
    }
}

extension AccountUpdateState {
    /// After an answer that moved the account's pts (messages.affectedMessages, a sent message),
    /// or a channel's (`chat` a channel: its own pts): the stored pts takes it when the answer is
    /// the next step from it; otherwise it stays, and a difference fills what lies between.
    static func advance(to pts: Int32, count: Int32, in t: PostboxTransaction, chat: PeerId? = nil) throws {
        if let chat, chat.namespace == .cloudChannel {
            if let stored = try t.channelPts(chat), PtsOrder(stored: stored, pts: pts, count: count) == .follows { try t.setChannelPts(chat, pts) }
            return
        }
        guard var state = try read(t), PtsOrder(stored: state.pts, pts: pts, count: count) == .follows else { return }
        state.pts = pts
        try state.write(t)
    }
}

/// Where an update of a pts sequence (the account's, or one channel's) stands against the stored
/// pts, by its pts and pts_count (core.telegram.org/api/updates): the next step, one applied
/// already, or one past a gap that only a difference fills. The one rule every path applies.
enum PtsOrder: Equatable {
    case follows, applied, gap

    init(stored: Int32, pts: Int32, count: Int32) {
        self = stored + count == pts ? .follows : stored + count > pts ? .applied : .gap
    }
}
