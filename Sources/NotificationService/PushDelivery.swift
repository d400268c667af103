import Bootstrap
import DrawingClient
import Container
import Formats
import FoundationEssentials
import Logging
import TelegramCore

/// notify-service's one job, in the order Telegram's NotificationService does it: read the push,
/// run the shared bootstrap, pick the account by key id, open its Postbox read-only, decrypt and
/// verify, enrich, attach the avatar — each step improving the content that the deadline would
/// deliver — then apply the lock rule at the moment of delivery.
public enum PushDelivery {
    public struct Options: Sendable {
        public var input: PushInput
        public var deadlineSeconds: Double
        public var containerFlag: String?
        public var environment: [String: String]
        /// The content goes to the desktop afterwards: its part is made ready meanwhile
        /// (DesktopConnection) and a drawn avatar is kept as the notification's image too.
        public var desktop: Bool

        public init(input: PushInput, deadlineSeconds: Double, containerFlag: String?, environment: [String: String], desktop: Bool = false) {
            self.input = input
            self.deadlineSeconds = deadlineSeconds
            self.containerFlag = containerFlag
            self.environment = environment
            self.desktop = desktop
        }
    }

    /// The content to show, the lock applied, and the container it was composed in (nil when none
    /// was found), where the desktop's part keeps its state.
    public struct Delivered: Sendable {
        public var content: NotificationContent
        public var layout: ContainerLayout?
        /// With `Options.desktop`: the desktop's part made ready, and the avatar drawn for this
        /// push as the notification's image (nil when it was drawn before).
        public var desktop: DesktopConnection?
        public var avatarPixels: [UInt8]?
    }

    public static func deliver(_ options: Options) -> Delivered {
        let box = BestContent(FallbackContent.make(aps: nil, genericBody: generic, failure: FallbackContent.deadline))
        // The desktop's part is made ready on this thread, idle until then, once the worker knows
        // the container: a thread of its own would cost the push its start and its memory maps.
        let finishedInTime = Deadline.run(seconds: options.deadlineSeconds, meanwhile: { deadline in
            guard options.desktop, let layout = box.layout else { return }
            box.desktop = DesktopConnection.prepare(layout: layout, environment: options.environment, until: deadline)
        }) { ready in process(options, box, containerKnown: ready) }
        var (content, lock, lockedMessage, layout) = box.finish()
        if !finishedInTime { content.deadlineExpired = true }
        return Delivered(content: LockRedaction.apply(content, lock: lock, lockedMessage: lockedMessage), layout: layout,
                         desktop: box.desktop, avatarPixels: box.avatarPixels)
    }

    public static let generic = PresentationStrings.english.applicationLockedMessageString

    private static func process(_ options: Options, _ box: BestContent, containerKnown: () -> Void) {
        var aps: PushAps?
        var logger: Logger?
        func fail(_ failure: ServiceFailure) {
            logger?.warning("push not delivered as decrypted content", metadata: ["reason": "\(failure.code)"])
            box.update(FallbackContent.make(aps: aps, genericBody: box.lockedMessage, failure: failure))
        }
        // The bootstrap first, so the lock state is known whatever happens next; the push is read
        // even when the bootstrap failed, because its own alert is the fallback.
        let bootstrap: ExtensionBootstrap?
        var bootstrapFailure: ServiceFailure?
        do {
            bootstrap = try ExtensionBootstrap(identity: .notifyService, containerFlag: options.containerFlag,
                                               environment: options.environment, account: .deferred)
        } catch {
            bootstrap = nil
            bootstrapFailure = ServiceFailure("bootstrapFailed", "\(error)")
        }
        defer { bootstrap?.finish() }
        logger = bootstrap?.logger
        if let bootstrap {
            let published = try? JSONFile.read(NotificationsPresentationData.self, from: bootstrap.layout.notificationsPresentationDataPath,
                                               limit: 64 * 1024)
            box.setContainer(bootstrap.layout, lock: bootstrap.lock,
                             lockedMessage: published?.applicationLockedMessageString ?? generic)
            containerKnown()
        }
        let lockedMessage = box.lockedMessage

        let envelope: PushEnvelope
        do {
            envelope = try PushEnvelope.parse(try options.input.read())
        } catch let failure as ServiceFailure {
            return fail(failure)
        } catch let error as PushEnvelope.ParseError {
            return fail(ServiceFailure(error.code, error.description))
        } catch {
            return fail(ServiceFailure("unreadableInput", "\(error)"))
        }
        aps = envelope.aps
        guard let bootstrap else { return fail(bootstrapFailure!) }
        box.update(FallbackContent.make(aps: aps, genericBody: lockedMessage, failure: FallbackContent.deadline))

        do {
            let decryption = try PushDecryption(envelope: envelope)
            let record = try decryption.account(in: bootstrap)
            let engine: TelegramEngine
            do {
                engine = try bootstrap.openEngine(record)
            } catch {
                throw ServiceFailure("postboxUnavailable", "\(error)")
            }
            let payload = try decryption.decrypt(with: engine)
            let settings = (try? bootstrap.accountManager.sharedData()?.get(InAppNotificationSettings.self, .inAppNotificationSettings)) ?? nil
            let enricher = NotificationEnricher(accountId: record.id, isCurrentAccount: record.id == bootstrap.currentRecord?.id,
                                                settings: settings ?? .defaultSettings,
                                                hiddenPreviewBody: lockedMessage,
                                                now: Int32(clamping: Clock.unixTime()))
            let result: NotificationEnricher.Result
            do {
                result = try enricher.enrich(payload, engine: engine)
            } catch let failure as ServiceFailure {
                throw failure
            } catch {
                throw ServiceFailure("postboxUnavailable", "\(error)")
            }
            box.update(result.content)
            if result.content.status == .delivered, let peer = result.avatarPeer {
                do {
                    let (path, pixels) = try AvatarCache(mediaBox: engine.mediaBox, deviceKey: bootstrap.deviceKey)
                        .avatar(for: peer, pixelsSide: options.desktop && DesktopConnection.wanted(options.environment) ? DesktopDelivery.imageSide : nil)
                    box.update { $0.attachments = [.init(identifier: "avatar", path: path)] }
                    box.avatarPixels = pixels
                } catch {
                    // No avatar is not worth losing the notification over.
                    logger?.warning("avatar not drawn", metadata: ["error": "\(error)"])
                }
            }
            logger?.info("push handled", metadata: ["status": "\(result.content.status.rawValue)", "reason": "\(result.content.reason ?? "-")"])
        } catch let failure as ServiceFailure {
            fail(failure)
        } catch {
            fail(ServiceFailure("internal", "\(error)"))
        }
    }
}
