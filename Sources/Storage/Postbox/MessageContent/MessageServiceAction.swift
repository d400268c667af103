/// A service message's action (Telegram's TelegramMediaAction): its name as Telegram Desktop
/// writes it (`pin_message`, `phone_call`, `invite_members`, `migrate_from_group`, ...) and the
/// data it came with, in the order given: the pinned message's id, a call's duration and reason,
/// the members, a title. Kept whole, so nothing a service line said is lost and new actions need
/// no new type.
public struct MessageServiceAction: Equatable, Sendable {
    public enum Value: Equatable, Sendable {
        case integer(Int64)
        case text(String)
        case list([String])
        case flag(Bool)
    }

    public var action: String
    public var fields: [(key: String, value: Value)]

    public init(action: String, fields: [(key: String, value: Value)] = []) {
        self.action = action
        self.fields = fields
    }

    public subscript(key: String) -> Value? { fields.first { $0.key == key }?.value }

    public func integer(_ key: String) -> Int64? { if case .integer(let v)? = self[key] { return v } else { return nil } }
    public func text(_ key: String) -> String? { if case .text(let v)? = self[key] { return v } else { return nil } }
    public func list(_ key: String) -> [String]? { if case .list(let v)? = self[key] { return v } else { return nil } }

    public static func == (a: Self, b: Self) -> Bool {
        a.action == b.action && a.fields.count == b.fields.count
            && zip(a.fields, b.fields).allSatisfy { $0.key == $1.key && $0.value == $1.value }
    }
}
