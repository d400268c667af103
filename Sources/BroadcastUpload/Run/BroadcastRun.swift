import BroadcastIPC
import Container

/// The control thread of `broadcast start`: ticks the status machine every 100 ms, opens the
/// stream when it says so, ends the broadcast on --duration, SIGINT/SIGTERM or a broken stream,
/// then stops the threads and returns what happened.
public struct BroadcastRun {
    static let tickNanos: Int64 = 100_000_000

    /// What one run did.
    public struct Result {
        public var reason: BroadcastEndReason
        var callId: UInt32?
        var transitions: [BroadcastTransition]
        var totals: BroadcastStream.Totals
        var durationNanos: UInt64
    }

    let settings: BroadcastSettings
    let mode: BroadcastCoordinationType
    let directory: CoordinationDirectory
    /// A status line per change ("status active mode=inProcess id=…"), as it happens.
    public var announce: (String) -> Void = { _ in }
    /// For the log.
    public var log: (String) -> Void = { _ in }

    public init(settings: BroadcastSettings, mode: BroadcastCoordinationType, directory: CoordinationDirectory) {
        self.settings = settings
        self.mode = mode
        self.directory = directory
    }

    public func run(source: FrameSource) -> Result {
        let signals = StopSignals.block()
        let start = BroadcastInstant.now()
        let startNanos = Clock.monotonicNanoseconds()
        var machine = BroadcastStatusMachine(mode: mode, coordinator: directory,
                                             joinRequest: EmbeddedJoinRequest(geometry: source.geometry, fps: settings.fps), start: start)
        let end = settings.duration.map { start.monotonicMs + Int64(($0 * 1000).rounded()) }
        var stream: BroadcastStream?
        var announced = 0
        func announceNew() {
            for transition in machine.transitions[announced...] { announce(statusLine(transition, machine)) }
            announced = machine.transitions.count
        }

        while true {
            let now = BroadcastInstant.now()
            var step: BroadcastStatusMachine<CoordinationDirectory>.Step
            if let end, now.monotonicMs >= end {
                log("--duration reached")
                step = machine.stop(at: now)
            } else if let failure = stream?.failure {
                log("streaming stopped: \(failure)")
                step = machine.streamFailed(failure, at: now)
            } else {
                step = machine.tick(at: now)
            }
            if case .openStream(let id, let sink) = step {
                // What the first check saw besides the description: why a stream started although
                // a cutoff exists (its 10 s had passed) can be read from the log.
                let cutoff = switch directory.readCutoff() {
                case .missing: "none"
                case .corrupt(let reason): "unreadable (\(reason))"
                case .valid(let value): "id=\(value.id) timestamp=\(value.timestamp)"
                }
                log("opening id=\(id) now=\(now.unixSeconds) cutoff: \(cutoff)")
                do {
                    let opened = try open(id: id, sink: sink, source: source)
                    stream = opened
                    try opened.start()
                    step = machine.activate(at: .now())
                } catch {
                    step = machine.fail("\(error)", at: .now())
                }
            }
            announceNew()
            if case .finished = step { break }
            var wait = Self.tickNanos
            if let end { wait = min(wait, (end - BroadcastInstant.now().monotonicMs) * 1_000_000) }
            if let signal = signals.wait(nanoseconds: wait) {
                log("stopped by \(StopSignals.name(signal))")
                _ = machine.stop(at: .now())
                announceNew()
                break
            }
        }
        let totals = stream?.stop() ?? BroadcastStream.Totals()
        return Result(reason: machine.endReason ?? .userStopped, callId: machine.callId, transitions: machine.transitions,
                      totals: totals, durationNanos: Clock.monotonicNanoseconds() - startNanos)
    }

    private func open(id: UInt32, sink: String?, source: FrameSource) throws(BroadcastStreamError) -> BroadcastStream {
        if let sink { return try .embedded(directory: directory, sink: sink, source: source, settings: settings) }
        return try .inProcess(directory: directory, id: id, source: source, settings: settings)
    }

    private func statusLine(_ transition: BroadcastTransition, _ machine: BroadcastStatusMachine<CoordinationDirectory>) -> String {
        guard transition.status == "finished", let reason = machine.endReason else {
            return "status \(transition.status) mode=\(mode.rawValue) id=\(machine.callId.map(String.init) ?? "none")"
        }
        return "status finished reason=\(reason.name)" + (reason.detail.map { " detail=\($0)" } ?? "")
    }
}
