import AppCore
import ArgumentParser
import Bootstrap
import CommandLineSupport

struct PasscodeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "passcode",
        abstract: "Set or clear the app passcode (read from standard input).",
        subcommands: [SetPasscode.self, ClearPasscode.self])
}

struct SetPasscode: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "set", abstract: "Set the passcode: reads it from standard input. Turns on auto-lock.")
    @OptionGroup var options: ContainerOptions

    func run() throws {
        let passcode = try readSecretLine("new passcode")
        try Operations.perform(.setPasscode(passcode), options)
        printLine("passcode set; the app locks after the auto-lock timeout or with `main lock`")
    }
}

struct ClearPasscode: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "clear", abstract: "Remove the passcode (the app must be unlocked).")
    @OptionGroup var options: ContainerOptions

    func run() throws {
        try Operations.perform(.clearPasscode, options)
        printLine("passcode removed")
    }
}

struct LockCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "lock", abstract: "Lock the app now (needs a passcode).")
    @OptionGroup var options: ContainerOptions

    func run() throws {
        try Operations.perform(.lock, options)
        printLine("locked")
    }
}

struct UnlockCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "unlock",
        abstract: "Unlock the app: reads the passcode from standard input.",
        discussion: "Failed attempts are counted in the lock state; after a few, each further try must wait longer.")
    @OptionGroup var options: ContainerOptions

    func run() throws {
        let passcode = try readSecretLine("passcode")
        let result = try Operations.perform(.unlock(passcode: passcode), options).expect("unlock") {
            if case .unlocked(let result) = $0 { return result } else { return nil }
        }
        printLine(result == .unlocked ? "unlocked" : "already unlocked")
    }
}
