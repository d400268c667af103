import ArgumentParser
import Bootstrap
import CommandLineSupport
import Container
import Formats
import FoundationEssentials

/// `storage-bench [chat-list]`: bootstrap as an extension, then time `TopChatListRead` N + 1 times.
struct ChatListBenchCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "chat-list",
        abstract: "Time the top of the chat list read inside one process (budget: Benchmarks/budgets.toml).",
        discussion: """
        Bootstraps as an extension does (the current account's Postbox opened read-only), then \
        reads the top --count chat list entries, each with its peer, read state and top message \
        decrypted, in one read transaction, 1 + --reads times. The first read is reported apart \
        (cold), then the median and p90 of the others (warm). Nothing is written. A measuring \
        tool for Scripts/bench, not one of the six executables.
        """)

    @OptionGroup var options: ContainerOptions
    @Option(help: "Warm reads timed after the first.") var reads = 1000
    @Option(help: "Chat list entries per read (the budgeted figure: 50).") var count = 50
    @Flag(help: "Print JSON instead of text.") var json = false

    func validate() throws {
        guard (1...1_000_000).contains(reads) else { throw ValidationError("--reads must be between 1 and 1,000,000") }
        guard (1...10_000).contains(count) else { throw ValidationError("--count must be between 1 and 10,000") }
    }

    struct Report: Encodable {
        let accountId: String
        let count: Int
        let entries: Int
        let topMessages: Int
        let bootstrapMs: Double
        let timings: ReadTimings
    }

    func run() throws {
        let bootstrap = try ExtensionBootstrap(identity: ExtensionProcess.identity, containerFlag: options.container,
                                               environment: ProcessInfo.processInfo.environment)
        defer { bootstrap.finish() }
        guard let postbox = bootstrap.postbox, let record = bootstrap.record else {
            throw ValidationError("no current account in the container (create one with `main login`)")
        }
        let read = TopChatListRead(postbox: postbox, count: count)
        var start = Clock.monotonicNanoseconds()
        let first = try read.run()
        let coldMs = Clock.milliseconds(since: start)
        var warm: [Double] = []
        warm.reserveCapacity(reads)
        for _ in 0..<reads {
            start = Clock.monotonicNanoseconds()
            let result = try read.run()
            warm.append(Clock.milliseconds(since: start))
            // The Postbox is read-only here and nobody else writes in the bench: every read sees the same list.
            guard result.entries == first.entries else {
                throw ValidationError("the chat list changed during the benchmark (\(first.entries) then \(result.entries) entries)")
            }
        }
        let report = Report(accountId: String(record.id), count: count, entries: first.entries, topMessages: first.topMessages,
                            bootstrapMs: bootstrap.timer.totalMilliseconds,
                            timings: ReadTimings(coldMs: coldMs, warmMs: ReadTimings.Summary(warm), warmReads: reads))
        if json {
            StandardStreams.writeJSON(try JSONFile.text(report))
        } else {
            let w = report.timings.warmMs
            StandardStreams.writeLines([
                "top \(count) of the chat list: \(first.entries) entries, \(first.topMessages) top messages decrypted",
                "  first read (cold)   \(Milliseconds.text(coldMs)) ms",
                "  \(reads) warm reads     median \(Milliseconds.text(w.median)) ms  p90 \(Milliseconds.text(w.p90)) ms  max \(Milliseconds.text(w.max)) ms",
            ])
        }
    }
}
