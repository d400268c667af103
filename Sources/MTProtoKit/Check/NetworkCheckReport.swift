/// What `main network check` measured: the key, the config, the round trips.
public struct NetworkCheckReport: Codable, Sendable {
    public var server: String
    public var environment: String
    public var datacenter: Int32
    public var transport: String
    public var layer: Int32
    /// The auth key's id in hex, and how long creating it took (null when the store had one).
    public var authKeyId: String
    public var authKeyCreated: Bool
    public var connectAndKeyMilliseconds: Double
    /// help.getConfig inside invokeWithLayer(initConnection(…)).
    public var configMilliseconds: Double
    public var configThisDc: Int32
    public var configDcOptions: Int
    public var configDate: Int32
    /// ping round trips, milliseconds.
    public var pingMilliseconds: [Double]
    public var pingMedianMilliseconds: Double
    /// Server time − local time, seconds.
    public var timeOffsetSeconds: Int64
    public var connections: Int
    public var resent: Int
}
