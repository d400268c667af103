import Container
import Cryptography
import FoundationEssentials
import Logging
import TLSerialization

/// One MTProto 2.0 session with one datacenter, as MTProtoKit's MTProto object: it connects
/// (creating the auth key first when the store has none), encrypts requests, matches their
/// results, acknowledges what the server sends, follows the server's salt and clock, and
/// reconnects with backoff and jitter, sending again what was not answered.
///
/// Requests are synchronous (`invoke` blocks its caller); one reader thread per session receives.
/// The reader holds the session until `close()`, which every owner must call.
public final class MTProtoSession: @unchecked Sendable {
    public struct Options: Sendable {
        public var requestTimeout: Double = 15
        public var connectTimeout: Double = 5
        /// A FLOOD_WAIT up to this many seconds is waited out and the request sent again; a
        /// longer one is the caller's error.
        public var maximumFloodWait: Int32 = 10
        /// Backoff between reconnects: the first wait, the cap, and ± this fraction of jitter.
        public var reconnectDelay: Double = 0.1
        public var maximumReconnectDelay: Double = 8
        public var reconnectJitter: Double = 0.25
        /// A ping_delay_disconnect after this many idle seconds keeps the connection (and the
        /// server's 75-second disconnect timer) alive.
        public var keepaliveInterval: Double = 60
        public init() {}
    }

    /// Makes a connection to an address: the transport (and its framing) is the caller's choice.
    public typealias Connector = @Sendable (DatacenterAddress, _ timeout: Double) throws -> PacketConnection

    public let datacenter: Int32
    public let configuration: DatacenterConfiguration
    public let options: Options
    private let connector: Connector
    private let keyStore: AuthKeyStore
    private let logger: Logger

    private let lock = ConditionLock()
    // Everything below is guarded by `lock`.
    private var connection: PacketConnection?
    private var connecting = false
    private var connectError: Error?
    private var auth: DatacenterAuthInfo?
    private var sessionId = Int64.random(in: .min ... .max)
    private var clock = MessageIdClock()
    private var sequence = SequenceNumbers()
    private var replay = ReplayWindow()
    private var pending: [Int64: Pending] = [:]
    private var acknowledgements: [Int64] = []
    private var closed = false
    private var reader: JoinableThread?
    private var lastActivity = Clock.monotonicNanoseconds()
    private var counters = Counters()

    /// How the session went, for `main network check` and the tests.
    public struct Counters: Sendable, Equatable {
        public var connections = 0
        public var authKeysCreated = 0
        public var resent = 0
        public var saltChanges = 0
        public var refusedIncoming = 0
    }

    private final class Pending {
        let method: String
        let body: [UInt8]
        let contentRelated: Bool
        var messageId: Int64
        /// Ids it was sent under before (a salt or clock correction, a reconnect): an answer to
        /// any of them is its answer, so a request sent twice is still answered once.
        var earlierIds: [Int64] = []
        /// The seqno it went with under `messageId`: the same message sent again keeps it.
        var seqno: Int32?
        var result: Result<[UInt8], Error>?
        init(method: String, body: [UInt8], contentRelated: Bool, messageId: Int64) {
            self.method = method
            self.body = body
            self.contentRelated = contentRelated
            self.messageId = messageId
        }
    }

    public init(datacenter: Int32, configuration: DatacenterConfiguration, keyStore: AuthKeyStore = MemoryAuthKeyStore(),
                options: Options = Options(), logger: Logger = Logger(label: "mtproto"), connector: @escaping Connector) {
        self.datacenter = datacenter
        self.configuration = configuration
        self.keyStore = keyStore
        self.options = options
        self.logger = logger
        self.connector = connector
        self.auth = keyStore.authInfo(datacenter: datacenter)
        if let auth { clock.synchronise(offset: auth.timeOffset) }
    }

    public var authKey: AuthKey? { lock.withLock { auth?.authKey } }
    public var statistics: Counters { lock.withLock { counters } }
    /// Server time − local time, seconds, as the session has learned it.
    public var timeOffset: Int64 { lock.withLock { clock.timeOffset } }

    /// Ends the session: the connection closes, waiting requests fail with `.cancelled`.
    public func close() {
        let (old, thread): (PacketConnection?, JoinableThread?) = lock.withLock {
            closed = true
            for item in pending.values where item.result == nil { item.result = .failure(MTProtoError.cancelled) }
            lock.broadcast()
            defer { connection = nil; reader = nil }
            return (connection, reader)
        }
        old?.close()
        thread?.join()
    }

    /// Sends a request and waits for its result. FLOOD_WAIT within `maximumFloodWait` is waited
    /// out and the request sent again; other rpc_errors are thrown as `MTProtoError.rpc`.
    public func invoke<F: TLFunction>(_ function: F, timeout: Double? = nil) throws -> F.Result {
        var writer = TLWriter()
        function.serialize(to: &writer)
        let body = try send(method: function.name, body: writer.bytes, timeout: timeout ?? options.requestTimeout)
        var reader = TLReader(body)
        do {
            return try F.parseResult(from: &reader)
        } catch {
            throw MTProtoError.badResult(method: function.name, reason: "\(error)")
        }
    }

    /// A ping's round trip: ping is answered by pong, not rpc_result, so it is matched by its msg_id.
    public func ping(timeout: Double? = nil) throws -> Double {
        let id = Int64.random(in: .min ... .max)
        var writer = TLWriter()
        writer.writeUInt32(0x7abe_77ec)  // ping#7abe77ec ping_id:long = Pong
        writer.writeInt64(id)
        let started = Clock.monotonicNanoseconds()
        _ = try send(method: "ping", body: writer.bytes, timeout: timeout ?? options.requestTimeout)
        return Clock.milliseconds(since: started)
    }

    private func send(method: String, body: [UInt8], timeout: Double) throws -> [UInt8] {
        var floodWaited = false
        while true {
            let deadline = Clock.monotonicNanoseconds() + UInt64(timeout * 1e9)
            do {
                return try sendOnce(method: method, body: body, deadline: deadline, timeout: timeout)
            } catch MTProtoError.rpc(let error) where !floodWaited && (error.floodWaitSeconds ?? .max) <= options.maximumFloodWait {
                let seconds = error.floodWaitSeconds ?? 0
                logger.info("\(method): FLOOD_WAIT_\(seconds), waiting")
                floodWaited = true
                try sleepUnlessClosed(seconds: Double(seconds))
            }
        }
    }

    private func sleepUnlessClosed(seconds: Double) throws {
        let until = Clock.monotonicNanoseconds() + UInt64(seconds * 1e9)
        try lock.withLock {
            while !closed && Clock.monotonicNanoseconds() < until { lock.wait(until: until) }
            if closed { throw MTProtoError.cancelled }
        }
    }

    private func sendOnce(method: String, body: [UInt8], deadline: UInt64, timeout: Double) throws -> [UInt8] {
        try ensureConnected(deadline: deadline)
        let item: Pending = try lock.withLock {
            if closed { throw MTProtoError.cancelled }
            let item = Pending(method: method, body: body, contentRelated: true, messageId: clock.next())
            pending[item.messageId] = item
            return item
        }
        transmit(item)
        return try lock.withLock {
            while item.result == nil && !closed {
                if !lock.wait(until: deadline), item.result == nil, Clock.monotonicNanoseconds() >= deadline {
                    forget(item)
                    throw MTProtoError.timedOut(method: method, seconds: timeout)
                }
            }
            forget(item)
            switch item.result {
            case .success(let bytes): return bytes
            case .failure(let error): throw error
            case nil: throw MTProtoError.cancelled
            }
        }
    }

    // MARK: Connecting

    /// Connects now (creating the auth key if needed) instead of with the first request.
    public func connect(timeout: Double? = nil) throws {
        try ensureConnected(deadline: Clock.monotonicNanoseconds() + UInt64((timeout ?? options.connectTimeout) * 1e9))
    }

    /// Connects (and creates the auth key) unless connected; one caller connects, the others wait.
    private func ensureConnected(deadline: UInt64) throws {
        let mustConnect: Bool = try lock.withLock {
            while true {
                if closed { throw MTProtoError.cancelled }
                if connection != nil { return false }
                if !connecting { connecting = true; connectError = nil; return true }
                if !lock.wait(until: deadline), Clock.monotonicNanoseconds() >= deadline {
                    throw MTProtoError.connect("no connection to datacenter \(datacenter) before the request's deadline")
                }
                if let connectError, !connecting { throw connectError }
            }
        }
        guard mustConnect else { return }
        do {
            let made = try connect()
            lock.withLock {
                connection = made
                connecting = false
                counters.connections += 1
                lastActivity = Clock.monotonicNanoseconds()
                if reader == nil { reader = JoinableThread.start { [weak self] in self?.readLoop() } }
                lock.broadcast()
            }
        } catch {
            lock.withLock {
                connecting = false
                connectError = error
                lock.broadcast()
            }
            throw error
        }
    }

    /// A new connection to the first address that answers, with an auth key on it.
    private func connect() throws -> PacketConnection {
        let addresses = configuration.addresses(of: datacenter)
        guard !addresses.isEmpty else { throw MTProtoError.connect("no address known for datacenter \(datacenter)") }
        var failures: [String] = []
        for address in addresses {
            let made: PacketConnection
            do {
                made = try connector(address, options.connectTimeout)
            } catch {
                failures.append("\(address): \(error)")
                continue
            }
            if lock.withLock({ auth }) == nil {
                do {
                    let exchange = AuthKeyExchange(publicKeys: try configuration.serverPublicKeys(),
                                                   wireDatacenterId: configuration.environment.wireDatacenterId(datacenter),
                                                   timeout: options.connectTimeout)
                    let result = try exchange.run(over: made)
                    let info = DatacenterAuthInfo(authKey: result.authKey, serverSalt: result.serverSalt, timeOffset: Int64(result.timeOffset))
                    keyStore.setAuthInfo(info, datacenter: datacenter)
                    lock.withLock {
                        auth = info
                        clock.synchronise(offset: info.timeOffset)
                        counters.authKeysCreated += 1
                    }
                    logger.info("auth key \(String(UInt64(bitPattern: result.authKey.id), radix: 16)) created with \(address)")
                } catch {
                    made.close()
                    throw error
                }
            }
            return made
        }
        throw MTProtoError.connect("cannot connect to datacenter \(datacenter): \(failures.joined(separator: "; "))")
    }

    // MARK: Sending

    /// Encrypts and sends one pending request on the current connection; a failed send leaves it
    /// pending, to go again after the reconnect the reader makes.
    private func transmit(_ item: Pending) {
        let (packet, target): ([UInt8]?, PacketConnection?) = lock.withLock {
            guard let connection, let auth else { return (nil, nil) }
            let seqno = item.seqno ?? sequence.next(contentRelated: item.contentRelated)
            item.seqno = seqno
            return (SessionCrypto.encrypt(authKey: auth.authKey.bytes, salt: auth.serverSalt, sessionId: sessionId,
                                          messageId: item.messageId, seqno: seqno, body: item.body), connection)
        }
        guard let packet, let target else { return }
        do { try target.send(packet) } catch { logger.debug("send failed: \(error)") }
    }

    /// Sends a service message (acks, keepalive): not content-related, nothing waits for it.
    private func transmitService(_ body: [UInt8]) {
        let (packet, target): ([UInt8]?, PacketConnection?) = lock.withLock {
            guard let connection, let auth else { return (nil, nil) }
            return (SessionCrypto.encrypt(authKey: auth.authKey.bytes, salt: auth.serverSalt, sessionId: sessionId,
                                          messageId: clock.next(), seqno: sequence.next(contentRelated: false), body: body), connection)
        }
        guard let packet, let target else { return }
        try? target.send(packet)
    }

    /// Inside the lock: a request leaves the table under all its ids.
    private func forget(_ item: Pending) {
        for id in [item.messageId] + item.earlierIds { pending.removeValue(forKey: id) }
    }

    /// Inside the lock: gives a pending request a new msg_id, keeping the old one as an alias.
    private func rekey(_ item: Pending) {
        item.earlierIds.append(item.messageId)
        item.messageId = clock.next()
        item.seqno = nil
        pending[item.messageId] = item
    }

    /// Sends again, with a new msg_id, the request a bad_server_salt or a time correction named.
    /// A notice about a service message (an ack) or an id already sent again resends nothing:
    /// resending everything on each notice would multiply the requests when several are in flight.
    private func resend(badMessageId: Int64) {
        let item: Pending? = lock.withLock {
            guard let item = pending[badMessageId], item.result == nil, item.messageId == badMessageId else { return nil }
            rekey(item)
            counters.resent += 1
            return item
        }
        if let item { transmit(item) }
    }

    /// Every unanswered request again, with new ids: after the server started a new session for us.
    private func resendAll() {
        let items: [Pending] = lock.withLock {
            let items = unanswered()
            items.forEach(rekey)
            counters.resent += items.count
            return items
        }
        items.forEach(transmit)
    }

    /// Inside the lock: each unanswered request once (the table holds a request under each of its ids), oldest first.
    private func unanswered() -> [Pending] {
        var unique: [ObjectIdentifier: Pending] = [:]
        for item in pending.values where item.result == nil { unique[ObjectIdentifier(item)] = item }
        return unique.values.sorted { $0.messageId < $1.messageId }
    }

    // MARK: Receiving

    private func readLoop() {
        var failures = 0
        while true {
            let current: PacketConnection? = lock.withLock { closed ? nil : connection }
            guard let current else {
                if lock.withLock({ closed }) { return }
                // Disconnected: reconnect with backoff and jitter while anything waits.
                let waiting = lock.withLock { !pending.isEmpty }
                if !waiting {
                    lock.withLock { _ = lock.wait(until: Clock.monotonicNanoseconds() + 200_000_000) }
                    continue
                }
                let delay = min(options.reconnectDelay * Double(1 << min(failures, 10)), options.maximumReconnectDelay)
                let jittered = delay * (1 + Double.random(in: -options.reconnectJitter...options.reconnectJitter))
                lock.withLock { _ = lock.wait(until: Clock.monotonicNanoseconds() + UInt64(jittered * 1e9)) }
                do {
                    try ensureConnected(deadline: Clock.monotonicNanoseconds() + UInt64(options.connectTimeout * 2e9))
                    failures = 0
                    resendAllAfterReconnect()
                } catch {
                    failures += 1
                    logger.debug("reconnect to datacenter \(datacenter) failed: \(error)")
                }
                continue
            }
            do {
                let packet = try current.receive(timeout: 1)
                failures = 0
                lock.withLock { lastActivity = Clock.monotonicNanoseconds() }
                handle(packet: packet)
            } catch is TransportTimeout {
                keepAliveIfIdle()
            } catch {
                logger.debug("connection to datacenter \(datacenter) ended: \(error)")
                if SessionCrypto.isUnknownAuthKey(error) {
                    // The server no longer knows the key (-404): make a new one on reconnect.
                    keyStore.setAuthInfo(nil, datacenter: datacenter)
                    lock.withLock { auth = nil }
                }
                current.close()
                lock.withLock { if connection === current { connection = nil } }
            }
        }
    }

    private func keepAliveIfIdle() {
        let idle = lock.withLock { Clock.milliseconds(since: lastActivity) / 1000 }
        guard idle >= options.keepaliveInterval else { return }
        var writer = TLWriter()
        writer.writeUInt32(0xf3427b8c)  // ping_delay_disconnect#f3427b8c ping_id:long disconnect_delay:int
        writer.writeInt64(Int64.random(in: .min ... .max))
        writer.writeInt32(Int32(options.keepaliveInterval) + 15)
        transmitService(writer.bytes)
        lock.withLock { lastActivity = Clock.monotonicNanoseconds() }
    }

    /// After a reconnect every unanswered request goes again; a msg_id the server may still
    /// hold (younger than 4 minutes) is kept, so a request it already ran is answered from its
    /// cache, not run twice.
    private func resendAllAfterReconnect() {
        let items: [Pending] = lock.withLock {
            let waiting = unanswered()
            for item in waiting where clock.serverNow - (item.messageId >> 32) > 240 { rekey(item) }
            counters.resent += waiting.count
            return waiting
        }
        items.forEach(transmit)
    }

    private func handle(packet: [UInt8]) {
        guard let key = lock.withLock({ auth?.authKey }) else { return }
        let message: SessionCrypto.Plaintext
        do {
            message = try SessionCrypto.decrypt(authKey: key.bytes, packet: packet)
        } catch {
            refuse("undecryptable message: \(error)")
            return
        }
        let accepted: Bool = lock.withLock {
            guard message.sessionId == sessionId else { return false }
            return true
        }
        guard accepted else { refuse("message for another session"); return }
        handle(messageId: message.messageId, seqno: message.seqno, body: message.body, outer: true)
        let acks: [Int64] = lock.withLock { defer { acknowledgements = [] }; return acknowledgements }
        if !acks.isEmpty { transmitService(Self.msgsAck(acks)) }
    }

    private func refuse(_ reason: String) {
        lock.withLock { counters.refusedIncoming += 1 }
        logger.warning("refused from datacenter \(datacenter): \(reason)")
    }

    private func handle(messageId: Int64, seqno: Int32, body: [UInt8], outer: Bool) {
        // Server message ids are 1 or 3 mod 4, never seen before, and not older than 300 s nor
        // over 30 s ahead of the server's time as we know it. The one exception is what corrects
        // our knowledge: a bad_msg_notification 16/17 (msg_id too low/high) is taken whatever
        // its time, since its own msg_id is the server's clock (and a container is opened, each
        // message inside checked the same way).
        let early: (verdict: String?, outOfWindow: Bool) = lock.withLock {
            guard messageId & 1 == 1 else { return ("server msg_id \(messageId) is even", false) }
            switch replay.admit(messageId) {
            case .fresh: break
            case .duplicate: return ("msg_id \(messageId) was already received (a replay)", false)
            case .tooOld: return ("msg_id \(messageId) is older than the replay window", false)
            }
            let age = clock.serverNow - (messageId >> 32)
            return (nil, age > 300 || age < -30)
        }
        if let verdict = early.verdict { refuse(verdict); return }
        let parsed: ServiceMessage
        do { parsed = try ServiceMessage.parse(body, insideContainer: !outer) } catch {
            refuse("malformed message body: \(error)")
            return
        }
        if early.outOfWindow {
            switch parsed {
            case .badMessage(_, let code) where code == 16 || code == 17: break
            case .container where outer: break
            default:
                refuse("msg_id \(messageId) is \(lock.withLock { clock.serverNow } - (messageId >> 32)) s from the server's time")
                return
            }
        }
        if seqno & 1 == 1 { lock.withLock { acknowledgements.append(messageId) } }
        switch parsed {
        case .container(let messages):
            for inner in messages { handle(messageId: inner.messageId, seqno: inner.seqno, body: inner.body, outer: false) }
        case .rpcResult(let request, let result):
            complete(request, with: {
                switch result {
                case .value(let bytes): .success(bytes)
                case .error(let code, let message): .failure(MTProtoError.rpc(RPCError(code: code, message: message)))
                }
            }())
        case .pong(let request, _):
            complete(request, with: .success(body))
        case .badServerSalt(let bad, let salt):
            lock.withLock {
                auth?.serverSalt = salt
                counters.saltChanges += 1
                if let auth { keyStore.setAuthInfo(auth, datacenter: datacenter) }
            }
            resend(badMessageId: bad)
        case .badMessage(let bad, let code):
            handleBadMessage(bad, code: code, serverMessageId: messageId)
        case .newSessionCreated(_, let salt):
            lock.withLock { auth?.serverSalt = salt }
        case .acknowledged, .detailedInfo, .futureSalts, .other:
            break
        }
    }

    private func complete(_ request: Int64, with result: Result<[UInt8], Error>) {
        lock.withLock {
            guard let item = pending[request], item.result == nil else { return }
            item.result = result
            lock.broadcast()
        }
    }

    /// bad_msg_notification: 16/17 (msg_id too low/high) resynchronise the clock from the
    /// server's own msg_id and send again; 32/33 (seqno) start a new session and send again;
    /// the rest fail the request, which no resend would fix.
    private func handleBadMessage(_ bad: Int64, code: Int32, serverMessageId: Int64) {
        switch code {
        case 16, 17:
            lock.withLock {
                clock.synchronise(withServerMessageId: serverMessageId)
                if var info = auth {
                    info.timeOffset = clock.timeOffset
                    auth = info
                    keyStore.setAuthInfo(info, datacenter: datacenter)
                }
            }
            resend(badMessageId: bad)
        case 32, 33:
            lock.withLock {
                sessionId = Int64.random(in: .min ... .max)
                sequence = SequenceNumbers()
                replay = ReplayWindow()
            }
            resendAll()
        default:
            lock.withLock {
                if let item = pending[bad], item.result == nil {
                    item.result = .failure(MTProtoError.refused(method: item.method, code: code))
                    lock.broadcast()
                }
            }
        }
    }

    static func msgsAck(_ ids: [Int64]) -> [UInt8] {
        var writer = TLWriter()
        writer.writeUInt32(ServiceMessage.Constructor.msgsAck)
        writer.writeUInt32(ServiceMessage.Constructor.vector)
        writer.writeInt32(Int32(ids.count))
        ids.forEach { writer.writeInt64($0) }
        return writer.bytes
    }
}
