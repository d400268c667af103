import RequestChannel
import TelegramCore

/// The running app's side of an operation another process handed over: applied on the app's
/// thread, or, for an import, on a thread of its own beside the app's events (the interface
/// stays live and shows how far it is; stopping the app stops it after a whole batch).
enum OperationHandOff {
    static func run(_ request: AppRequest, in app: LaunchedApp) -> CommandOutcome {
        do {
            guard case .appOperation(let envelope) = request.action else { throw OperationFailure(.failed, "not one of main's operations") }
            let operation = try OperationWire.operation(envelope)
            if case .importTelegramExport(let request) = operation {
                return .background(try importInBackground(request, app: app))
            }
            if case .sync(let accountId) = operation {
                return .background(try syncInBackground(accountId, app: app))
            }
            if let (request, accountId) = operation.serverChatRequest {
                return .background(try chatInBackground(request, accountId: accountId, app: app))
            }
            return .finished(OperationWire.ackResult(.done(try app.perform(operation, inRunningApp: true))))
        } catch {
            return .finished(OperationWire.ackResult(.failed(OperationFailure(error))))
        }
    }

    /// With a Postbox connection of its own: SQLite takes the two writers' batches in turn.
    private static func importInBackground(_ request: ImportRequest, app: LaunchedApp) throws -> BackgroundCommand {
        let context = try app.accountContext(request.accountId)
        let postbox = try app.shared.accountManager.openConnection(to: context)
        let job = try app.telegramExportImport(request, into: context, postbox: postbox)
        let logger = app.logger
        return BackgroundCommand(label: "Importing") { command in
            do {
                let report = try job.run(logging: logger) { done, total in
                    command.report(done: done, total: total)
                    if command.isCancelled {
                        throw OperationFailure(.tryAgain, "main run stopped during the import; the batches it wrote are kept: run the same import again to finish it")
                    }
                }
                return OperationWire.ackResult(.done(.imported(report)))
            } catch {
                return OperationWire.ackResult(.failed(OperationFailure(error)))
            }
        }
    }

    /// A sync talks to the server for as long as it takes: on a thread and a connection of its
    /// own, so the app's events (and the interface) never wait for the network. What it writes
    /// can be fetched again, and its state is stored with it, so it needs no sync of its own.
    private static func syncInBackground(_ accountId: Int64?, app: LaunchedApp) throws -> BackgroundCommand {
        let context = try app.accountContext(accountId)
        // Handed to the command's thread and used there alone.
        nonisolated(unsafe) let postbox = try app.shared.accountManager.openConnection(to: context)
        let (build, logger) = (app.storage.container.configuration, app.logger)
        return BackgroundCommand(label: "Syncing") { _ in
            do {
                return OperationWire.ackResult(.done(.synced(try AccountSync.catchUp(postbox: postbox, build: build, logger: logger))))
            } catch {
                return OperationWire.ackResult(.failed(OperationFailure(error)))
            }
        }
    }

    /// A group or channel made (or members added) beside the app's events, as a sync is: the
    /// server's answer may take a while, and the interface does not wait for it.
    private static func chatInBackground(_ request: ServerChatCreations.Request, accountId: Int64?, app: LaunchedApp) throws -> BackgroundCommand {
        let context = try app.accountContext(accountId)
        // Handed to the command's thread and used there alone.
        nonisolated(unsafe) let engine = TelegramEngine(postbox: try app.shared.accountManager.openConnection(to: context))
        let (build, logger) = (app.storage.container.configuration, app.logger)
        return BackgroundCommand(label: "Making the chat") { _ in
            do {
                return OperationWire.ackResult(.done(.chatMade(try ChatMade.made(request, engine: engine, build: build, logger: logger))))
            } catch {
                return OperationWire.ackResult(.failed(OperationFailure(error)))
            }
        }
    }

    /// An operation answered without running to its end.
    static func answer(unfinished: UnfinishedCommand) -> [String: String] {
        switch unfinished {
        case .busy(let label, let progress):
            let done = progress.map { " (\($0.percent)% done)" } ?? ""
            return OperationWire.ackResult(.failed(OperationFailure(.tryAgain, "main run is already running a long command: \(label.lowercased())\(done); run this one again when it has finished")))
        case .stopped:
            return OperationWire.ackResult(.failed(OperationFailure(.tryAgain, "main run stopped before the command finished")))
        }
    }
}
