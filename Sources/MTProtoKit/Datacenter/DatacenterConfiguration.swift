/// The datacenters a client may connect to and the RSA keys it trusts to create an auth key
/// with them, as Telegram Desktop's DcOptions and MTProtoKit's MTDatacenterAddressSet are:
/// built in for Telegram's networks (published facts: the addresses and public keys in
/// BuiltInDatacenters), and updated from help.getConfig's dc_options once connected.
public struct DatacenterConfiguration: Sendable {
    public var environment: DatacenterEnvironment
    /// Every known address of each datacenter, in the order to try them.
    public var addresses: [Int32: [DatacenterAddress]]
    /// The public keys (PKCS#1 PEM) whose fingerprints a server may name in resPQ.
    public var publicKeys: [String]
    /// The datacenter a new client starts with.
    public var defaultDatacenter: Int32

    public init(environment: DatacenterEnvironment, addresses: [Int32: [DatacenterAddress]],
                publicKeys: [String], defaultDatacenter: Int32) {
        self.environment = environment
        self.addresses = addresses
        self.publicKeys = publicKeys
        self.defaultDatacenter = defaultDatacenter
    }

    /// One server at one address (a test server, a proxy-less local deployment): every dc id maps
    /// to it until its config says otherwise.
    public static func custom(_ address: DatacenterAddress, publicKeys: [String], datacenter: Int32 = 2) -> DatacenterConfiguration {
        DatacenterConfiguration(environment: .custom, addresses: [datacenter: [address]],
                                publicKeys: publicKeys, defaultDatacenter: datacenter)
    }

    public static let production = DatacenterConfiguration(
        environment: .production, addresses: BuiltInDatacenters.production,
        publicKeys: [BuiltInDatacenters.productionPublicKey], defaultDatacenter: 2)

    public static let test = DatacenterConfiguration(
        environment: .test, addresses: BuiltInDatacenters.test,
        publicKeys: [BuiltInDatacenters.testPublicKey], defaultDatacenter: 2)

    /// The addresses for a datacenter; a custom configuration's single server stands in for any
    /// datacenter it has not been told about.
    public func addresses(of datacenter: Int32) -> [DatacenterAddress] {
        if let known = addresses[datacenter], !known.isEmpty { return known }
        if environment == .custom, let first = addresses[defaultDatacenter] { return first }
        return []
    }

    /// The trusted keys, parsed; a PEM that is not an RSA public key is the configuration's error.
    public func serverPublicKeys() throws -> [ServerPublicKey] {
        try publicKeys.map { pem in
            do { return try ServerPublicKey(pem: pem) } catch {
                throw MTProtoError.connect("a configured public key is unusable: \(error)")
            }
        }
    }
}
