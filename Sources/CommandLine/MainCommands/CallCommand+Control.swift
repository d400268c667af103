import AppCore
import ArgumentParser
import Bootstrap
import CommandLineSupport
import Formats
import ScreencastCall

/// The cutoff `main call stop-screencast` wrote.
extension CallCommand {
    struct StopScreencast: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "stop-screencast",
            abstract: "Ask the broadcast extension to stop the screencast; the call goes on.",
            discussion: """
            Writes cutoffPayload.json {id, timestamp: now} for the running call; the extension \
            honours a cutoff for its call for 10 s and finishes with screencastEnded. Prints \
            `cutoff written id=<id> timestamp=<unix seconds>`, or with --json {"callId", "timestamp"}. \
            Exit 1 with "no call is running" when there is no call.
            """)

        @OptionGroup var options: ContainerOptions
        @Flag(help: "Print JSON.") var json = false

        func run() throws {
            let written = try Operations.perform(.stopScreencast, options).expect("call stop-screencast") {
                if case .screencastCutoff(let written) = $0 { return written } else { return nil }
            }
            json ? printJSON(try JSONFile.text(written)) : printLine("cutoff written id=\(written.callId) timestamp=\(written.timestamp)")
        }
    }

    struct End: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "end",
            abstract: "End the running call and print its final statistics.",
            discussion: """
            Stops reading, writes the final call-stats.json (ended, extension inactive), removes \
            the frame ring and the audio FIFO (the sink in embedded mode) and stops rewriting the \
            payload description, so the extension reports callEnded within 4 s. Prints the \
            statistics as text (first line `call <id> peer <peer> (<mode>) ended: <reason>`), or \
            with --json the object `main call stats --json` prints. Exit 1 with "no call is \
            running" when there is no call.
            """)

        @OptionGroup var options: ContainerOptions
        @Flag(help: "Print JSON.") var json = false

        func run() throws {
            let report = try Operations.perform(.endCall, options).expect("call end") {
                if case .callEnded(let report) = $0 { return report } else { return nil }
            }
            if json {
                printJSON(try JSONFile.text(CallStatusSection(report)))
            } else {
                report.summaryLines.forEach(printLine)
            }
        }
    }
}
