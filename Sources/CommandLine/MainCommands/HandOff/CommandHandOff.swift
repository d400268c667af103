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
        let outcome = submitter.awaitOutcome(of: request, timeout: deadlineSeconds) {
            let now = Clock.monotonicNanoseconds()
            guard now >= nextLook else { return false }
            nextLook = now + 100_000_000
            guard let progress = try? JSONFile.read(BackgroundProgress.self, from: progressPath, limit: 4096), progress != seen else { return false }
            seen = progress
            if bar == nil { bar = ProgressBar(label: progressLabel ?? progress.label.lowercased(), enabled: progressLabel != nil) }
            bar?.update(done: progress.done, total: progress.total)
            return true
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
