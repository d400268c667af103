import ArgumentParser
import CommandLineSupport

/// `intents`: the executable's root, its subcommands and their help.
public struct IntentsCommand: ParsableCommand {
    public static let configuration = CommandConfiguration(
        commandName: "intents",
        abstract: "Siri intents extension: messages and calls by voice.",
        discussion: """
        Runs as a separate process sharing the app-group container with main; it opens the \
        databases read-only and asks main for changes with request files. One subcommand per \
        intent; each answers with one of Apple's Intents codes (success, inProgress, \
        failureRequiringAppLaunch, failure, unsupported, continueInApp, needsDisambiguation) and \
        --json prints {"intent", "code", "reason", "detail", …}. Exit status: 0 for success, \
        inProgress and continueInApp; 3 for needsDisambiguation; 64 for a usage error; 1 \
        otherwise. When the app is locked every intent answers without revealing anything.

          intents send-message --to "Mom" --text "On my way"
          intents search-messages --unread --json
        """,
        subcommands: [SendMessageCommand.self, SearchMessagesCommand.self, SetAttributeCommand.self, StartCallCommand.self,
                      SearchCallHistoryCommand.self, BootstrapCommand.self])

    public init() {}
}
