/// The app-group check iOS makes before `containerURL(forSecurityApplicationGroupIdentifier:)`
/// answers: a process whose bundle id does not derive to an entitled group gets no container.
public struct AppGroupEntitlement: Sendable {
    /// The groups this build's executables are signed for.
    public let entitledGroups: [String]

    public init(configuration: BuildConfiguration) {
        entitledGroups = [BundleIdentifier.appGroup(baseBundleId: configuration.baseAppBundleId)]
    }

    public struct NotEntitled: Error, CustomStringConvertible {
        public let bundleId: String
        public let group: String?
        public let entitledGroups: [String]
        public var description: String {
            if let group {
                return "bundle id \(bundleId) derives app group \(group), which this build is not entitled to (entitled: \(entitledGroups.joined(separator: ", "))); refusing to open the shared container"
            }
            return "bundle id \(bundleId) has no base bundle id to derive an app group from; refusing to open the shared container"
        }
    }

    /// Returns the group the bundle id may use. The main app's bundle id is the base id itself;
    /// an extension's is `<base>.<Name>`.
    public func group(for bundleId: String, isMainApp: Bool) throws -> String {
        let base = isMainApp ? bundleId : BundleIdentifier.baseBundleId(ofExtension: bundleId)
        guard let base else { throw NotEntitled(bundleId: bundleId, group: nil, entitledGroups: entitledGroups) }
        let group = BundleIdentifier.appGroup(baseBundleId: base)
        guard entitledGroups.contains(group) else {
            throw NotEntitled(bundleId: bundleId, group: group, entitledGroups: entitledGroups)
        }
        return group
    }
}
