import MTProtoKit
import Storage

/// MTProtoKit's key store over the account's Postbox, as TelegramCore gives MTProtoKit a keychain
/// backed by Postbox's: each datacenter's auth info in the keychain table, sealed with the rest.
/// Only the writer (main) creates keys, so only it may hand a writable Postbox here.
public final class PostboxAuthKeyStore: AuthKeyStore, @unchecked Sendable {
    private let postbox: Postbox

    public init(postbox: Postbox) {
        self.postbox = postbox
    }

    public func authInfo(datacenter: Int32) -> DatacenterAuthInfo? {
        guard let record = try? postbox.read({ try $0.datacenterAuthInfo(datacenter) }) else { return nil }
        return DatacenterAuthInfo(encoded: record)
    }

    /// Not durable: a record lost to a power cut costs one new key exchange, and a damaged one
    /// reads back as none (the record is checked whole), never as a wrong key.
    public func setAuthInfo(_ info: DatacenterAuthInfo?, datacenter: Int32) {
        _ = try? postbox.transaction { try $0.setDatacenterAuthInfo(info?.encoded(), datacenter: datacenter) }
    }
}
