import AppCore
import ArgumentParser
import Bootstrap
import CommandLineSupport
import Container
import Formats
import ScreencastCall

extension CallCommand {
    struct Stats: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "stats",
            abstract: "Print the latest call statistics (call-stats.json) without launching the app.",
            discussion: """
            Reads call-stats.json from the coordination directory written last. --json prints its \
            keys — CallStatistics' (mode, callId, peerId, startedAt, updatedAt, extensionActive, \
            framesReceived, framesVerified, framesDropped, framesRejected, tornDiscarded, \
            checksumFailures, fps, averageFps, latencyAverageMs, latencyP50Ms, latencyMaxMs, \
            audioBytes, audioChunks, lastRejectReason) and main's (ended, endReason, hostPid, \
            directory, extensionStatus, frameSource, frameSourceDetail, frameGeometry, \
            framesNotSynthetic, latencyP95Ms, audioStatus, audioRejections, lastAudioRejectReason, \
            join, heartbeatError) — plus live (not ended, updated within 3 s). frameSource is \
            waiting, open, truncated, missing, unreadable or closed. Exit 1 when no call has \
            written statistics, or the file is unreadable.
            """)

        @OptionGroup var options: ContainerOptions
        @Flag(help: "Print JSON.") var json = false

        func run() throws {
            let environment = currentEnvironment()
            let (configuration, _) = try BuildConfiguration.load(environment: environment)
            let container = try ResolvedContainer.resolve(.main, containerFlag: options.container, environment: environment,
                                                          configuration: configuration)
            try container.requireExisting()
            switch CallStatisticsLookup.read(layout: container.layout) {
            case .none:
                throw CallFailure("no call statistics (no call has run in this container)")
            case .unreadable(let reason):
                throw CallFailure("call statistics unreadable: \(reason)")
            case .report(let report):
                let section = CallStatusSection(report)
                if json {
                    printJSON(try JSONFile.text(section))
                } else {
                    printLine(section.line)
                    report.summaryLines.dropFirst().forEach(printLine)
                }
            }
        }
    }
}
