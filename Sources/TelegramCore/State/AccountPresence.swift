import Container
import Storage
import Synchronization
import TelegramApi

/// What the server says live and keeps nowhere: who is typing in which chat, and who is online.
/// Filled from the updates pushed to the app's connection (and users' statuses in what a
/// catch-up brings), read by the interface's frames. A typing notice lasts six seconds after the
/// last one, as Telegram's clients show it (a typing client repeats it every few seconds while it
/// types, and cancels it when it sends).
public final class AccountPresence: Sendable {
    static let typingSeconds: UInt64 = 6
    /// Per chat: until when the notice shows, and who types (a group names its member).
    private let typing = Mutex<[PeerId: (until: UInt64, user: PeerId)]>([:])
    private let statuses = Mutex<[PeerId: UserStatus]>([:])

    /// A user's online status as the server gives it (userStatus*).
    public enum UserStatus: Equatable, Sendable {
        /// Online until this unix time (then last seen then, unless it says so again).
        case online(until: Int32)
        case lastSeen(Int32)
        /// Hidden by the user: only roughly.
        case recently, lastWeek, lastMonth

        init?(_ status: Api.UserStatus) {
            switch status {
            case .userStatusEmpty: return nil
            case .userStatusOnline(let expires): self = .online(until: expires)
            case .userStatusOffline(let wasOnline): self = .lastSeen(wasOnline)
            case .userStatusRecently: self = .recently
            case .userStatusLastWeek: self = .lastWeek
            case .userStatusLastMonth: self = .lastMonth
            }
        }

        /// As of `now`: online past its time is last seen then.
        public func at(_ now: Int32) -> UserStatus {
            if case .online(let until) = self, until <= now { return .lastSeen(until) }
            return self
        }
    }

    public init() {}

    /// The user's status as last heard (nil: never said).
    public func status(of user: PeerId) -> UserStatus? { statuses.withLock { $0[user] } }

    func set(_ user: PeerId, status: UserStatus) { statuses.withLock { $0[user] = status } }

    /// The statuses the users carry (a catch-up's, the dialogs', the contacts').
    func take(_ users: [Api.User]) {
        let known = users.compactMap { user -> (PeerId, UserStatus)? in
            guard let fields = UserFields(user), let status = fields.status.flatMap(UserStatus.init) else { return nil }
            return (PeerId(namespace: .cloudUser, id: fields.id), status)
        }
        guard !known.isEmpty else { return }
        statuses.withLock { for (user, status) in known { $0[user] = status } }
    }

    /// Who is typing in `chat` now (the last to say so), nil when no one.
    public func typist(in chat: PeerId) -> PeerId? {
        let now = Clock.monotonicNanoseconds()
        return typing.withLock { list in list[chat].flatMap { $0.until > now ? $0.user : nil } }
    }

    /// `user` started (or stopped) typing in `chat`; a stop ends the notice only when it was theirs.
    func set(_ chat: PeerId, typist user: PeerId, typing on: Bool) {
        let until = Clock.monotonicNanoseconds() + Self.typingSeconds * 1_000_000_000
        typing.withLock { list in
            if on {
                list[chat] = (until, user)
            } else if list[chat]?.user == user {
                list[chat] = nil
            }
        }
    }

    /// The soonest a notice ends (nil: none shows), so whoever draws it looks again then.
    var nextExpiry: UInt64? {
        let now = Clock.monotonicNanoseconds()
        return typing.withLock { list in
            list = list.filter { $0.value.until > now }
            return list.values.map(\.until).min()
        }
    }
}
