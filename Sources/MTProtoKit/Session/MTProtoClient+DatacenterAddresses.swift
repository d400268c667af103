import TelegramApi

/// A datacenter the configuration has no address for (a custom server's other datacenters: where
/// its files live) is looked up in the main datacenter's help.getConfig, once a run, as
/// MTProtoKit's MTContext updates its address sets from the config: its IPv4 options that are
/// not CDNs, in the order given. Until then, and where the config names none, a custom
/// configuration's one server stands in for it (DatacenterConfiguration.addresses(of:)).
extension MTProtoClient {
    func learnAddress(of datacenter: Int32) {
        // Checked and claimed at once: two threads never both ask.
        let asks = lock.withLock { () -> Bool in
            guard known.environment == .custom, known.addresses[datacenter]?.isEmpty ?? true, !configAsked else { return false }
            configAsked = true
            return true
        }
        guard asks else { return }
        guard let config = try? send(Api.functions.help.GetConfig(), to: mainDatacenter, timeout: 10, cancellation: nil) else { return }
        let learnt = Self.addresses(in: config)
        lock.withLock {
            for (id, addresses) in learnt where known.addresses[id]?.isEmpty ?? true { known.addresses[id] = addresses }
        }
    }

    /// The config's datacenters: IPv4, not CDNs, not media-only, in the order given.
    static func addresses(in config: Api.Config) -> [Int32: [DatacenterAddress]] {
        guard case .config(let fields) = config else { return [:] }
        var result: [Int32: [DatacenterAddress]] = [:]
        for option in fields.dcOptions {
            guard case .dcOption(let ipv6, let mediaOnly, _, let cdn, _, _, let id, let host, let port, _) = option,
                  !ipv6, !mediaOnly, !cdn, let port = UInt16(exactly: port) else { continue }
            result[id, default: []].append(DatacenterAddress(host: host, port: port))
        }
        return result
    }
}
