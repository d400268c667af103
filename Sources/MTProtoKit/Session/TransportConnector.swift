/// TCP connections of one transport kind, as a session's connector makes them.
extension TransportConnection: PacketConnection {}

public enum TransportConnector {
    /// A connector over `kind`; `datacenterId` is the id the obfuscation init carries (the wire
    /// id: 10000 + id on Telegram's test datacenters).
    public static func connector(_ kind: TransportKind, datacenterId: Int32? = nil) -> MTProtoSession.Connector {
        { address, timeout in
            try TransportConnection.connect(to: address, kind: kind, timeout: timeout,
                                            datacenterId: datacenterId.map { Int16(truncatingIfNeeded: $0) })
        }
    }
}
