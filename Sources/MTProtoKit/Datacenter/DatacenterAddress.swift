/// Where one datacenter listens: a host (an IPv4 or IPv6 literal, or a name) and a TCP port.
public struct DatacenterAddress: Hashable, Sendable, CustomStringConvertible {
    public var host: String
    public var port: UInt16

    public init(host: String, port: UInt16) {
        self.host = host
        self.port = port
    }

    /// "HOST:PORT", "[V6]:PORT"; nil when it is not that shape or the port is not 1…65535.
    public init?(parsing text: String) {
        let hostPart: Substring, portPart: Substring
        if text.hasPrefix("["), let close = text.firstIndex(of: "]") {
            hostPart = text[text.index(after: text.startIndex)..<close]
            let rest = text[text.index(after: close)...]
            guard rest.hasPrefix(":") else { return nil }
            portPart = rest.dropFirst()
        } else {
            guard let colon = text.lastIndex(of: ":") else { return nil }
            hostPart = text[..<colon]
            portPart = text[text.index(after: colon)...]
            if hostPart.contains(":") { return nil }
        }
        guard !hostPart.isEmpty, let port = UInt16(portPart), port > 0 else { return nil }
        self.init(host: String(hostPart), port: port)
    }

    public var description: String { host.contains(":") ? "[\(host)]:\(port)" : "\(host):\(port)" }
}
