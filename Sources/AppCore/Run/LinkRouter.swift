/// Links for the interface to show (the URL-scheme launch and `.onOpenURL`): `main URL`
/// launching the app, or `main open URL` handed to the running app. The `open` operation resolves
/// the link (refusing what it cannot open) and posts the chat here; the interface takes it on its
/// next refresh, once it is ready. Touched only on the app's event thread, where handed-over
/// operations run. Only the newest link counts: a headless app, which never takes them, holds one.
public enum LinkRouter {
    public struct Target: Sendable, Equatable {
        public let accountId: Int64
        public let peerId: Int64
        public let title: String

        public init(accountId: Int64, peerId: Int64, title: String) {
            self.accountId = accountId
            self.peerId = peerId
            self.title = title
        }
    }

    nonisolated(unsafe) private static var pending: Target?

    public static func post(_ target: Target) { pending = target }

    /// The link to open, once.
    public static func take() -> Target? {
        defer { pending = nil }
        return pending
    }
}
