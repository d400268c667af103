import Synchronization

/// Where `main run` finds the terminal interface. AppCore keeps the launch and the app's state and
/// links no terminal library; the `main` executable installs the interface (the AppInterface
/// module, over TelegramUI, Display and ncursesw) before it parses the command line.
public enum InterfaceHost {
    /// Runs the interface for an app that will finish launching (its window and root are the
    /// interface's to choose; it then calls `AppRun.didFinishLaunching`) until it quits;
    /// `duration` as `main run --duration`.
    public typealias Runner = @MainActor @Sendable (_ app: LaunchedApp, _ duration: Double?) throws -> Void

    private static let installed = Mutex<Runner?>(nil)

    public static func install(_ runner: @escaping Runner) {
        installed.withLock { $0 = runner }
    }

    static var runner: Runner? { installed.withLock { $0 } }
}
