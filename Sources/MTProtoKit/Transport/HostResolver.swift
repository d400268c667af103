import Container
#if canImport(Glibc)
import Glibc
#endif

/// One address to connect to: a copy of the sockaddr getaddrinfo gave, kept after its list is freed.
struct ResolvedAddress: Sendable {
    let family: Int32
    let socketAddress: [UInt8]
    let description: String
}

/// Name resolution within the connect's deadline. getaddrinfo has no timeout of its own and a
/// dead resolver can hold it for many seconds, so a name is resolved on a thread of its own and
/// waited for until the deadline; a resolution still running then is left to finish alone (it
/// frees its own result). A literal address never waits: it is read at once.
enum HostResolver {
    typealias Lookup = @Sendable (_ host: String, _ port: UInt16, _ numericOnly: Bool) -> Result<[ResolvedAddress], TransportError>

    /// `lookup` is getaddrinfo; tests give a slow one.
    static func resolve(host: String, port: UInt16, deadline: UInt64, timeout: Double,
                        lookup: @escaping Lookup = { lookup(host: $0, port: $1, numericOnly: $2) }) throws(TransportError) -> [ResolvedAddress] {
        switch lookup(host, port, true) {
        case .success(let addresses): return addresses
        case .failure(.hostNotFound) where !host.isEmpty: break  // a name, not a literal
        case .failure(let error): throw error
        }
        let pending = Pending()
        guard let thread = JoinableThread.start({ pending.finish(lookup(host, port, false)) }) else {
            throw .system(operation: "start a thread to resolve \(host)", code: EAGAIN)
        }
        let outcome = pending.wait(until: deadline)
        guard let outcome else {
            thread.detach()
            throw .timedOut(operation: "resolving \(host)", seconds: timeout)
        }
        thread.join()
        return try outcome.get()
    }

    private final class Pending: @unchecked Sendable {
        private let lock = ConditionLock()
        private var outcome: Result<[ResolvedAddress], TransportError>?

        func finish(_ result: Result<[ResolvedAddress], TransportError>) {
            lock.withLock {
                outcome = result
                lock.broadcast()
            }
        }

        func wait(until deadline: UInt64) -> Result<[ResolvedAddress], TransportError>? {
            lock.withLock {
                while outcome == nil && Clock.monotonicNanoseconds() < deadline { lock.wait(until: deadline) }
                return outcome
            }
        }
    }

    private static func lookup(host: String, port: UInt16, numericOnly: Bool) -> Result<[ResolvedAddress], TransportError> {
        var hints = addrinfo()
        hints.ai_family = AF_UNSPEC
        hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
        hints.ai_flags = AI_NUMERICSERV | (numericOnly ? AI_NUMERICHOST : 0)
        var list: UnsafeMutablePointer<addrinfo>?
        let resolved = getaddrinfo(host, String(port), &hints, &list)
        guard resolved == 0, let list else {
            return .failure(.hostNotFound(host: host, reason: String(cString: gai_strerror(resolved))))
        }
        defer { freeaddrinfo(list) }
        var addresses: [ResolvedAddress] = []
        var entry: UnsafeMutablePointer<addrinfo>? = list
        while let info = entry {
            entry = info.pointee.ai_next
            guard let address = info.pointee.ai_addr else { continue }
            let bytes = Array(UnsafeRawBufferPointer(start: address, count: Int(info.pointee.ai_addrlen)))
            addresses.append(ResolvedAddress(family: info.pointee.ai_family, socketAddress: bytes,
                                             description: describe(address, port: port)))
        }
        return addresses.isEmpty ? .failure(.hostNotFound(host: host, reason: "no address")) : .success(addresses)
    }

    private static func describe(_ address: UnsafeMutablePointer<sockaddr>, port: UInt16) -> String {
        var text = [CChar](repeating: 0, count: Int(INET6_ADDRSTRLEN) + 1)
        let family = Int32(address.pointee.sa_family)
        let ok: Bool = address.withMemoryRebound(to: UInt8.self, capacity: 1) { raw in
            if family == AF_INET6 {
                return UnsafeRawPointer(raw).withMemoryRebound(to: sockaddr_in6.self, capacity: 1) { v6 in
                    var a = v6.pointee.sin6_addr
                    return inet_ntop(AF_INET6, &a, &text, socklen_t(text.count)) != nil
                }
            }
            return UnsafeRawPointer(raw).withMemoryRebound(to: sockaddr_in.self, capacity: 1) { v4 in
                var a = v4.pointee.sin_addr
                return inet_ntop(AF_INET, &a, &text, socklen_t(text.count)) != nil
            }
        }
        let host = ok ? String(decoding: text.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self) : "?"
        return family == AF_INET6 ? "[\(host)]:\(port)" : "\(host):\(port)"
    }
}
