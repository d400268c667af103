/// A chat a link named, for the interface to show (the URL-scheme launch and `.onOpenURL`):
/// `main URL` launching the app, or `main open URL` handed to the running app. The `open`
/// operation resolves the link (refusing what it cannot open) and leaves the chat with the app;
/// the interface takes it on its next refresh, once it is ready. Only the newest link counts: a
/// headless app, which never takes them, holds one.
public struct LinkToOpen: Sendable, Equatable {
    public let accountId: Int64
    public let peerId: Int64
    public let title: String
}

extension LaunchedApp {
    /// The link to open, once.
    public func takeLinkToOpen() -> LinkToOpen? {
        defer { linkToOpen = nil }
        return linkToOpen
    }
}
