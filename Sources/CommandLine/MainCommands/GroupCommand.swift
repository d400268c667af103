import AppCore
import ArgumentParser
import CommandLineSupport
import Formats

/// `main group`: groups and channels made on the account's server, and members added (what the
/// interface's c and a do), for scripts.
struct GroupCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "group",
        abstract: "Make a group or channel on the account's server, or add people to one.",
        discussion: """
        People and chats are named by their peer ids (`main chats` lists them; a person must be \
        known to the account: a contact, or someone it has a chat with). The server's answer is \
        stored as the app stores it (the chat, its service message), and printed: the chat's peer \
        id and name. While `main run` runs, the request is handed to it and runs beside its events. \
        An account without a server, a refusal (not an admin, already a member) or no connection: \
        exit 1 with the reason.
        """,
        subcommands: [Create.self, Add.self])

    struct Create: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "create",
            abstract: "Make a group (with --member people), a channel (--channel) or a supergroup (--supergroup).",
            discussion: "A basic group needs at least one other member. A channel or supergroup starts with the account alone: add people with `main group add`.")

        @OptionGroup var options: ContainerOptions
        @Option(help: "The chat's name.") var title: String
        @Option(parsing: .unconditionalSingleValue, help: "A person to have in the group (peer id; repeat for more).") var member: [Int64] = []
        @Flag(help: "A broadcast channel: the account posts, subscribers read.") var channel = false
        @Flag(help: "A supergroup: a group for many, everyone writes.") var supergroup = false
        @Option(parsing: .unconditional, help: "The account id (default: the current account).") var account: Int64?
        @Flag(help: "Print JSON.") var json = false

        func validate() throws {
            if title.trimmingWhitespace().isEmpty { throw ValidationError("--title is empty: a chat needs a name") }
            if channel && supergroup { throw ValidationError("--channel and --supergroup: choose one") }
            if (channel || supergroup) && !member.isEmpty {
                throw ValidationError("a channel or supergroup starts with the account alone: add people with `main group add`")
            }
            if !channel && !supergroup && member.isEmpty { throw ValidationError("a group needs at least one --member") }
        }

        func run() throws {
            let kind: NewChatKind = channel ? .channel : supergroup ? .supergroup : .group
            let made = try GroupCommand.perform(.makeChat(kind: kind, title: title.trimmingWhitespace(), members: member, accountId: account), options)
            try GroupCommand.print(made, json: json, done: "made the \(kind.rawValue)")
        }
    }

    struct Add: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "add",
            abstract: "Add people to a group or channel (its admins add subscribers to a channel).")

        @OptionGroup var options: ContainerOptions
        @Option(parsing: .unconditional, help: "The group or channel (peer id).") var chat: Int64
        @Option(parsing: .unconditionalSingleValue, help: "A person to add (peer id; repeat for more).") var member: [Int64] = []
        @Option(parsing: .unconditional, help: "The account id (default: the current account).") var account: Int64?
        @Flag(help: "Print JSON.") var json = false

        func validate() throws {
            if member.isEmpty { throw ValidationError("name at least one --member to add") }
        }

        func run() throws {
            let made = try GroupCommand.perform(.addMembers(chat: chat, members: member, accountId: account), options)
            try GroupCommand.print(made, json: json, done: "added to")
        }
    }

    static func perform(_ operation: MainOperation, _ options: ContainerOptions) throws -> ChatMade {
        try Operations.perform(operation, options).expect("group") {
            if case .chatMade(let made) = $0 { return made } else { return nil }
        }
    }

    static func print(_ made: ChatMade, json: Bool, done: String) throws {
        if json { return printJSON(try JSONFile.text(made)) }
        let missing = made.notAdded > 0 ? "; \(made.notAdded) could not be added" : ""
        printLine("\(done) «\(made.title)»: peer \(made.peerId)\(missing)")
    }
}
