import Container
import Cryptography

/// One MTProto transport connection: TCP, a framing, and optionally obfuscation, carrying whole
/// packets (what the key exchange and the session need of the network: it has PacketConnection's
/// send, receive and close). The framing's marker or the
/// obfuscation init goes out as soon as TCP connects, so every later send is one frame.
///
/// Thread-safe in the way a session uses it: sends from any thread (one at a time, in order, as
/// the obfuscation stream needs), receives on one reader thread, and `close()` from any thread,
/// which wakes a receive blocked on the reader.
public final class TransportConnection: @unchecked Sendable {
    public let kind: TransportKind
    public let sendTimeout: Double
    private let socket: TCPSocket
    private let encoder: TransportFraming
    private let encryptor: AESCTR?
    private let decryptor: AESCTR?
    private let sending = ConditionLock()
    private let receiving = ConditionLock()
    private var decoder: TransportFraming  // guarded by `receiving`

    /// Connects within `timeout` seconds and sends the framing's marker or the obfuscation init.
    /// `datacenterId` goes into the obfuscation init (10000 + id for Telegram's test datacenters,
    /// negative for media ones); nil leaves those bytes random.
    public static func connect(to address: DatacenterAddress, kind: TransportKind, timeout: Double,
                               datacenterId: Int16? = nil, sendTimeout: Double = 15,
                               maximumPacketSize: Int = TransportFraming.defaultMaximumPacketSize) throws(TransportError) -> TransportConnection {
        let socket = try TCPSocket.connect(host: address.host, port: address.port, timeout: timeout)
        do {
            let framing = TransportFraming(kind.framing, maximumPacketSize: maximumPacketSize)
            let obfuscation = kind.isObfuscated ? try TransportObfuscation(tag: framing.obfuscationTag, datacenterId: datacenterId) : nil
            let connection = TransportConnection(socket: socket, kind: kind, framing: framing, obfuscation: obfuscation, sendTimeout: sendTimeout)
            try socket.send(obfuscation?.initPayload ?? framing.header, timeout: sendTimeout)
            return connection
        } catch {
            socket.close()
            throw error
        }
    }

    init(socket: TCPSocket, kind: TransportKind, framing: TransportFraming, obfuscation: TransportObfuscation?, sendTimeout: Double) {
        self.socket = socket
        self.kind = kind
        self.encoder = framing
        self.decoder = framing
        self.encryptor = obfuscation?.encryptor
        self.decryptor = obfuscation?.decryptor
        self.sendTimeout = sendTimeout
    }

    deinit { socket.close() }

    public var peer: String { socket.peer }

    /// Sends one packet as one frame, within `sendTimeout`. A failed send may have left part of a
    /// frame on the wire (and the obfuscation stream past it), so it closes the connection.
    public func send(_ packet: [UInt8]) throws(TransportError) {
        var frame = encoder.encode(packet)
        let sent = sending.withLock {
            Result { () throws(TransportError) in
                encryptor?.apply(&frame)
                try socket.send(frame, timeout: sendTimeout)
            }
        }
        if case .failure = sent { socket.close() }
        try sent.get()
    }

    /// The next packet. Throws `TransportTimeout` when none is complete within `timeout` seconds
    /// (the connection stays usable), a `TransportError` when the connection is done: closed by
    /// either side, reset, a malformed or oversized frame, or the server's transport error.
    public func receive(timeout: Double) throws -> [UInt8] {
        let deadline = Clock.monotonicNanoseconds() + UInt64(max(0, timeout) * 1e9)
        return try receiving.withLock {
            while true {
                if let packet = try decoder.nextPacket() { return packet }
                // Bytes already waiting are read even when the time is up (a zero timeout polls).
                let now = Clock.monotonicNanoseconds()
                let remaining = now < deadline ? Double(deadline - now) / 1e9 : 0
                guard var bytes = try socket.receive(timeout: remaining) else { throw TransportTimeout(seconds: timeout) }
                decryptor?.apply(&bytes)
                decoder.append(bytes)
            }
        }
    }

    public func close() { socket.close() }
}
