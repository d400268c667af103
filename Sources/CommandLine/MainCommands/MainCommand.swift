import AppCore
import ArgumentParser
import Bootstrap
import CommandLineSupport

/// `main`: the app. Its launch runs the named phases; each subcommand is one thing the app does.
public struct MainCommand: AsyncParsableCommand {
    public static let configuration = CommandConfiguration(
        commandName: "main",
        abstract: "The main app: the only writer of the shared container's databases.",
        discussion: """
        Start with `main login`, fill the account with `main seed`, then run the app with `main run`. \
        Extensions (share, notify-service, widget, intents, broadcast) read what main writes. \
        While `main run` holds the writer lock, commands that write are handed to it and print its \
        answer; only a second `main run` is refused (exit 75). \
        `main call start --peer ID` runs a group call that accepts a screencast from `broadcast`.
        """,
        subcommands: [LoginCommand.self, LogoutCommand.self, AccountsCommand.self, SeedCommand.self, RunCommand.self,
                      PasscodeCommand.self, LockCommand.self, UnlockCommand.self, SettingsCommand.self, StatusCommand.self,
                      ChatsCommand.self, MessagesCommand.self, RequestsCommand.self, CheckCommand.self, ContactsCommand.self, ImportCommand.self, OpenCommand.self, InstallDesktopCommand.self, PeerPhotoCommand.self, PushCommand.self, PushRegistrationCommand.self,
                      CallCommand.self, NetworkCommand.self, SyncCommand.self, GroupCommand.self])

    public init() {}
}

extension WriterLockHeld: ExitStatusProviding {
    public var exitStatus: Int32 { 75 }
}
