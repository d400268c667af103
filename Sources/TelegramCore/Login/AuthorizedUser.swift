import TelegramApi

/// The account's own user as the server answers a login (auth.authorization's user): Telegram's
/// user id is the account's peer id from then on.
public struct AuthorizedUser: Codable, Sendable, Equatable {
    public let id: Int64
    public let accessHash: Int64
    public let phone: String
    public let firstName: String
    public let lastName: String
    public let username: String?

    public init(id: Int64, accessHash: Int64, phone: String, firstName: String, lastName: String, username: String? = nil) {
        (self.id, self.accessHash, self.phone, self.firstName, self.lastName, self.username) = (id, accessHash, phone, firstName, lastName, username)
    }

    /// nil for userEmpty, which a login never answers.
    public init?(_ user: Api.User) {
        guard let user = UserFields(user) else { return nil }
        self.init(id: user.id, accessHash: user.accessHash ?? 0, phone: user.phone ?? "", firstName: user.firstName ?? "",
                  lastName: user.lastName ?? "", username: user.username)
    }

    public var name: String { lastName.isEmpty ? firstName : firstName + " " + lastName }
}
