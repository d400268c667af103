import Container
import MTProtoKit

/// What a process needs to start its account's network, as the NetworkInitializationArguments
/// Telegram iOS builds at launch (seed 000) in the app and in every extension: who the client
/// says it is in initConnection (the build configuration's api id and version) and the
/// datacenters it may use. Building them connects nothing; the network starts when a request
/// needs it.
public struct NetworkInitializationArguments: Sendable {
    public let identity: ClientIdentity
    public let datacenters: DatacenterConfiguration

    public init(identity: ClientIdentity, datacenters: DatacenterConfiguration) {
        self.identity = identity
        self.datacenters = datacenters
    }

    /// The build's identity, and Telegram's production datacenters unless told otherwise.
    public init(build: BuildConfiguration, datacenters: DatacenterConfiguration = .production) {
        self.init(identity: ClientIdentity(apiId: build.apiId, appVersion: build.appVersion), datacenters: datacenters)
    }
}
