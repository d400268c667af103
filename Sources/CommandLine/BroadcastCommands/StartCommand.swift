import ArgumentParser
import Bootstrap
import BroadcastIPC
import BroadcastUpload
import CommandLineSupport
import Container
import Formats
import FoundationEssentials

/// `broadcast start`: what ReplayKit's broadcast extension does while the user shares the screen
/// into a call (Telegram's BroadcastUploadExtension), with a synthetic screen or a YUV file.
public struct StartCommand: ParsableCommand {
    public static let configuration = CommandConfiguration(
        commandName: "start",
        abstract: "Share the screen into main's call: stream frames and audio until the call or the screencast ends.",
        discussion: """
        Telegram's two broadcast designs, chosen as Telegram chooses: telegram-data/\
        broadcast-coordination-type containing "ipc" selects embedded mode, anything else (or no \
        file) in-process mode.

        In-process (broadcast-coordination/): one second after start, and every second after, \
        the extension reads main's currentPayloadDescription.json {id, timestamp}. On first \
        sight it opens main's frame file 0-data-<id> (a ring of seqlocked slots: main never \
        accepts a torn frame and counts every one it missed) and the audio FIFO 0-audio-<id> \
        (Int32 length + bytes per chunk; more than 1 MiB queued is dropped), writes \
        keepaliveInfo.json {id, timestamp} at once and then every second, and streams.

        Embedded (embedded-broadcast-coordination/): on first sight it writes joinPayload.json \
        {id, string} whose string is {"ssrc", "width", "height", "fps"} (no fps with --fps 0), and waits up to 10 s \
        for joinResponsePayload.json with the same id, whose string is {"accepted": true, \
        "sink": "0-sink-<id>"} or {"accepted": false, "error": …}. Accepted, it creates the sink \
        frame ring itself in that directory and streams to it (audio goes to its own stream, \
        no FIFO); the sink is removed at the end.

        Telegram's rules end the broadcast (status active → finished):
          callEnded        the description is more than 4 s old, or its id changed
                           (main quit or was killed: seen within 4-6 s)
          screencastEnded  cutoffPayload.json for our id, written in the last 10 s
          userStopped      --duration elapsed, or SIGINT / SIGTERM
          error            no or unreadable description at a check (main has no
                           call), frame file missing, truncated or not a frame ring,
                           join refused or unanswered, keepalive not writable
        The keepalive is removed at the end. The app's lock state is reported, not enforced \
        (Telegram's broadcast extension does not check the passcode).

        Frames are paced on absolute CLOCK_MONOTONIC deadlines; a frame that misses its tick \
        is skipped and counted (missedTicks). Synthetic frames carry their number (from 1) and \
        a checksum, so main can prove each frame arrived whole. A FILE.yuv holds raw NV12 \
        frames of --size back to back (Y plane then interleaved CbCr, stride = width, 1.5·W·H \
        bytes each) and is played in a loop; a file that is not a whole number of frames is \
        refused. Audio is a 440 Hz tone, 48 kHz mono 16-bit, one 20 ms chunk (1920 bytes) every \
        20 ms.

        Output: a line per status change ("status active mode=inProcess id=…", "status \
        finished reason=callEnded"), then statistics. With --json, only one object at the end:
          {"status": "finished", "reason", "detail" (error message or null), "mode":
           "inProcess"|"embedded", "callId" (or null), "source", "size": "WxH", "fps"
           (requested), "orientation", "audio", "achievedFps", "framesSent",
           "missedTicks", "audioBytesSent" (audio bytes, as main counts them),
           "audioBytesDropped", "durationSeconds", "streamingSeconds", "locked",
           "transitions": [{"status": "joining"|"active"|"finished", "atMs"}]}

        atMs, durationSeconds and --duration count from the start of the broadcast (just \
        after the bootstrap). If the bootstrap itself fails, --json prints {"status": \
        "error", "error"}.

        Exit status: 0 for screencastEnded, callEnded and userStopped; 1 for an error (also \
        written to standard error as "error: …"); 64 for a usage error (a bad --size, --fps, \
        --duration or --orientation, or a YUV file that is missing, empty or not whole frames).

        Examples:
          broadcast start --duration 10
          broadcast start --size 1920x1080 --fps 60 --json
          broadcast start --source screen.yuv --size 640x360 --no-audio
        """)

    @OptionGroup public var options: ContainerOptions
    @Option(help: ArgumentHelp("What to stream: synthetic, or a raw NV12 file of --size frames.", valueName: "synthetic|file.yuv"))
    public var source: FrameSourceChoice = .synthetic
    @Option(help: ArgumentHelp("Frame size; each side even and within 1…8192 (synthetic: width ≥ \(SyntheticFrame.minimumWidth)).", valueName: "WxH"))
    public var size: FrameSize = .hd
    @Option(parsing: .unconditional, help: ArgumentHelp("Frames per second, 0…\(BroadcastSettings.maximumFps); 0 sends as fast as possible.", valueName: "n"))
    public var fps: Int = 30
    @Option(parsing: .unconditional, help: ArgumentHelp("Stop after this many seconds, as the user stopping the broadcast.", valueName: "seconds"))
    public var duration: Double?
    @Option(parsing: .unconditional, help: ArgumentHelp("The frames' orientation, CGImagePropertyOrientation 1 (up) … 8.", valueName: "1-8"))
    public var orientation: Int = 1
    @Flag(help: "Send no audio.") public var noAudio = false
    @Flag(help: "Print one JSON object at the end (see above).") public var json = false

    public init() {}

    var settings: BroadcastSettings {
        BroadcastSettings(source: source, size: size, fps: fps,
                          orientation: FrameOrientation(rawValue: UInt32(clamping: orientation)) ?? .up,
                          audio: !noAudio, duration: duration)
    }

    public func validate() throws {
        guard (1...8).contains(orientation) else { throw ValidationError("--orientation must be between 1 and 8") }
        let settings = self.settings
        if let problem = settings.validationError { throw ValidationError(problem) }
        // The file is checked whole now, so a wrong --size is a usage error, not a failed broadcast.
        if case .file = settings.source {
            do {
                _ = try settings.source.open(geometry: settings.geometry)
            } catch {
                throw ValidationError("--source: \(error)")
            }
        }
    }

    public func run() throws {
        let settings = self.settings
        let bootstrap: ExtensionBootstrap
        do {
            // No Postbox: the broadcast reads only coordination files and the lock state.
            bootstrap = try ExtensionBootstrap(identity: .broadcast, containerFlag: options.container,
                                               environment: ProcessInfo.processInfo.environment, account: .deferred)
        } catch {
            throw report(ExtensionFailure("error", "\(error)"))
        }
        defer { bootstrap.finish() }
        let logger = bootstrap.logger
        let locked = bootstrap.lockStatus.isLocked()
        let mode = BroadcastCoordinationType.read(layout: bootstrap.layout)
        let frameSource: FrameSource
        do {
            frameSource = try settings.source.open(geometry: settings.geometry)
        } catch {
            throw report(ExtensionFailure("error", "--source: \(error)"))
        }
        logger.info("start \(mode.rawValue) source=\(settings.source) size=\(settings.size) fps=\(settings.fps) locked=\(locked)")

        var run = BroadcastRun(settings: settings, mode: mode, directory: mode.directory(layout: bootstrap.layout))
        if !json { run.announce = { StandardStreams.writeLine($0) } }
        run.log = { logger.info("\($0)") }
        let result = run.run(source: frameSource)
        let report = BroadcastReport(result, settings: settings, mode: mode, locked: locked)
        logger.info("finished \(report.reason)\(report.detail.map { ": \($0)" } ?? "") frames=\(report.framesSent) fps=\(report.achievedFps) missed=\(report.missedTicks)")
        json ? StandardStreams.writeJSON(report.json) : StandardStreams.writeLines(report.lines)
        if let detail = result.reason.detail { throw ExtensionFailure("error", detail) }
    }

    /// A failure before the broadcast began: with --json, the object other extensions print.
    private func report(_ failure: ExtensionFailure) -> ExtensionFailure {
        if json, let text = try? JSONFile.text(ExtensionFailureReport(failure)) { StandardStreams.writeJSON(text) }
        return failure
    }
}
