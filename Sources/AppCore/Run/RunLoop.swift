import Container
import Dispatch
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// Turns signals, a one-second timer, standard input and an optional deadline into one ordered
/// stream of AppEvents and feeds them to the application until it stops.
public enum RunLoop {
    public static func run(_ application: Application, duration: Double?, onReady: () -> Void) async {
        let (events, continuation) = AsyncStream<AppEvent>.makeStream()
        let timer = startSources(application, duration: duration) { continuation.yield($0) }
        onReady()
        for await event in events {
            application.sendEvent(event)
            if application.shouldStop { break }
        }
        timer.cancel()
        continuation.finish()
    }

    /// The same loop for a synchronous command: `main call start`, when no app is running, is
    /// the app for its call (an operation handed over to the running app must be synchronous, so
    /// the command cannot await).
    public static func runBlocking(_ application: Application, duration: Double?, onReady: () -> Void) {
        let queue = BlockingEventQueue()
        let timer = startSources(application, duration: duration) { queue.push($0) }
        onReady()
        while true {
            application.sendEvent(queue.pop())
            if application.shouldStop { break }
        }
        timer.cancel()
    }

    /// Starts every event source; returns the timer, which the caller cancels when it stops.
    /// Standard input is read as lines of user activity unless `readsStandardInput` is false: the
    /// terminal interface owns the terminal and reads its keys itself.
    public static func startSources(_ application: Application, duration: Double?, readsStandardInput: Bool = true,
                                    deliver: @escaping @Sendable (AppEvent) -> Void) -> DispatchSourceTimer {
        // Did finish launching's refreshers: timed like every other launch phase.
        application.app.phase("refreshers", stage: LaunchStage.didFinishLaunching) {
            startSourcesUntimed(application, duration: duration, readsStandardInput: readsStandardInput, deliver: deliver)
        }
    }

    private static func startSourcesUntimed(_ application: Application, duration: Double?, readsStandardInput: Bool,
                                            deliver: @escaping @Sendable (AppEvent) -> Void) -> DispatchSourceTimer {
        let queue = DispatchQueue(label: "main.events")
        SignalPipe.install([SIGINT, SIGTERM]) { deliver(.signal($0)) }
        let timer = DispatchSource.makeTimerSource(queue: queue)
        timer.schedule(deadline: .now() + 1, repeating: 1)
        timer.setEventHandler { deliver(.tick) }
        timer.resume()
        if let duration {
            queue.asyncAfter(deadline: .now() + duration) { deliver(.deadline) }
        }
        if readsStandardInput {
            DispatchQueue.global().async {
                while let line = readLine() { deliver(.userInput(line)) }
            }
        }
        application.startServerUpdates(deliver: deliver)
        if let pending = application.app.requests?.directories.pending {
            let watching = DirectoryWatcher.start(pending) { deliver(.requestsPending) }
            application.app.logger.info("watching for requests", metadata: ["inotify": "\(watching)"])
        }
        return timer
    }
}

/// Events in arrival order for a thread that waits for them.
private final class BlockingEventQueue: Sendable {
    private let events = Mutex<[AppEvent]>([])
    private let available = DispatchSemaphore(value: 0)

    func push(_ event: AppEvent) {
        events.withLock { $0.append(event) }
        available.signal()
    }

    func pop() -> AppEvent {
        available.wait()
        return events.withLock { $0.removeFirst() }
    }
}
