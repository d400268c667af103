// storage-bench: the top-50 chat list read inside one process, for Scripts/bench (its budget is in
// Benchmarks/budgets.toml). Not shipped to users; a measuring tool like display-bench.
// It bootstraps as `share` does, so it reads the Postbox exactly as an extension opens it.
import Bootstrap
import CommandLineSupport

CommandMain.runSynchronously(StorageBenchCommand.self, identity: .share)
