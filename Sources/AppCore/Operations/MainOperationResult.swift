import Container
import Ingest
import Logging
import TelegramCore
import PushServer
import ScreencastCall

/// What a MainOperation did, as the command that asked prints it.
public enum MainOperationResult: Codable, Sendable {
    case loggedIn(AccountLifecycle.Created)
    case loggedOut(accountId: Int64)
    case synced(AccountStateManager.Report)
    case switched(accountId: Int64)
    case settings(SettingsView)
    case passcodeSet
    case passcodeCleared
    case locked
    case unlocked(AppLockController.UnlockResult)
    case seeded(FixtureGenerator.Summary)
    case imported(TelegramExportImport.Report)
    case pushed(ComposedPush)
    case peerPhotoStored(resourceId: String)
    case contactsImported(ContactsImportReport)
    case opened(OpenedLink)
    case chatMade(ChatMade)
    case callStarted(CallStarted)
    case screencastCutoff(CutoffWritten)
    case callEnded(CallStatisticsReport)
}

/// The chat a `main group` command made, or added members to, as the server answered.
public struct ChatMade: Codable, Equatable, Sendable {
    public let peerId: Int64
    public let title: String
    /// Members the server could not add (their privacy, a full group).
    public let notAdded: Int

    /// `request` on the account's server, with a connection of its own: the chat it made (or
    /// added to) and its name as stored from the answer. A refusal or an account without a
    /// server fails the operation in a person's words.
    static func made(_ request: ServerChatCreations.Request, engine: TelegramEngine, build: BuildConfiguration, logger: Logger) throws -> ChatMade {
        do {
            let (chat, title, notAdded) = try ServerChatCreations.once(request, engine: engine, build: build, logger: logger)
            return ChatMade(peerId: chat.toInt64(), title: title, notAdded: notAdded)
        } catch let refused as ServerChatCreations.Refused {
            throw OperationFailure(.failed, refused.reason)
        } catch is AccountSync.Offline {
            throw OperationFailure(.failed, "groups and channels are made on the account's server, and this account has none")
        }
    }
}

/// The settings that shape the app and what extensions may show, as one JSON-able view.
public struct SettingsView: Codable, Equatable, Sendable {
    public let showCallsTab: Bool
    public let autolockTimeout: Int32
    public let displayNameOnLockscreen: Bool
    public let displayPreviews: Bool
    public let theme: String

    public init(_ values: AppSettings.Values) {
        showCallsTab = values.interface.showCallsTab
        autolockTimeout = values.interface.autolockTimeout
        displayNameOnLockscreen = values.inApp.displayNameOnLockscreen
        displayPreviews = values.inApp.displayPreviews
        theme = values.theme.theme.rawValue
    }
}

/// A link the app opened: the chat it names.
public struct OpenedLink: Codable, Equatable, Sendable {
    public let url: String
    public let accountId: String
    public let peerId: Int64
    public let title: String
}

/// `main contacts import`'s report.
public struct ContactsImportReport: Codable, Equatable, Sendable {
    public let format: String
    public let imported: Int
    public let skipped: Int
    public let matched: Int
    /// How the file met the stored address book (a replace: all added, none kept).
    public let added: Int
    public let updated: Int
    public let unchanged: Int
    public let kept: Int
    public let replaced: Bool
}

/// The screencast cutoff written for the running call.
public struct CutoffWritten: Codable, Equatable, Sendable {
    public let callId: UInt32
    public let timestamp: Int32
}
