/// `main run`'s second launch stage, shared by the headless app and the interface: did finish
/// launching makes the launched app the one other processes hand their writing operations to, then
/// starts the refreshers (the request watcher and the one-second tick that publishes widget data).
public enum AppRun {
    /// The request queue drained and the app registered as the running one; returns the app to
    /// feed events to.
    public static func didFinishLaunching(_ app: LaunchedApp) throws -> Application {
        try app.didFinishLaunching()
        takeCommands(app)
        app.logger.info("launched", metadata: ["state": "\(app.context.stateName)", "mode": "writer"])
        return Application(app: app)
    }

    /// The end of `main run`, however it ends: no more hand-overs, the launch's files cleaned up
    /// and the writer lock released.
    public static func finish(_ app: LaunchedApp) {
        stopTakingCommands(app)
        app.finish()
    }

    /// Operations other processes hand over from now on are applied by this app (`main run`, or
    /// `main call start` hosting its call when no app runs).
    public static func takeCommands(_ app: LaunchedApp) {
        app.requestHandler?.runningApp = app
    }

    public static func stopTakingCommands(_ app: LaunchedApp) {
        // An import still running stops after its current batch and is answered.
        app.requests?.stopBackgroundCommands()
        app.requestHandler?.runningApp = nil
    }
}
