import AppCore
import RequestChannel

/// The app this process runs (`main run`, or `main call start` hosting its call), while it runs:
/// main's commands handed over by other processes run against it instead of launching (and
/// locking) a second time. Touched only on the app's event thread, where handed-over commands run.
enum RunningApp {
    nonisolated(unsafe) static var current: LaunchedApp?

    /// Makes `app` the one handed-over commands run in, from when it finishes launching.
    static func host(_ app: LaunchedApp) {
        current = app
        app.commandRunner = { request in MainCommandRunner.run(request) }
        app.unfinishedCommandAnswer = { MainCommandRunner.answer(unfinished: $0) }
    }
}
