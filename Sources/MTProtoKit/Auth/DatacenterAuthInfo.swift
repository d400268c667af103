import Container
import TLSerialization

/// What a client keeps per datacenter between runs, as MTProtoKit's MTDatacenterAuthInfo: the
/// permanent auth key, the last server salt and the clock offset. Stored as a small versioned
/// record (the keychain entry's bytes; the Postbox seals them).
public struct DatacenterAuthInfo: Equatable, Sendable {
    public var authKey: AuthKey
    public var serverSalt: Int64
    public var timeOffset: Int64

    public init(authKey: AuthKey, serverSalt: Int64, timeOffset: Int64) {
        self.authKey = authKey
        self.serverSalt = serverSalt
        self.timeOffset = timeOffset
    }

    static let magic: UInt32 = 0x4b41_544d  // "MTAK"
    static let version: Int32 = 1

    public func encoded() -> [UInt8] {
        var writer = TLWriter()
        writer.writeUInt32(Self.magic)
        writer.writeInt32(Self.version)
        writer.writeRaw(authKey.bytes)
        writer.writeInt64(serverSalt)
        writer.writeInt64(timeOffset)
        return writer.bytes
    }

    /// nil for anything that is not exactly a record of this version: a damaged or foreign entry
    /// means a new key, never a wrong one.
    public init?(encoded bytes: [UInt8]) {
        var reader = TLReader(bytes)
        guard let magic = try? reader.readUInt32(), magic == Self.magic,
              let version = try? reader.readInt32(), version == Self.version,
              let keyBytes = try? reader.readRaw(count: 256), let key = AuthKey(bytes: keyBytes),
              let salt = try? reader.readInt64(), let offset = try? reader.readInt64(), reader.remaining == 0
        else { return nil }
        self.init(authKey: key, serverSalt: salt, timeOffset: offset)
    }
}

/// Where a session finds and keeps its datacenter's auth info: the account's keychain for the
/// app, memory for a one-off check.
public protocol AuthKeyStore: AnyObject, Sendable {
    func authInfo(datacenter: Int32) -> DatacenterAuthInfo?
    func setAuthInfo(_ info: DatacenterAuthInfo?, datacenter: Int32)
}

public final class MemoryAuthKeyStore: AuthKeyStore, @unchecked Sendable {
    private let lock = ConditionLock()
    private var infos: [Int32: DatacenterAuthInfo] = [:]

    public init() {}

    public func authInfo(datacenter: Int32) -> DatacenterAuthInfo? { lock.withLock { infos[datacenter] } }
    public func setAuthInfo(_ info: DatacenterAuthInfo?, datacenter: Int32) { lock.withLock { infos[datacenter] = info } }
}
