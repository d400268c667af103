import Container
import Dispatch
#if canImport(Glibc)
import Glibc
#endif

/// Turns signals, a one-second timer, standard input and an optional deadline into one ordered
/// stream of AppEvents and feeds them to the application until it stops.
public enum RunLoop {
    public static func run(_ application: Application, duration: Double?, onReady: () -> Void) async {
        let (events, continuation) = AsyncStream<AppEvent>.makeStream()
        let queue = DispatchQueue(label: "main.events")
        SignalPipe.install([SIGINT, SIGTERM]) { continuation.yield(.signal($0)) }
        let timer = DispatchSource.makeTimerSource(queue: queue)
        timer.schedule(deadline: .now() + 1, repeating: 1)
        timer.setEventHandler { continuation.yield(.tick) }
        timer.resume()
        if let duration {
            queue.asyncAfter(deadline: .now() + duration) { continuation.yield(.deadline) }
        }
        DispatchQueue.global().async {
            while let line = readLine() { continuation.yield(.userInput(line)) }
        }
        if let pending = application.app.requests?.directories.pending {
            let watching = DirectoryWatcher.start(pending) { continuation.yield(.requestsPending) }
            application.app.logger.info("watching for requests", metadata: ["inotify": "\(watching)"])
        }
        onReady()
        for await event in events {
            application.sendEvent(event)
            if application.shouldStop { break }
        }
        timer.cancel()
        continuation.finish()
    }
}
