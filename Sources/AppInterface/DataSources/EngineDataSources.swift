import AppCore
import TelegramCore

/// The screens' data sources over one account: each protocol of TelegramUI's, one file each
/// (`EngineDataSources+…`). Reads only, each one question to the account's TelegramEngine (one
/// transaction): changes go through AppCore, the writer, by the closures the screens are handed.
struct EngineDataSources {
    let engine: TelegramEngine
    /// The account, for what its server connection knows live: read at each use, as the
    /// connection starts after the screens (nil: none, as in tests).
    var account: Account?

    /// The app's downloads from the server, for a file's progress.
    var downloads: ServerFileDownloads? { account?.serverDownloads }
    /// Who is typing, as the account's server says.
    var presence: AccountPresence? { account?.serverPresence }

    /// The account's chat with itself, as Telegram names it.
    static let savedMessagesTitle = "Saved Messages"
}

extension EngineDataSources: AccountDataSources {}
