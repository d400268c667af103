import AppCore
import Bootstrap
import CommandLineSupport
import Container
import Cryptography
import Formats
import RequestChannel

/// A writing `main` command issued while `main run` holds the writer lock: instead of being
/// refused (exit 75), its operation is handed to the running app through the request channel,
/// and the running app's typed answer is this command's. The running app applies a handed-over
/// operation at most once; one interrupted by a crash is reported, not repeated.
enum CommandHandOff {
    /// Long enough for the slowest operation run on the app's thread (a large `seed`); a
    /// background one (an import) gets it again each time it reports progress. The request stays
    /// queued after it.
    static let deadlineSeconds = 600.0
    /// How long the app may stay stopped (a Ctrl-Z and `fg`) before the wait ends.
    static let stoppedGraceSeconds = 1.0
    /// How often the holder is looked at while waiting.
    static let sliceSeconds = 0.1

    /// The running app's answer; nil when it stopped before taking the operation, which was then
    /// withdrawn (the caller launches as usual). `progressLabel`: a bar on the terminal while a
    /// long operation reports progress.
    static func handToRunningApp(_ operation: MainOperation, _ options: ContainerOptions, refusal: WriterLockHeld,
                                 progressLabel: String?) throws -> OperationAnswer? {
        let environment = currentEnvironment()
        let (configuration, _) = try BuildConfiguration.load(environment: environment)
        let container = try ResolvedContainer.resolve(.main, containerFlag: options.container, environment: environment,
                                                      configuration: configuration)
        guard let deviceKey = try DeviceKey.load(path: container.layout.deviceKeyPath) else { throw refusal }
        let submitter = try RequestSubmitter(layout: container.layout, deviceKey: deviceKey)
        let draft = try submitter.begin()
        let request = try submitter.commit(draft, accountId: 0, origin: ProcessIdentity.main.processType,
                                           action: .appOperation(try OperationWire.envelope(operation)))
        let progressPath = RequestDirectories(layout: container.layout).claimedProgress(request.id)
        var bar: ProgressBar?
        var seen: BackgroundProgress?
        var nextLook: UInt64 = 0
        var deadline = Clock.monotonicNanoseconds() + UInt64(deadlineSeconds * 1e9)
        var stoppedSince: UInt64?
        var outcome: RequestSubmitter.Outcome
        // In slices, so that between them the holder is looked at: a stopped app answers nothing
        // until it is continued, and the person is told so instead of waiting out the deadline.
        while true {
            var progressed = false
            outcome = submitter.awaitOutcome(of: request, timeout: sliceSeconds) {
                let now = Clock.monotonicNanoseconds()
                guard now >= nextLook else { return false }
                nextLook = now + 100_000_000
                guard let progress = try? JSONFile.read(BackgroundProgress.self, from: progressPath, limit: 4096), progress != seen else { return false }
                seen = progress
                if bar == nil { bar = ProgressBar(label: progressLabel ?? progress.label.lowercased(), enabled: progressLabel != nil) }
                bar?.update(done: progress.done, total: progress.total)
                progressed = true
                return true
            }
            let now = Clock.monotonicNanoseconds()
            if progressed { deadline = now + UInt64(deadlineSeconds * 1e9) }
            guard case .queued(let appRunning) = outcome, appRunning, now < deadline else { break }
            let holder = WriterLockHeld.probe(container.layout.writerLockPath)
            guard holder.holderStopped else {
                stoppedSince = nil
                continue
            }
            let since = stoppedSince ?? now
            stoppedSince = since
            guard now - since >= UInt64(stoppedGraceSeconds * 1e9) else { continue }
            bar?.finish()
            // Not yet taken: withdrawn, never to run, and the person told why.
            if submitter.withdraw(request) { throw holder }
            // Taken (running, or run and not yet acknowledged): it stays with the app.
            outcome = submitter.awaitOutcome(of: request, timeout: 0)
            guard case .queued = outcome else { break }
            throw OperationFailure(.tryAgain, "main (pid \(holder.pid.map(String.init) ?? "?")) was stopped (suspended by Ctrl-Z or SIGSTOP) "
                + "while it had the command (request \(request.id)); it finishes it once resumed (`kill -CONT \(holder.pid.map(String.init) ?? "<pid>")`); "
                + "see `main status`")
        }
        bar?.finish()
        switch outcome {
        case .applied(let ack):
            return OperationWire.answer(ack.result)
        case .rejected(let ack):
            return .failed(OperationFailure(.failed, ack.detail ?? "refused by the running app"))
        case .queued(let appRunning):
            if !appRunning && submitter.withdraw(request) { return nil }
            throw OperationFailure(.tryAgain, appRunning
                ? "main run did not answer within \(Int(deadlineSeconds)) s (nor report progress); the command stays with it (request \(request.id))"
                : "main run stopped while it had the command (request \(request.id)); see `main status`")
        }
    }
}
