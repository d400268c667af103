import Storage

/// The one way the layers above TelegramCore read an account (Telegram iOS's TelegramEngine):
/// typed queries, each answered from one read transaction of the account's Postbox, so an
/// extension, a screen or a command never composes a transaction of its own. What comes back
/// are immutable values (EngineModel.swift); changes go to main as requests, as before.
public struct TelegramEngine {
    let postbox: Postbox

    public init(postbox: Postbox) {
        self.postbox = postbox
    }

    public var peers: Peers { Peers(postbox: postbox) }
    public var messages: Messages { Messages(postbox: postbox) }
    public var calls: Calls { Calls(postbox: postbox) }
    public var notifications: Notifications { Notifications(postbox: postbox) }

    /// Where the account's files are (avatars, attachments), for drawing and opening them.
    public var mediaBox: MediaBox { postbox.mediaBox }

    public struct Peers {
        let postbox: Postbox
    }

    public struct Messages {
        let postbox: Postbox
    }

    public struct Calls {
        let postbox: Postbox
    }

    public struct Notifications {
        let postbox: Postbox
    }
}
