import ScreencastCall
/// The app `main run` launched, while it runs: commands handed over by other processes run
/// against it instead of launching (and locking) a second time.
enum RunningApp {
    nonisolated(unsafe) static var current: LaunchedApp?
    /// The group call it hosts (one at a time), from `main call start` until `main call end` or
    /// until the app stops. Touched only on the app's event thread, as handed-over commands are.
    nonisolated(unsafe) static var call: GroupCall?
}
