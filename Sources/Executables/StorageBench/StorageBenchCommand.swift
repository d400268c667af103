import ArgumentParser

/// `storage-bench`: Scripts/bench's in-process timings of the store — the chat list read (the
/// default, as `storage-bench --json` has always run it) and main's edits and deletions.
struct StorageBenchCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "storage-bench",
        abstract: "Time the store inside one process, for Scripts/bench (budgets: Benchmarks/budgets.toml).",
        subcommands: [ChatListBenchCommand.self, MessageActionsBenchCommand.self],
        defaultSubcommand: ChatListBenchCommand.self)
}
