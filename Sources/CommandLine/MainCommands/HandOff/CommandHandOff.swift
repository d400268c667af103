import AppCore
import ArgumentParser
import Bootstrap
import CommandLineSupport
import Container
import Cryptography
import Formats
import FoundationEssentials
import RequestChannel

/// A writing `main` command issued while `main run` holds the writer lock: instead of being
/// refused (exit 75), it is handed to the running app as a request with its arguments and the
/// input it read, and answers with the running app's output and exit status. The running app
/// runs a handed-over command at most once; one interrupted by a crash is reported, not repeated.
enum CommandHandOff {
    /// Long enough for the slowest command run on the app's thread (a large `seed`); a background
    /// command (an import) gets it again each time it reports progress. The request stays queued after it.
    static let deadlineSeconds = 600.0

    /// Returns only when the running app stopped before taking the command, which was then
    /// withdrawn: the caller launches as usual. Otherwise it ends the command with the running
    /// app's answer (thrown as its exit status).
    static func handToRunningApp(_ options: ContainerOptions, refusal: WriterLockHeld,
                                 arguments: [String] = CommandMain.arguments) throws {
        guard arguments.first != "run" else { throw refusal }
        let environment = currentEnvironment()
        let (configuration, _) = try BuildConfiguration.load(environment: environment)
        let container = try ResolvedContainer.resolve(.main, containerFlag: options.container, environment: environment,
                                                      configuration: configuration)
        guard let deviceKey = try DeviceKey.load(path: container.layout.deviceKeyPath) else { throw refusal }
        let submitter = try RequestSubmitter(layout: container.layout, deviceKey: deviceKey)
        let draft = try submitter.begin()
        let request = try submitter.commit(draft, accountId: 0, origin: ProcessIdentity.main.processType,
                                           action: .mainCommand(arguments: arguments, standardInput: CommandInput.consumed,
                                                                       workingDirectory: FileSystem.currentDirectory()))
        // A long command (an import) runs in the background of the app and publishes its
        // progress: a bar here on a terminal, and a deadline that counts from the last progress.
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
            if bar == nil { bar = ProgressBar(label: progress.label.lowercased(), enabled: !arguments.contains("--json")) }
            bar?.update(done: progress.done, total: progress.total)
            return true
        }
        bar?.finish()
        switch outcome {
        case .applied(let ack), .rejected(let ack):
            let output = ack.result["stdout"] ?? ""
            let errors = ack.result["stderr"] ?? (ack.status == .rejected ? "error: \(ack.detail ?? "refused by the running app")\n" : "")
            StandardStreams.relay(output, error: false)
            StandardStreams.relay(errors, error: true)
            throw ExitCode(Int32(ack.result["exitStatus"] ?? "") ?? (ack.status == .applied ? 0 : 1))
        case .queued(let appRunning):
            if !appRunning && submitter.withdraw(request) { return }
            StandardStreams.writeError(appRunning
                ? "main run did not answer within \(Int(deadlineSeconds)) s (nor report progress); the command stays with it (request \(request.id))"
                : "main run stopped while it had the command (request \(request.id)); see `main status`")
            throw ExitCode(75)
        }
    }
}
