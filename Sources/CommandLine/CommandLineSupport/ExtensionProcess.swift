import Container

/// The identity of the running extension executable, set once by its entry point before parsing.
public enum ExtensionProcess {
    nonisolated(unsafe) public static var identity: ProcessIdentity = .share
}
