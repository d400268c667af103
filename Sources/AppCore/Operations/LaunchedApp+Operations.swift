import TelegramCore
import AddressBook
import Container
import Cryptography
import Formats
import Ingest
import Logging
import PushServer
import RequestChannel
import ScreencastCall
import TelegramExport
#if canImport(Glibc)
import Glibc
#endif

extension LaunchedApp {
    /// Applies one of main's operations in this app. `inRunningApp`: this is `main run` (a link
    /// opened shows in its interface, a call keeps its own deadline); otherwise this process
    /// launched to apply it. `progress` hears a long operation's progress (done and total units)
    /// and may throw to stop it between steps.
    /// What it wrote is durable when this returns: the result is what someone is told.
    public func perform(_ operation: MainOperation, inRunningApp: Bool = false,
                        progress: ((Int, Int) throws -> Void)? = nil) throws -> MainOperationResult {
        let manager = shared.accountManager
        let result = operation.writesInBulk
            ? try apply(operation, inRunningApp: inRunningApp, progress: progress)
            : try manager.withDurableCommits { try apply(operation, inRunningApp: inRunningApp, progress: progress) }
        try manager.syncWriters()
        return result
    }

    private func apply(_ operation: MainOperation, inRunningApp: Bool,
                       progress: ((Int, Int) throws -> Void)?) throws -> MainOperationResult {
        switch operation {
        case .login(let phone, let name):
            return .loggedIn(try accounts.login(phone: phone, name: name))
        case .loginOnServer(let login):
            return .loggedIn(try accounts.loginOnServer(login))
        case .logout(let accountId):
            return .loggedOut(accountId: try accounts.logout(accountId: accountId))
        case .sync(let accountId):
            return .synced(try AccountSync.catchUp(postbox: try accountContext(accountId).postbox, build: storage.container.configuration,
                                                   pushTokenRegistration: pushTokenRegistration, logger: logger))
        case .switchAccount(let accountId):
            try accounts.switchTo(accountId: accountId)
            return .switched(accountId: accountId)
        case .updateSettings(let change):
            return .settings(SettingsView(try AppSettings.update(self, change)))
        case .setPasscode(let passcode):
            try AppLockController(app: self).setPasscode(passcode)
            return .passcodeSet
        case .clearPasscode:
            try AppLockController(app: self).clearPasscode()
            return .passcodeCleared
        case .lock:
            try AppLockController(app: self).lock()
            return .locked
        case .unlock(let passcode):
            return .unlocked(try AppLockController(app: self).unlock(passcode: passcode))
        case .seed(let fixture):
            return .seeded(try seed(fixture))
        case .importTelegramExport(let request):
            let job = try telegramExportImport(request, into: try accountContext(request.accountId))
            return .imported(try job.run(logging: logger) { done, total in try progress?(done, total) })
        case .push(let request):
            return .pushed(try push(request))
        case .setPeerPhoto(let peerId, let file, let accountId):
            return .peerPhotoStored(resourceId: try setPeerPhoto(peerId, file: file, accountId: accountId))
        case .makeChat, .addMembers:
            guard let (request, accountId) = operation.serverChatRequest else { throw OperationFailure(.failed, "not a chat request") }
            return .chatMade(try ChatMade.made(request, engine: try accountContext(accountId).engine, build: storage.container.configuration,
                                               logger: logger))
        case .importContacts(let file, let accountId, let replace):
            return .contactsImported(try importContacts(file, accountId: accountId, replace: replace))
        case .open(let url):
            return .opened(try open(url, showing: inRunningApp))
        case .startCall(let peerId, let embedded, let duration):
            // In the running app the call keeps its own deadline; as the app, the run loop keeps it.
            let call = try CallHost.start(in: self, peer: peerId, mode: embedded ? .embedded : .inProcess,
                                          duration: inRunningApp ? duration : nil)
            return .callStarted(CallStarted(call, hostPid: getpid(), inRunningApp: inRunningApp))
        case .stopScreencast:
            let call = try CallHost.current(self)
            let cutoff = try call.stopScreencast()
            logger.info("screencast cutoff written", metadata: ["call": "\(call.id)"])
            return .screencastCutoff(CutoffWritten(callId: cutoff.id, timestamp: cutoff.timestamp))
        case .endCall:
            return .callEnded(try CallHost.end(self, reason: "ended by `main call end`"))
        }
    }

    private func seed(_ fixture: FixtureRequest) throws -> FixtureGenerator.Summary {
        guard let account, let peerId = try account.engine.peers.accountPeerId() else {
            throw OperationFailure(.failed, "no current account (create one with `main login`)")
        }
        let summary = try FixtureGenerator(peerCount: fixture.peers, messageCount: fixture.messages, seed: fixture.seed,
                                           bigChatMessages: fixture.bigChatMessages, unreadChatMessages: fixture.unreadChatMessages)
            .run(postbox: account.postbox, accountPeerId: peerId)
        logger.info("seeded", metadata: ["peers": "\(summary.peers)", "messages": "\(summary.messages)"])
        return summary
    }

    /// The import of the export at `request.path` into `context`'s account, through `postbox` when not its
    /// own (a background import's connection).
    func telegramExportImport(_ request: ImportRequest, into context: Account, postbox: EngineStoreConnection? = nil) throws -> TelegramExportImport {
        let folder = try ExportFolder(request.path)
        let accountPeerId = try context.engine.peers.accountPeerId()
        return try TelegramExportImport(postbox: postbox ?? context.postbox, folder: folder, accountPeerId: accountPeerId,
                                        batchSize: request.batchSize, timeZone: request.timeZone,
                                        me: request.me.flatMap(TelegramExportImport.Exporter.init))
    }

    private func push(_ request: PushRequest) throws -> ComposedPush {
        let context = try accountContext(request.accountId)
        var composing = PushComposer.Request(kind: request.kind, peerId: EnginePeer.Id(request.peerId))
        composing.text = request.text
        composing.messageId = request.messageId
        composing.authorId = request.authorId.map(EnginePeer.Id.init)
        composing.silent = request.silent
        composing.topicId = request.topicId
        composing.topicTitle = request.topicTitle
        composing.emoji = request.emoji
        composing.unpin = request.unpin
        let composed = try PushComposer(postbox: context.postbox, accountId: context.record.id, strings: shared.presentationData.strings).compose(composing)
        logger.info("push composed", metadata: ["kind": "\(request.kind.rawValue)", "account": "\(context.record.id)"])
        return composed
    }

    private func setPeerPhoto(_ peer: Int64, file: String, accountId: Int64?) throws -> String {
        let bytes = try PeerPhotoFile.read(file)
        let context = try accountContext(accountId)
        let peerId = EnginePeer.Id(peer)
        // A new id per photo: cached renderings of an older photo are never mistaken for this one.
        let resourceId = "photo-\(peerId.toInt64())-\(Hex.encode(Digest.sha256(bytes).prefix(8)))"
        let engine = context.engine
        try engine.mediaBox.createDirectories()
        try AtomicFile.write(bytes, to: engine.mediaBox.resourcePath(resourceId))
        guard try engine.peers.setPhoto(peerId, resourceId: resourceId) else { throw OperationFailure(.invalidInput, "no chat with peer id \(peer)") }
        return resourceId
    }

    private func importContacts(_ file: String, accountId: Int64?, replace: Bool) throws -> ContactsImportReport {
        let parsed = try AddressBookFile.read(file)
        let context = try accountContext(accountId)
        let (merge, users) = try context.engine.account.importDeviceContacts(parsed.contacts, replacing: replace)
        let matched = parsed.contacts.filter { !DeviceContactMatch.peerIds($0, users: users).isEmpty }.count
        logger.info("device contacts imported", metadata: ["count": "\(parsed.contacts.count)", "matched": "\(matched)",
                                                           "added": "\(merge.added)", "updated": "\(merge.updated)", "kept": "\(merge.kept)"])
        return ContactsImportReport(format: parsed.format.rawValue, imported: parsed.contacts.count, skipped: parsed.skipped, matched: matched,
                                    added: merge.added, updated: merge.updated, unchanged: merge.unchanged, kept: merge.kept, replaced: replace)
    }

    private func open(_ url: String, showing: Bool) throws -> OpenedLink {
        let link = try AppLink.parse(url, scheme: shared.bindings.appSpecificScheme)
        var accountId: Int64?
        if case .localPeer(_, let linked) = link { accountId = linked }
        let context = try accountContext(accountId)
        // A username no chat here has, on an account that lives on a server: the server is asked
        // on a connection of this operation's own, so the answer is the chat (or that nobody has it).
        if case .resolve(let username) = link, try context.engine.peers.peer(username: username) == nil,
           AccountUpdatesListener.hasServer(context.postbox) {
            guard try UsernameResolver.resolve(username, postbox: context.postbox, build: storage.container.configuration, logger: logger) != nil else {
                throw RequestRefusal(description: "nobody has the username @\(username)")
            }
        }
        let peer = try link.resolve(in: context.engine.peers)
        logger.info("link opened", metadata: ["peer": "\(peer.id)"])
        if showing {
            linkToOpen = LinkToOpen(accountId: context.record.id, peerId: peer.id.toInt64(), title: peer.displayTitle)
        }
        return OpenedLink(url: url, accountId: String(context.record.id), peerId: peer.id.toInt64(), title: peer.displayTitle)
    }
}

extension TelegramExportImport {
    /// Runs the import and logs what it did, wherever it runs (in line or on its own thread).
    func run(logging logger: Logger, progress: (Int, Int) throws -> Void) throws -> Report {
        let report = try run(progress: progress)
        logger.info("imported a Telegram export", metadata: ["messages": "\(report.messages)", "added": "\(report.messagesAdded)"])
        return report
    }
}
