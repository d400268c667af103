import Bootstrap
import Formats
import FoundationEssentials

/// `<extension> bootstrap`'s parameters and work.
public struct BootstrapParameters: ContainerParameters {
    public var container: String?
    public var json = false

    public init() {}

    public static var syntax: DirectSyntax<Self> { [.container, .flag("--json", \.json)] }

    public func run() throws {
        let bootstrap = try ExtensionBootstrap(identity: ExtensionProcess.identity, containerFlag: container,
                                               environment: ProcessInfo.processInfo.environment)
        defer { bootstrap.finish() }
        let report = BootstrapReport(bootstrap)
        json ? StandardStreams.writeJSON(try JSONFile.text(report)) : StandardStreams.writeLines(report.lines)
    }
}
