import MTProtoKit

/// A login finished against a server, as the process that talked to it hands it to the writer
/// (main, or the running app through a sealed request): who logged in, where, and the auth key
/// the login happened on, which becomes the account's.
public struct ServerLogin: Codable, Sendable, Equatable {
    public let user: AuthorizedUser
    public let server: AccountServer
    /// DatacenterAuthInfo.encoded() of the server's main datacenter.
    public let authInfo: [UInt8]

    public init(user: AuthorizedUser, server: AccountServer, authInfo: DatacenterAuthInfo) {
        self.user = user
        self.server = server
        self.authInfo = authInfo.encoded()
    }

    public var decodedAuthInfo: DatacenterAuthInfo? { DatacenterAuthInfo(encoded: authInfo) }
}
