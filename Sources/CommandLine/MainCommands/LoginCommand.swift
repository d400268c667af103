import AppCore
import ArgumentParser
import Bootstrap
import CommandLineSupport
import Formats

struct LoginCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "login",
        abstract: "Create an account and make it current (a phone already logged in: switch to its account).",
        discussion: """
        Creates the account's encrypted Postbox, its 256-byte notification secret, and its record in \
        accounts-metadata. An account is one phone, as on Telegram: a phone already logged in makes \
        that account current and creates nothing (--json says "existing": true).
        """)

    @OptionGroup var options: ContainerOptions
    @Option(help: "The account's phone number, e.g. +15550001.") var phone: String
    @Option(help: "The account's name, \"First Last\".") var name: String
    @Flag(help: "Print JSON.") var json = false

    func run() throws {
        let created = try Operations.perform(.login(phone: phone, name: name), options).expect("login") {
            if case .loggedIn(let created) = $0 { return created } else { return nil }
        }
        if json {
            printJSON(try JSONFile.text(created))
        } else if created.existing {
            printLine("already logged in: \(phone) is account \(created.accountId) (peer \(created.peerId)), now current")
        } else {
            printLine("logged in: account \(created.accountId) (peer \(created.peerId)), now current")
        }
    }
}

struct LogoutCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "logout", abstract: "Log an account out (the current one by default).")

    @OptionGroup var options: ContainerOptions
    // `.unconditional`: a negative id ("-5975…") is the value, not another option.
    @Option(parsing: .unconditional, help: "The account id (see `main accounts`).") var account: Int64?

    func run() throws {
        let id = try Operations.perform(.logout(accountId: account), options).expect("logout") {
            if case .loggedOut(let id) = $0 { return id } else { return nil }
        }
        printLine("logged out: account \(id)")
    }
}
