/// A connection that carries whole MTProto packets (a transport's frames, with its framing and
/// obfuscation already removed): what the key exchange and the session need of the network, so
/// both can be tested over an in-memory pair.
public protocol PacketConnection: AnyObject, Sendable {
    func send(_ packet: [UInt8]) throws
    /// The next packet; throws when none comes within `timeout` seconds or the connection ends.
    func receive(timeout: Double) throws -> [UInt8]
    /// Ends the connection; a receive blocked on another thread returns with an error.
    func close()
}
