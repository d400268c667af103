/// Telegram's two networks and one of our own: the production datacenters, Telegram's test
/// datacenters (accounts there are separate and short-lived), or a server named by address
/// (the Telegram-protocol test server under Tools/mtproto-server, or any other).
public enum DatacenterEnvironment: String, Codable, Sendable, CaseIterable {
    case production
    case test
    case custom

    /// The dc id sent in p_q_inner_data_dc: Telegram's test datacenters take 10000 + id.
    public func wireDatacenterId(_ id: Int32) -> Int32 {
        self == .test ? 10_000 + id : id
    }
}
