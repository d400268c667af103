import ArgumentParser
import Bootstrap
import CommandLineSupport
import Formats
import RequestChannel
import ShareExtensionContext
import TelegramCore

/// `share [send] --to PEER (--text T | --url U | --file PATH ...)`: what the share sheet does
/// when the user taps Send. share never writes a database: it queues a request for main and
/// waits (up to --deadline) for main's answer.
public struct SendCommand: ParsableCommand {
    public static let configuration = CommandConfiguration(
        commandName: "send",
        abstract: "Send text, a link or files to a chat (the default subcommand).",
        discussion: """
        share opens the app's databases read-only and never changes them: it puts the message \
        in a request queue in the app-group container, and main (the app) sends it. If main is \
        running, share waits up to --deadline seconds for main's answer; if main is not \
        running the message stays queued and is sent exactly once when main next runs; for an \
        account on a server, share sends a text or a link over the network itself at once \
        (main then keeps it in the chat without sending it twice).

        PEER is a peer id (as `share peers` or `main chats` lists them), @username, a phone \
        number, or a name. A name that fits several chats sends nothing and lists them; send \
        again with the peer id. Secret chats and deleted accounts cannot be shared to.

        What is sent:
          --text T         the text, as a message
          --url U          a link (scheme://host...); a --caption goes on the next line
          --file PATH ...  files (repeat --file, or list several); --caption: the text
        A file's type is detected from its content, not its name: images (JPEG, PNG, GIF, \
        WebP, HEIC/AVIF), video (MP4, MOV, M4V, WebM, MKV), audio (MP3, M4A, OGG/Opus, WAV, \
        FLAC), contacts (vCard); anything else is sent as a document.

        Limits (every file is checked before any is copied; a refusal sends nothing):
          - at most \(ShareLimits.maximumFiles) files, each at most \(ShareLimits.maximumFileSize >> 20) MiB
          - text, link and caption: not empty, at most \(ShareLimits.maximumTextBytes) bytes of UTF-8
          - regular files only: no directories, device files, FIFOs or sockets
          - a symbolic link is followed only when its target (all links resolved)
            lies inside the directory of the path you named: for `--file dir/a.pdf`,
            dir/a.pdf -> dir/old/a.pdf is sent; -> /etc/passwd or -> ../b is refused
        When the app is locked with a passcode, share sends nothing and lists nothing.

        Exit status: 0 sent, or queued for main; 1 refused (app locked, no account, chat \
        not found, a file or text over the limits, main rejected the message) or any other \
        error; 3 the name fits several chats (nothing sent); 64 usage error.

        --json prints one object, by "status":
          sent       requestId, messageId, peerId, title; "by": "share" when main was
                     not running and share sent it over the network itself (main keeps
                     it in the chat when it next runs)
          queued     requestId, appRunning (false: main is not running)
          rejected   requestId, reason (main's)
          ambiguous  candidates: [{peerId, kind, title}]
          locked, notFound, noAccount, refused, error: error (the message)

        Examples:
          share --to 1000003 --text "see you at 6"
          share --to @anna_smith --url https://telegram.org --caption "the site"
          share --to "Anna Smith" --file photo.jpg notes.pdf --caption "the trip"
        """)

    @OptionGroup public var options: ContainerOptions
    @Option(name: .long, parsing: .unconditional, help: ArgumentHelp("The chat: peer id, @username, phone number or name.", valueName: "peer"))
    public var to: String
    @Option(help: "Text to send.") public var text: String?
    @Option(help: ArgumentHelp("A link to send (scheme://host...).", valueName: "url")) public var url: String?
    @Option(name: .customLong("file"), parsing: .upToNextOption, help: ArgumentHelp("Files to send (up to \(ShareLimits.maximumFiles)).", valueName: "path"))
    public var files: [String] = []
    @Option(help: "Text sent with a link or with files.") public var caption: String?
    @Option(parsing: .unconditional, help: "The account to send from (default: the current account).") public var account: Int64?
    @Option(parsing: .unconditional, help: ArgumentHelp("Seconds to wait for main's answer before reporting the message queued.", valueName: "seconds"))
    public var deadline: Double = 10
    @Flag(help: "Print one JSON object (see above).") public var json = false

    public init() {}

    public func validate() throws {
        let given = [text != nil, url != nil, !files.isEmpty].filter { $0 }.count
        guard given == 1 else { throw ValidationError("give exactly one of --text, --url or --file") }
        guard caption == nil || text == nil else { throw ValidationError("--caption goes with --url or --file; put everything in --text instead") }
        guard deadline.isFinite, (0...3600).contains(deadline) else { throw ValidationError("--deadline must be between 0 and 3600 seconds") }
    }

    public func run() throws {
        let outcome: ShareOutcome
        do {
            outcome = try send()
        } catch let failure as ShareFailure {
            outcome = .failed(failure)
        } catch let ambiguous as AmbiguousPeer {
            outcome = .ambiguous(ambiguous)
        } catch {
            outcome = .failed(ShareFailure("error", "\(error)"))
        }
        if json {
            StandardStreams.writeJSON(try JSONFile.text(outcome))
        } else {
            StandardStreams.writeLines(outcome.lines)
        }
        if let error = outcome.error { throw error }
    }

    private func send() throws -> ShareOutcome {
        let session = try ShareSession(containerFlag: options.container, account: account)
        defer { session.finish() }
        let message: String
        if let text { message = try ShareText.plain(text) }
        else if let url { message = try ShareText.link(url, caption: caption) }
        else { message = try ShareText.caption(caption) }
        guard files.count <= ShareLimits.maximumFiles else {
            throw ShareFailure.refused("\(files.count) files; at most \(ShareLimits.maximumFiles) can be shared at once")
        }
        // Every file is checked (and held open) before any is copied.
        let checked = try files.map(ShareFileCheck.check)
        let peer = try PeerChoice.resolve(to, in: session.engine.peers)

        let submitter = try RequestSubmitter(layout: session.layout, deviceKey: session.bootstrap.deviceKey)
        let draft = try submitter.begin()
        let request: AppRequest
        do {
            let attachments = try ShareStaging.stage(checked, into: draft)
            try session.requireUnlocked()
            // A text's random_id is chosen here: share may send it itself (below), and main then
            // sends it with the same one.
            request = try submitter.commit(draft, accountId: session.record.id, origin: ExtensionProcess.identity.processType,
                                           action: .sendMessage(peerId: peer.id.toInt64(), text: message, attachments: attachments),
                                           randomId: checked.isEmpty ? TelegramEngine.Messages.newRandomId() : nil)
        } catch {
            submitter.abandon(draft)
            throw error
        }
        session.bootstrap.logger.info("share queued", metadata: ["id": "\(request.id)", "files": "\(checked.count)"])
        var outcome = submitter.awaitOutcome(of: request, timeout: deadline)
        if case .queued(appRunning: false) = outcome {
            // awaitOutcome reads the ack before it looks at the writer lock: an ack written just
            // after that read, by a main that then exited, would otherwise be reported as queued.
            outcome = submitter.awaitOutcome(of: request, timeout: 0)
        }
        // main is not running: share is the service task master for its text (seed 004).
        if case .queued(appRunning: false) = outcome, let randomId = request.randomId,
           let sent = ExtensionSender.sendIfPossible(text: message, to: peer.id, randomId: randomId, engine: session.engine,
                                                     layout: session.layout, build: session.bootstrap.container.configuration,
                                                     timeout: min(max(deadline, 1), 15), logger: session.bootstrap.logger) {
            return .sentOverNetwork(requestId: request.id, messageId: sent.messageId, peerId: peer.id.toInt64(), title: peer.displayTitle)
        }
        return ShareOutcome(outcome, request: request, peer: peer, deadline: deadline)
    }
}
