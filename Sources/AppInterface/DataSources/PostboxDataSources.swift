import Storage
import TelegramCore

/// The screens' data sources over one account's Postbox: each protocol of TelegramUI's, one file
/// each (`PostboxDataSources+…`). Reads only, each in one transaction: changes go through AppCore,
/// the writer, by the closures the screens are handed.
struct PostboxDataSources {
    let postbox: Postbox
    /// The app's downloads from the server, for a file's progress (nil: none).
    var downloads: ServerFileDownloads?

    /// The account's chat with itself, as Telegram names it.
    static let savedMessagesTitle = "Saved Messages"
}

extension PostboxDataSources: AccountDataSources {}
