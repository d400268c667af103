/// An rpc_error from the server, with the forms a client acts on recognised: FLOOD_WAIT_X (wait
/// X seconds), *_MIGRATE_X (the account or the file lives on datacenter X).
public struct RPCError: Error, Equatable, CustomStringConvertible {
    public let code: Int32
    public let message: String

    public init(code: Int32, message: String) {
        self.code = code
        self.message = message
    }

    /// X of a message "PREFIX_X" when it starts with the prefix and ends with a number.
    private func number(after prefix: String) -> Int32? {
        guard message.hasPrefix(prefix) else { return nil }
        return Int32(message.dropFirst(prefix.count))
    }

    /// FLOOD_WAIT_X (420), and FLOOD_PREMIUM_WAIT_X: seconds to wait before asking again.
    public var floodWaitSeconds: Int32? {
        guard code == 420 else { return nil }
        return number(after: "FLOOD_WAIT_") ?? number(after: "FLOOD_PREMIUM_WAIT_")
    }

    /// PHONE_MIGRATE_X, NETWORK_MIGRATE_X, USER_MIGRATE_X, FILE_MIGRATE_X, STATS_MIGRATE_X (303).
    public var migrateDatacenter: Int32? {
        guard code == 303, let last = message.split(separator: "_").last,
              message.dropLast(last.count).hasSuffix("_MIGRATE_") else { return nil }
        return Int32(last)
    }

    public var description: String { "rpc_error \(code) \(message)" }
}
