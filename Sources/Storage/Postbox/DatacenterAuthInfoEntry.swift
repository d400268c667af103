/// The network's per-datacenter auth info (key, salt, clock offset: MTProtoKit's
/// DatacenterAuthInfo record) lives in the account's keychain table beside the push secret, as
/// Telegram's MTKeychain keeps "datacenterAuthInfoById": sealed with the rest of the Postbox.
extension PostboxTransaction {
    public static func datacenterAuthInfoKeychainName(_ datacenter: Int32) -> String {
        "persistent:datacenterAuthInfo:\(datacenter)"
    }

    public func datacenterAuthInfo(_ datacenter: Int32) throws -> [UInt8]? {
        try keychainEntry(PostboxTransaction.datacenterAuthInfoKeychainName(datacenter))
    }

    /// Stores a record, or removes it (nil): a key the server no longer knows is dropped.
    public func setDatacenterAuthInfo(_ record: [UInt8]?, datacenter: Int32) throws {
        let name = PostboxTransaction.datacenterAuthInfoKeychainName(datacenter)
        if let record {
            try setKeychainEntry(name, record)
        } else {
            try removeKeychainEntry(name)
        }
    }
}
