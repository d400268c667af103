import Storage

/// The one way the layers above TelegramCore use an account (Telegram iOS's TelegramEngine):
/// typed queries, each answered from one read transaction of the account's Postbox, and, in the
/// writer (main), the use cases on messages, each one durable transaction followed by a word to
/// the account's connection. An extension, a screen or a command never composes a transaction of
/// its own. What comes back are immutable values (EngineModel.swift); extensions change nothing
/// here: they ask main with requests.
public struct TelegramEngine {
    let postbox: Postbox
    /// Told after a use case stored something the server must hear (an edit, a read mark…): the
    /// account's connection takes it there (nil: no connection, as in tests and readers).
    let changesForServer: (@Sendable () -> Void)?

    public init(postbox: Postbox, changesForServer: (@Sendable () -> Void)? = nil) {
        self.postbox = postbox
        self.changesForServer = changesForServer
    }

    public var peers: Peers { Peers(postbox: postbox) }
    public var messages: Messages { Messages(postbox: postbox, changesForServer: changesForServer) }
    public var calls: Calls { Calls(postbox: postbox) }
    public var notifications: Notifications { Notifications(postbox: postbox) }

    /// Where the account's files are (avatars, attachments), for drawing and opening them.
    public var mediaBox: MediaBox { postbox.mediaBox }

    public struct Peers {
        let postbox: Postbox
    }

    public struct Messages {
        let postbox: Postbox
        let changesForServer: (@Sendable () -> Void)?
    }

    public struct Calls {
        let postbox: Postbox
    }

    public struct Notifications {
        let postbox: Postbox
    }
}
