import AppCore
import ArgumentParser
import Bootstrap
import CommandLineSupport
import Container
import Formats
import Logging
import MTProtoKit
import TelegramCore

struct LoginCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "login",
        abstract: "Log in to Telegram (or a Telegram-protocol server), or create an offline account; make it current.",
        discussion: """
        With --server HOST:PORT (a Telegram-protocol server such as Tools/mtproto-server, whose public \
        key --public-key names) or --environment production|test (Telegram's own datacenters), this \
        logs in there: the server sends a code (give it with --code, or type it when asked), a number \
        without an account signs up with --name, and an account with a two-step password asks for it \
        (typed without echo, or --password-file FILE, or a line of standard input). The account is the \
        server's user and keeps the auth key the login was made on.
        Without either, it creates an offline account (a demo: it never connects): --phone and --name.
        An account is one phone, as on Telegram: a phone already logged in makes that account current \
        and creates nothing (--json says "existing": true).
        Examples:
          main login --server 127.0.0.1:8443 --public-key Tools/mtproto-server/keys/test-server.pub.pem --phone +99966 1 0001 --code 12345
          main login --phone +15550001 --name "Ada Lovelace"
        """)

    @OptionGroup var options: ContainerOptions
    @Option(help: "The account's phone number with its country code, e.g. +15550001.") var phone: String
    @Option(help: "The account's name, \"First Last\" (an offline account; a new number signing up on a server).") var name: String?
    @Option(help: "HOST:PORT of a Telegram-protocol server to log in to ([V6]:PORT for IPv6).") var server: String?
    @Option(name: .customLong("public-key"), help: "The server's RSA public key, a PEM file (repeatable). Needed with --server.")
    var publicKeys: [String] = []
    @Option(help: "Log in to Telegram's own datacenters: production or test.") var environment: DatacenterEnvironment?
    @Option(help: "The code the server sent (asked for when not given).") var code: String?
    @Option(name: .customLong("password-file"), help: "A file whose first line is the two-step password (asked for when needed and not given).")
    var passwordFile: String?
    @Option(name: .customLong("api-id"), parsing: .unconditional, help: "The application id from my.telegram.org (Telegram needs one; a test server takes any).")
    var apiId: Int32?
    @Option(name: .customLong("api-hash"), help: "The application hash from my.telegram.org.") var apiHash: String?
    @Option(help: "abridged, intermediate, padded, obfuscated or obfuscated-padded.") var transport: TransportKind = .obfuscatedPadded
    @Option(parsing: .unconditional, help: "Seconds to wait for the connection and each answer.") var timeout: Double = 30
    @Flag(help: "Print JSON.") var json = false

    var isServerLogin: Bool { server != nil || environment != nil }

    func validate() throws {
        try ServerChoice.validate(server: server, publicKeys: publicKeys, timeout: timeout)
        if server != nil && environment != nil { throw ValidationError("give --server or --environment, not both") }
        if environment == .custom { throw ValidationError("--environment is production or test; a custom server is --server HOST:PORT") }
        if !isServerLogin && name == nil { throw ValidationError("an offline account needs --name \"First Last\" (or log in to a server with --server)") }
        if !isServerLogin && (code != nil || passwordFile != nil) { throw ValidationError("--code and --password-file are for a server login (--server or --environment)") }
    }

    func run() throws {
        // A server login talks to the server here first; the writer then stores what it gave.
        let details = isServerLogin ? try serverLogin() : nil
        let operation: MainOperation = details.map { .loginOnServer($0.login) } ?? .login(phone: phone, name: name ?? "")
        let created = try Operations.perform(operation, options).expect("login") {
            if case .loggedIn(let created) = $0 { return created } else { return nil }
        }
        if json {
            printJSON(try JSONFile.text(LoginReport(created: created, outcome: details)))
        } else if let details {
            let user = details.login.user
            let how = details.signedUp ? "signed up" : created.existing ? "logged in again" : "logged in"
            printLine("\(how): \(user.name) (+\(user.phone)), user \(user.id) on \(details.login.server.label): account \(created.accountId), now current")
        } else if created.existing {
            printLine("already logged in: \(phone) is account \(created.accountId) (peer \(created.peerId)), now current")
        } else {
            printLine("offline account (no server) created: account \(created.accountId) (peer \(created.peerId)), now current")
        }
    }

    private func serverLogin() throws -> ServerLoginConversation.Outcome {
        let target = try ServerChoice.loginTarget(server: server, publicKeys: publicKeys, environment: environment, apiId: apiId, apiHash: apiHash,
                                                  transport: transport, timeout: timeout)
        var logger = Logger(label: "mtproto")
        logger.logLevel = .warning
        let conversation = ServerLoginConversation(target: target, phone: phone, code: code, name: name, passwordFile: passwordFile,
                                                   input: LoginInputReader())
        do {
            return try conversation.run(logger: logger)
        } catch let error as LoginError {
            throw LoginRefused(error: error)
        }
    }
}

/// `main login --json`: the account, and for a server login who logged in where.
struct LoginReport: Encodable {
    let accountId: String
    let peerId: Int64
    let existing: Bool
    let offline: Bool
    let userId: Int64?
    let name: String?
    let phone: String?
    let server: String?
    let signedUp: Bool?

    init(created: AccountLifecycle.Created, outcome: ServerLoginConversation.Outcome?) {
        (accountId, peerId, existing) = (created.accountId, created.peerId, created.existing)
        offline = outcome == nil
        userId = outcome?.login.user.id
        name = outcome?.login.user.name
        phone = outcome.map { "+" + $0.login.user.phone }
        server = outcome?.login.server.label
        signedUp = outcome?.signedUp
    }
}

/// A login the server (or the person's input) refused: the reason as a person reads it, exit 1
/// (64 when it is the input: a bad phone, no code, no name).
struct LoginRefused: Error, CustomStringConvertible, ExitStatusProviding {
    let error: LoginError
    var description: String {
        "login refused: \(error.description)" + (error.serverError.map { " [\($0)]" } ?? "")
    }
    var exitStatus: Int32 {
        switch error.kind {
        case .invalidPhone, .emptyCode, .invalidName: 64
        case .network: 69
        default: 1
        }
    }
}

struct LogoutCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "logout", abstract: "Log an account out (the current one by default).",
        discussion: """
        An account on a server is logged out there first (auth.logOut), so its key stops being an \
        authorization; if the server cannot be reached, the account is still logged out here and \
        the warning says the server was not told (end that session from another device).
        """)

    @OptionGroup var options: ContainerOptions
    // `.unconditional`: a negative id ("-5975…") is the value, not another option.
    @Option(parsing: .unconditional, help: "The account id (see `main accounts`).") var account: Int64?

    func run() throws {
        var revoked: String?
        let build = try BuildConfiguration.load(environment: currentEnvironment()).0
        var logger = Logger(label: "mtproto")
        logger.logLevel = .error
        do {
            revoked = try withReadingApp(options) {
                try AccountLifecycle.revokeOnServer(manager: $0.shared.accountManager, accountId: account, build: build, timeout: 15, logger: logger)
            }.map { "logged out on \($0)" }
        } catch let error as LoginError {
            StandardStreams.writeError("warning: the server was not told (\(error)): "
                + "the session stays authorized there until it is ended from another device")
        }
        let id = try Operations.perform(.logout(accountId: account), options).expect("logout") {
            if case .loggedOut(let id) = $0 { return id } else { return nil }
        }
        printLine("logged out: account \(id)" + (revoked.map { " (\($0))" } ?? ""))
    }
}
