import AppCore
import ArgumentParser
import Bootstrap
import BroadcastIPC
import CommandLineSupport
import Formats
import ScreencastCall
#if canImport(Glibc)
import Glibc
#endif

extension CallCommand {
    struct Start: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "start",
            abstract: "Start a group call with a chat of the current account that accepts a screencast.",
            discussion: """
            With `main run` running, the call is handed to it and this command returns at once, \
            printing one line:

              call started id=<id> peer=<peer> mode=<inProcess|embedded> pid=<host pid> directory=<dir>

            The call then lives in the running app (its interface shows it in the corner box) until \
            `main call end`, --duration, the app stopping, or F8 / `e` in the interface. With no \
            app running, this process launches as the app (the writer) for the call, prints the \
            same line, runs the writing commands other processes hand to it (`main call end`, \
            `main call stop-screencast`, …) and stops when the call ends, on SIGINT or SIGTERM, \
            or after --duration; it then prints the final statistics (as `main call end` does) \
            and exits 0. A second `main call start` meanwhile fails (exit 1).

            --json prints JSON lines instead: the start object on one line {"audioFifo", \
            "callId", "directory", "frameFile", "host", "hostPid", "mode", "peerId"}, and, when \
            this process is the app, the final statistics (as `main call stats --json`) on one \
            line when the call ends.

            Errors (exit 1): no current account, a peer that is not a chat of it, a call already \
            running, a coordination directory that cannot be set up.
            """)

        @OptionGroup var options: ContainerOptions
        @Option(parsing: .unconditional, help: "The chat's peer id (see `main chats`).") var peer: Int64
        @Flag(help: "Telegram's embedded mode: broadcast-coordination-type \"ipc\", the join handshake, the extension's own sink.")
        var embedded = false
        @Option(parsing: .unconditional, help: "End the call by itself after this many seconds.") var duration: Double?
        @Flag(help: "Print JSON lines.") var json = false

        func validate() throws {
            if let duration, !(duration > 0 && duration <= 7 * 24 * 3600) {
                throw ValidationError("--duration must be between 0 and 604800 seconds")
            }
        }

        func run() throws {
            var hosted = false
            let result = try Operations.perform(.startCall(peerId: peer, embedded: embedded, duration: duration), options) { app, result in
                // No app was running: this process hosts the call.
                hosted = true
                guard case .callStarted(let started) = result, let call = app.call else { throw UnexpectedResult(operation: "call start") }
                let announcement = try line(started)
                let report = host(call, app: app) { announcement() }
                if json {
                    printJSON(try JSONFile.compactText(CallStatusSection(report)))
                } else {
                    report.summaryLines.forEach(printLine)
                }
            }
            guard !hosted else { return }
            let started = try result.expect("call start") { if case .callStarted(let started) = $0 { return started } else { return nil } }
            try line(started)()
        }

        /// Prints `call started …` (or its JSON), when called.
        private func line(_ started: CallStarted) throws -> () -> Void {
            let text = json ? try JSONFile.compactText(started) : started.line
            return { json ? printJSON(text) : printLine(text) }
        }

        /// No app was running: this process is the app while the call lasts, as `main run` is,
        /// so other processes' writing commands (`main call end` among them) are handed to it.
        private func host(_ call: GroupCall, app: LaunchedApp, onReady: () -> Void) -> CallStatisticsReport {
            AppRun.takeCommands(app)
            defer { AppRun.stopTakingCommands(app) }
            let application = Application(app: app)
            application.stopsWhenCallEnds = true
            RunLoop.runBlocking(application, duration: duration, onReady: onReady)
            // Stopping ended the call already (signal, deadline, `main call end`); this covers the rest.
            CallHost.endForShutdown(app, reason: "app stopped")
            return call.end(reason: "app stopped")
        }
    }
}
