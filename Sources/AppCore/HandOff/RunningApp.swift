/// The app `main run` launched, while it runs: commands handed over by other processes run
/// against it instead of launching (and locking) a second time.
enum RunningApp {
    nonisolated(unsafe) static var current: LaunchedApp?
}
