import AppCore
import Bootstrap
import CommandLineSupport
import Container
#if canImport(Glibc)
import Glibc
#endif

/// A `--container` (or `$APP_GROUP_CONTAINER`) that names a folder that does not exist is more
/// often a typo than a wish for a new, empty app. On a terminal `main` asks before making one
/// there; without one (scripts, `main run --headless`) it makes it and says so on standard error.
/// The default place, and an existing folder, go on without a word.
enum NewContainerConfirmation {
    /// Throws when the person declines; returns when the container exists or may be made.
    static func confirm(containerFlag: String?, environment: [String: String], interactive: Bool) throws {
        let (configuration, _) = try BuildConfiguration.load(environment: environment)
        let container = try ResolvedContainer.resolve(.main, containerFlag: containerFlag, environment: environment,
                                                      configuration: configuration)
        let path = container.layout.containerPath
        guard container.isExplicit, !FileSystem.exists(path) else { return }
        guard interactive else {
            StandardStreams.writeError("main: making a new container at \(path)")
            return
        }
        StandardStreams.writeLine("There is no container at \(path).")
        StandardStreams.writePrompt("Make a new, empty one there? [y/N] ")
        let answer = (readLine() ?? "").lowercased().filter { !$0.isWhitespace }
        guard answer == "y" || answer == "yes" else {
            throw OperationFailure(.invalidInput, "no container at \(path); nothing was made (is the path right?)")
        }
    }
}
