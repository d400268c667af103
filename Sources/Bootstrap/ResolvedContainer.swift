import Container

/// Step 1 of every launch: bundle id → base id → app group (entitlement checked) → container →
/// rootPath, as each Telegram extension derives it from `Bundle.main.bundleIdentifier`.
public struct ResolvedContainer: Sendable {
    public let identity: ProcessIdentity
    public let configuration: BuildConfiguration
    public let bundleId: String
    public let appGroup: String
    public let layout: ContainerLayout

    /// `TELEGRAM_BUNDLE_ID` replaces the process's own bundle id, standing in for a binary signed
    /// with another identity (used to test the entitlement refusal).
    public static func resolve(_ identity: ProcessIdentity, containerFlag: String?, environment: [String: String],
                               configuration: BuildConfiguration) throws -> ResolvedContainer {
        let bundleId = environment["TELEGRAM_BUNDLE_ID"].flatMap { $0.isEmpty ? nil : $0 }
            ?? BundleIdentifier.bundleId(for: identity, baseBundleId: configuration.baseAppBundleId)
        let group = try AppGroupEntitlement(configuration: configuration).group(for: bundleId, isMainApp: identity.bundleSuffix == nil)
        let path = try ContainerLocator.containerPath(group: group, flag: containerFlag, environment: environment)
        return ResolvedContainer(identity: identity, configuration: configuration, bundleId: bundleId, appGroup: group,
                                 layout: ContainerLayout(containerPath: path))
    }
}
