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
/// Requests are synchronous (`invoke` blocks its caller, a `RequestCancellation` ends its wait),
/// or started and answered later (`start`, `answer`), each run after another if asked
/// (invokeAfterMsg); what waits to go at one moment leaves in one msg_container. One reader thread per session
/// receives. The reader holds the session until `close()`, which every owner must call.
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
        /// Called (on the session's receiving thread) for each message the server sends on its own,
        /// not as an answer: updates pushed to a session that asked for them, with the message's
        /// body (unwrapped from gzip_packed). The receiver decides what to do (TelegramCore
        /// catches up with getDifference, or shows a typing notice); the session only acknowledges.
        public var onUnsolicited: (@Sendable ([UInt8]) -> Void)?
        public init() {}

        /// Waits of at most `timeout` seconds for each answer, and for a connection at most 10 s
        /// of them (a dead address is retried rather than waited on for the whole answer time).
        public init(timeout: Double) {
            requestTimeout = timeout
            connectTimeout = min(timeout, 10)
        }
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
    /// Requests sent and unanswered, under each msg_id they went with.
    private var pending: [Int64: Pending] = [:]
    /// Requests waiting to go (new ones have no msg_id yet: it is given as they leave, after
    /// the connection, and the server's clock, are known).
    private var outbox: [Pending] = []
    /// The msg_containers sent, by their own msg_id, with each request's msg_id inside: a
    /// bad_server_salt or bad_msg_notification names the container, not what it carried.
    private var containers: [Int64: [(item: Pending, messageId: Int64)]] = [:]
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

    fileprivate final class Pending {
        let method: String
        let body: [UInt8]
        let contentRelated: Bool
        /// Whether a caller waits for the answer; rpc_drop_answer's own answer is only read.
        let awaited: Bool
        let cancellation: RequestCancellation?
        /// nil until it first leaves, and again when it must go under a new id.
        var messageId: Int64?
        /// Ids it was sent under before (a salt or clock correction, a reconnect): an answer to
        /// any of them is its answer, so a request sent twice is still answered once.
        var earlierIds: [Int64] = []
        /// The seqno it went with under `messageId`: the same message sent again keeps it.
        var seqno: Int32?
        var result: Result<[UInt8], Error>?
        /// Whether it has been on a connection: a cancelled request that has is followed by rpc_drop_answer.
        var transmitted = false
        /// The request the server must have run before this one (invokeAfterMsg), if any.
        let after: Pending?
        /// What goes under `messageId`: the body, wrapped in invokeAfterMsg while `after` was
        /// unanswered when the id was given; made again with each new id.
        var wireBody: [UInt8]?
        init(method: String, body: [UInt8], contentRelated: Bool = true, awaited: Bool = true, cancellation: RequestCancellation? = nil,
             after: Pending? = nil) {
            self.method = method
            self.body = body
            self.contentRelated = contentRelated
            self.awaited = awaited
            self.cancellation = cancellation
            self.after = after
        }
    }

    /// A request started without its caller waiting (`start`), answered by `answer(_:)`: several
    /// are in flight at once, each answer taken in turn.
    public class InFlightRequest: @unchecked Sendable {
        fileprivate let item: Pending
        fileprivate let deadline: UInt64
        fileprivate let timeout: Double
        fileprivate init(item: Pending, deadline: UInt64, timeout: Double) {
            (self.item, self.deadline, self.timeout) = (item, deadline, timeout)
        }
    }

    public final class InFlight<Result>: InFlightRequest, @unchecked Sendable {
        fileprivate let parse: (inout TLReader) throws -> Result
        fileprivate init(item: Pending, deadline: UInt64, timeout: Double, parse: @escaping (inout TLReader) throws -> Result) {
            self.parse = parse
            super.init(item: item, deadline: deadline, timeout: timeout)
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

    /// Ends the session: the connection closes, waiting requests fail with `.closed`.
    public func close() {
        let (old, thread): (PacketConnection?, JoinableThread?) = lock.withLock {
            closed = true
            for item in unanswered() { item.result = .failure(MTProtoError.closed) }
            lock.broadcast()
            defer { connection = nil; reader = nil }
            return (connection, reader)
        }
        old?.close()
        thread?.join()
    }

    /// Sends a request and waits for its result. FLOOD_WAIT within `maximumFloodWait` is waited
    /// out and the request sent again; other rpc_errors are thrown as `MTProtoError.rpc`.
    /// `cancellation` ends the wait with `MTProtoError.cancelled`.
    public func invoke<F: TLFunction>(_ function: F, timeout: Double? = nil, cancellation: RequestCancellation? = nil) throws -> F.Result {
        var writer = TLWriter()
        function.serialize(to: &writer)
        let body = try send(method: function.name, body: writer.bytes, timeout: timeout ?? options.requestTimeout,
                            cancellation: cancellation)
        var reader = TLReader(body)
        do {
            return try F.parseResult(from: &reader)
        } catch {
            throw MTProtoError.badResult(method: function.name, reason: "\(error)")
        }
    }

    /// Sends a request without waiting for its answer. `after`: a request the server must run
    /// first (invokeAfterMsg), so requests that must keep their order go out together instead of
    /// one round trip each. A FLOOD_WAIT is the caller's to handle (the answer throws it).
    public func start<F: TLFunction>(_ function: F, after previous: InFlightRequest? = nil, timeout: Double? = nil) throws -> InFlight<F.Result> {
        var writer = TLWriter()
        function.serialize(to: &writer)
        let timeout = timeout ?? options.requestTimeout
        let deadline = Clock.monotonicNanoseconds() + UInt64(timeout * 1e9)
        let item = Pending(method: function.name, body: writer.bytes, after: previous?.item)
        try transmit(item, deadline: deadline, cancellation: nil)
        return InFlight(item: item, deadline: deadline, timeout: timeout) { try F.parseResult(from: &$0) }
    }

    /// Waits for the answer of a request `start` sent.
    public func answer<Result>(_ request: InFlight<Result>) throws -> Result {
        let body = try waitForResult(request.item, method: request.item.method, deadline: request.deadline, timeout: request.timeout).get()
        var reader = TLReader(body)
        do {
            return try request.parse(&reader)
        } catch {
            throw MTProtoError.badResult(method: request.item.method, reason: "\(error)")
        }
    }

    /// A ping's round trip: ping is answered by pong, not rpc_result, so it is matched by its msg_id.
    public func ping(timeout: Double? = nil) throws -> Double {
        let id = Int64.random(in: .min ... .max)
        var writer = TLWriter()
        writer.writeUInt32(0x7abe_77ec)  // ping#7abe77ec ping_id:long = Pong
        writer.writeInt64(id)
        let started = Clock.monotonicNanoseconds()
        _ = try send(method: "ping", body: writer.bytes, timeout: timeout ?? options.requestTimeout, cancellation: nil)
        return Clock.milliseconds(since: started)
    }

    private func send(method: String, body: [UInt8], timeout: Double, cancellation: RequestCancellation?) throws -> [UInt8] {
        // A cancel wakes whatever this caller waits on: its answer, a connection, a flood wait.
        var handler: Int?
        if let cancellation {
            handler = cancellation.onCancel { [weak self] in self?.wakeCancelled(cancellation) }
            if handler == nil { throw MTProtoError.cancelled }
        }
        defer { if let handler { cancellation?.removeHandler(handler) } }
        var floodWaited = false
        while true {
            let deadline = Clock.monotonicNanoseconds() + UInt64(timeout * 1e9)
            do {
                return try sendOnce(method: method, body: body, deadline: deadline, timeout: timeout, cancellation: cancellation)
            } catch MTProtoError.rpc(let error) where !floodWaited && (error.floodWaitSeconds ?? .max) <= options.maximumFloodWait {
                let seconds = error.floodWaitSeconds ?? 0
                logger.info("\(method): FLOOD_WAIT_\(seconds), waiting")
                floodWaited = true
                try sleep(seconds: Double(seconds), cancellation: cancellation)
            }
        }
    }

    private func sleep(seconds: Double, cancellation: RequestCancellation?) throws {
        let until = Clock.monotonicNanoseconds() + UInt64(seconds * 1e9)
        try lock.withLock {
            while !closed && cancellation?.isCancelled != true && Clock.monotonicNanoseconds() < until { lock.wait(until: until) }
            if closed { throw MTProtoError.closed }
            if cancellation?.isCancelled == true { throw MTProtoError.cancelled }
        }
    }

    /// A cancel: each request of that handle fails with `.cancelled`, and its waiter wakes.
    private func wakeCancelled(_ cancellation: RequestCancellation) {
        lock.withLock {
            for item in unanswered() where item.cancellation === cancellation { item.result = .failure(MTProtoError.cancelled) }
            lock.broadcast()
        }
    }

    private func sendOnce(method: String, body: [UInt8], deadline: UInt64, timeout: Double,
                          cancellation: RequestCancellation?) throws -> [UInt8] {
        let item = Pending(method: method, body: body, cancellation: cancellation)
        try transmit(item, deadline: deadline, cancellation: cancellation)
        let outcome = waitForResult(item, method: method, deadline: deadline, timeout: timeout)
        if case .failure(MTProtoError.cancelled) = outcome { dropAnswer(to: item) }
        return try outcome.get()
    }

    /// Queues `item` and sends it once there is a connection (made now if needed). Queued before
    /// connecting: requests made while the connection (and key) is made leave together in one
    /// container once it is there.
    private func transmit(_ item: Pending, deadline: UInt64, cancellation: RequestCancellation?) throws {
        try lock.withLock {
            if closed { throw MTProtoError.closed }
            if cancellation?.isCancelled == true { throw MTProtoError.cancelled }
            outbox.append(item)
        }
        do {
            try ensureConnected(deadline: deadline, cancellation: cancellation)
        } catch {
            lock.withLock { forget(item) }
            throw error
        }
        flushOutgoing()
    }

    /// Until `item` is answered, the session closes or the deadline passes; then it is forgotten.
    private func waitForResult(_ item: Pending, method: String, deadline: UInt64, timeout: Double) -> Result<[UInt8], Error> {
        lock.withLock {
            while item.result == nil && !closed {
                if !lock.wait(until: deadline), item.result == nil, Clock.monotonicNanoseconds() >= deadline {
                    forget(item)
                    return .failure(MTProtoError.timedOut(method: method, seconds: timeout))
                }
            }
            forget(item)
            return item.result ?? .failure(MTProtoError.closed)
        }
    }

    /// After a cancel: a request that went out is followed by rpc_drop_answer for its msg_id,
    /// whose own answer (rpc_answer_dropped_running, _dropped or _unknown) is read and dropped.
    private func dropAnswer(to item: Pending) {
        let queued: Bool = lock.withLock {
            guard item.transmitted, let messageId = item.messageId, !closed else { return false }
            var writer = TLWriter()
            writer.writeUInt32(0x58e4_a740)  // rpc_drop_answer#58e4a740 req_msg_id:long = RpcDropAnswer
            writer.writeInt64(messageId)
            outbox.append(Pending(method: "rpc_drop_answer", body: writer.bytes, awaited: false))
            return true
        }
        if queued { flushOutgoing() }
    }

    // MARK: Connecting

    /// Connects now (creating the auth key if needed) instead of with the first request.
    public func connect(timeout: Double? = nil) throws {
        try ensureConnected(deadline: Clock.monotonicNanoseconds() + UInt64((timeout ?? options.connectTimeout) * 1e9), cancellation: nil)
    }

    /// Connects (and creates the auth key) unless connected; one caller connects, the others wait.
    private func ensureConnected(deadline: UInt64, cancellation: RequestCancellation?) throws {
        let mustConnect: Bool = try lock.withLock {
            while true {
                if closed { throw MTProtoError.closed }
                if cancellation?.isCancelled == true { throw MTProtoError.cancelled }
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

    /// Sends everything in the outbox on the current connection: one request alone, several in
    /// msg_containers. A request that has no msg_id (new, or to go under a new one) gets it
    /// now. A failed send leaves the requests pending, to go again after the reconnect the
    /// reader makes.
    private func flushOutgoing() {
        let (packets, target): ([[UInt8]], PacketConnection?) = lock.withLock {
            guard let connection, let auth, !outbox.isEmpty else { return ([], nil) }
            let queued = outbox.filter { $0.result == nil }
            outbox = []
            // Containers whose requests are all answered or forgotten are no longer named by anything.
            containers = containers.filter { $0.value.contains { entry in pending[entry.messageId] === entry.item && entry.item.result == nil } }
            // Ids first, in the queue's order, so that a request to run after another (both
            // going now) can name the other's id whatever batch each lands in.
            for item in queued where item.messageId == nil {
                item.messageId = clock.next()
                item.wireBody = nil
            }
            for item in queued where item.wireBody == nil {
                if let prior = item.after, prior.result == nil, let priorId = prior.messageId, pending[priorId] === prior || queued.contains(where: { $0 === prior }) {
                    var writer = TLWriter()
                    writer.writeUInt32(0xcb9f_372d)  // invokeAfterMsg#cb9f372d msg_id:long query:!X = X
                    writer.writeInt64(priorId)
                    item.wireBody = writer.bytes + item.body
                } else {
                    item.wireBody = item.body
                }
            }
            var packets: [[UInt8]] = []
            for batch in MessageContainer.batches(queued, bodySize: { $0.wireBody?.count ?? $0.body.count }) {
                var messages: [MessageContainer.Message] = []
                for item in batch {
                    let messageId = item.messageId ?? clock.next()
                    let seqno = item.seqno ?? sequence.next(contentRelated: item.contentRelated)
                    item.messageId = messageId
                    item.seqno = seqno
                    item.transmitted = true
                    pending[messageId] = item
                    messages.append(MessageContainer.Message(messageId: messageId, seqno: seqno, body: item.wireBody ?? item.body))
                }
                let outer: MessageContainer.Message
                if messages.count == 1 {
                    outer = messages[0]
                } else {
                    // After the messages' ids: a container's msg_id is newer than all it holds.
                    let containerId = clock.next()
                    containers[containerId] = zip(batch, messages).map { ($0, $1.messageId) }
                    outer = MessageContainer.Message(messageId: containerId, seqno: sequence.next(contentRelated: false),
                                                     body: MessageContainer.encode(messages))
                }
                packets.append(SessionCrypto.encrypt(authKey: auth.authKey.bytes, salt: auth.serverSalt, sessionId: sessionId,
                                                     messageId: outer.messageId, seqno: outer.seqno, body: outer.body))
            }
            return (packets, connection)
        }
        guard let target else { return }
        for packet in packets {
            do { try target.send(packet) } catch {
                logger.debug("send failed: \(error)")
                return
            }
        }
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

    /// Inside the lock: a request leaves the outbox and the table under all its ids.
    private func forget(_ item: Pending) {
        outbox.removeAll { $0 === item }
        for id in [item.messageId].compactMap({ $0 }) + item.earlierIds where pending[id] === item { pending.removeValue(forKey: id) }
    }

    /// Inside the lock: queues a request to go again under a new msg_id, the old one kept as an alias.
    private func requeueWithNewId(_ item: Pending) {
        if let old = item.messageId { item.earlierIds.append(old) }
        item.messageId = nil
        item.seqno = nil
        item.wireBody = nil
        if !outbox.contains(where: { $0 === item }) { outbox.append(item) }
    }

    /// Inside the lock: the unanswered requests a notice about `messageId` names, still under
    /// that id: the request itself, or each one a container carried.
    private func named(by messageId: Int64) -> [Pending] {
        if let item = pending[messageId] {
            return item.result == nil && item.messageId == messageId ? [item] : []
        }
        return (containers[messageId] ?? []).filter { $0.item.result == nil && $0.item.messageId == $0.messageId }.map(\.item)
    }

    /// Sends again, with new msg_ids, what a bad_server_salt or a time correction named. A
    /// notice about a service message (an ack) or an id already sent again resends nothing:
    /// resending everything on each notice would multiply the requests when several are in flight.
    private func resend(badMessageId: Int64) {
        let count: Int = lock.withLock {
            let items = named(by: badMessageId)
            items.forEach(requeueWithNewId)
            counters.resent += items.count
            return items.count
        }
        if count > 0 { flushOutgoing() }
    }

    /// Every unanswered request again, with new ids: after the server started a new session for us.
    private func resendAll() {
        lock.withLock {
            let items = unanswered()
            items.forEach(requeueWithNewId)
            counters.resent += items.count
        }
        flushOutgoing()
    }

    /// Inside the lock: each unanswered request once (the table holds a request under each of
    /// its ids), sent ones oldest first, then those waiting to go.
    private func unanswered() -> [Pending] {
        var unique: [ObjectIdentifier: Pending] = [:]
        for item in pending.values where item.result == nil { unique[ObjectIdentifier(item)] = item }
        let sent = unique.values.sorted { ($0.messageId ?? .max) < ($1.messageId ?? .max) }
        return sent + outbox.filter { $0.result == nil && unique[ObjectIdentifier($0)] == nil }
    }

    // MARK: Receiving

    private func readLoop() {
        var failures = 0
        while true {
            let current: PacketConnection? = lock.withLock { closed ? nil : connection }
            guard let current else {
                if lock.withLock({ closed }) { return }
                // Disconnected: reconnect with backoff and jitter while anything waits.
                let waiting = lock.withLock { !pending.isEmpty || !outbox.isEmpty }
                if !waiting {
                    lock.withLock { _ = lock.wait(until: Clock.monotonicNanoseconds() + 200_000_000) }
                    continue
                }
                let delay = min(options.reconnectDelay * Double(1 << min(failures, 10)), options.maximumReconnectDelay)
                let jittered = delay * (1 + Double.random(in: -options.reconnectJitter...options.reconnectJitter))
                lock.withLock { _ = lock.wait(until: Clock.monotonicNanoseconds() + UInt64(jittered * 1e9)) }
                do {
                    try ensureConnected(deadline: Clock.monotonicNanoseconds() + UInt64(options.connectTimeout * 2e9), cancellation: nil)
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
        lock.withLock {
            for item in unanswered() {
                // An rpc_drop_answer is not worth a resend: the connection it asked about is gone.
                guard item.awaited else { forget(item); continue }
                guard let messageId = item.messageId else { continue }  // still in the outbox
                if clock.serverNow - (messageId >> 32) > 240 {
                    requeueWithNewId(item)
                } else if !outbox.contains(where: { $0 === item }) {
                    outbox.append(item)
                }
                counters.resent += 1
            }
            outbox.sort { ($0.messageId ?? .max) < ($1.messageId ?? .max) }
        }
        flushOutgoing()
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
        case .other(_, let unsolicited):
            options.onUnsolicited?(unsolicited)
        case .acknowledged, .detailedInfo, .futureSalts:
            break
        }
    }

    private func complete(_ request: Int64, with result: Result<[UInt8], Error>) {
        lock.withLock {
            guard let item = pending[request], item.result == nil else { return }
            item.result = result
            if !item.awaited { forget(item) }
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
                for item in named(by: bad) {
                    item.result = .failure(MTProtoError.refused(method: item.method, code: code))
                    if !item.awaited { forget(item) }
                }
                lock.broadcast()
            }
        }
    }

    static func msgsAck(_ ids: [Int64]) -> [UInt8] {
        var writer = TLWriter()
        writer.writeUInt32(ServiceMessage.Constructor.msgsAck)
        writer.writeVector(ids)
        return writer.bytes
    }
}
