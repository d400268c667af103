import Container

/// Step 1 of every launch: bundle id → base id → app group (entitlement checked) → container →
/// rootPath, as each Telegram extension derives it from `Bundle.main.bundleIdentifier`.
public struct ResolvedContainer: Sendable {
    public let identity: ProcessIdentity
    public let configuration: BuildConfiguration
    public let bundleId: String
    public let appGroup: String
    public let layout: ContainerLayout
    /// Named by `--container` or APP_GROUP_CONTAINER, not the group's default place.
    public let isExplicit: Bool

    /// `TELEGRAM_BUNDLE_ID` replaces the process's own bundle id, standing in for a binary signed
    /// with another identity (used to test the entitlement refusal).
    public static func resolve(_ identity: ProcessIdentity, containerFlag: String?, environment: [String: String],
                               configuration: BuildConfiguration) throws -> ResolvedContainer {
        let bundleId = environment["TELEGRAM_BUNDLE_ID"].flatMap { $0.isEmpty ? nil : $0 }
            ?? BundleIdentifier.bundleId(for: identity, baseBundleId: configuration.baseAppBundleId)
        let group = try AppGroupEntitlement(configuration: configuration).group(for: bundleId, isMainApp: identity.bundleSuffix == nil)
        let location = try ContainerLocator.location(group: group, flag: containerFlag, environment: environment)
        return ResolvedContainer(identity: identity, configuration: configuration, bundleId: bundleId, appGroup: group,
                                 layout: ContainerLayout(containerPath: location.path), isExplicit: location.isExplicit)
    }

    /// A process that only reads (every extension, main's read-only commands) finds the container
    /// or refuses: it never creates one, so a mistyped path is an error, not a fresh empty app.
    /// Only what sets up an account (main's writer: login, run, seed, import…) creates it.
    public func requireExisting() throws {
        guard FileSystem.isDirectory(layout.containerPath) else { throw ContainerMissing(container: self) }
    }
}

/// A reader was pointed at a container that does not exist.
public struct ContainerMissing: Error, CustomStringConvertible, Sendable {
    public let container: ResolvedContainer

    public var description: String {
        let path = container.layout.containerPath
        if FileSystem.exists(path) && !FileSystem.isDirectory(path) {
            return "\(path) is a file, not an app group container: give the container's folder (the one `main login` made)"
        }
        return container.isExplicit
            ? "no app group container at \(path) (is the path right? `main login` creates one)"
            : "no app group container at \(path) yet: log in first (`main login`, or `main` on a terminal)"
    }
}
