import Container
import DesktopNotifications
import DrawingClient
import Formats

/// After notify-service has composed a notification (previews, lock and mutes already applied:
/// this reads the composed content and decides no policy), it shows it on the desktop: posts it
/// to the session's notification server, replacing the chat's earlier one, or closes the chat's
/// notification for a deletion or a read mark. Without a session bus nothing else changes.
public enum DesktopDelivery {
    /// The desktop entry id (`ph.telegra.Telegraph.desktop`, which `main install-desktop` writes).
    public static let desktopEntry = "ph.telegra.Telegraph"
    public static let appName = "Telegram"
    /// Every D-Bus call waits at most this long: a stuck bus costs the push a second, never a hang.
    static let callTimeoutMilliseconds: Int32 = 1000
    /// The avatar's side in the image-data hint: servers show it at 48–64 pixels.
    static let imageSide = 64

    /// `connection`: what was made ready during the composing (DesktopConnection.prepare), else
    /// it is read and opened here. `drawnPixels`: the avatar as `imageSide`² RGBA when it was drawn
    /// for this push (no decode of its PNG).
    public static func deliver(_ content: NotificationContent, layout: ContainerLayout?, environment: [String: String],
                               connection: DesktopConnection? = nil, drawnPixels: [UInt8]? = nil,
                               startListener: (ContainerLayout, [String: String]) -> Void = DesktopActionListener.startIfNeeded) -> DesktopOutcome {
        guard let layout else { return DesktopOutcome(.none, reason: "noContainer", detail: "no container: nothing to post for") }
        guard (connection?.settings ?? DesktopNotificationSettings.read(layout, environment: environment)).desktop else {
            return DesktopOutcome(.off, reason: "off", detail: "desktop notifications are off in the configuration file")
        }
        let opened = { connection?.opened ?? DesktopConnection.open(environment) }
        let ids = DesktopNotificationIds(layout: layout)
        switch content.status {
        case .suppressed:
            return DesktopOutcome(.none, reason: content.reason, detail: "nothing to show")
        case .removed:
            return close(content.removal, ids: ids, opened: opened)
        case .delivered, .fallback:
            return post(content, ids: ids, layout: layout, environment: environment, opened: opened(), drawnPixels: drawnPixels,
                        startListener: startListener)
        }
    }

    private static func unavailable(_ failure: BusFailure) -> DesktopOutcome {
        let kind: DesktopOutcome.Kind = failure.code == .callFailed ? .failed : .unavailable
        return DesktopOutcome(kind, reason: failure.code.rawValue, detail: failure.detail)
    }

    /// Notify failed inside the ids lock's update (the update writes nothing then).
    private struct NotifyFailed: Error {
        let failure: BusFailure
    }

    /// A notification the server took.
    private struct Posted {
        let id: UInt32
        let earlier: DesktopNotificationIds.Entry?
        let inlineReply: Bool

        func outcome(reason: String? = nil, detail: String? = nil) -> DesktopOutcome {
            DesktopOutcome(earlier == nil ? .posted : .replaced, id: id, replacedId: earlier?.id, inlineReply: inlineReply,
                           reason: reason, detail: detail)
        }
    }

    private static func post(_ content: NotificationContent, ids: DesktopNotificationIds, layout: ContainerLayout,
                             environment: [String: String], opened: DesktopConnection.Opened, drawnPixels: [UInt8]?,
                             startListener: (ContainerLayout, [String: String]) -> Void) -> DesktopOutcome {
        let chat = content.userInfo["accountId"].flatMap { Int64($0) }.flatMap { account in
            content.userInfo["peerId"].flatMap { Int64($0) }.map { (accountId: account, peerId: $0) }
        }
        let server: NotificationServer
        let capabilities: [String]
        switch opened {
        case .success(let opened): (server, capabilities) = opened
        case .failure(let failure): return unavailable(failure)
        }
        let avatar = content.attachments.first { $0.identifier == "avatar" }?.path
        let image = content.locked ? nil : avatar.flatMap { avatarImage($0, drawn: drawnPixels) }
        // Notify sent; the pixels drawn for this push are kept for the chat's next one while it travels.
        func show(replacing earlier: DesktopNotificationIds.Entry?) throws(BusFailure) -> Posted {
            let shown = DesktopNotificationComposer.notification(
                content, replacing: earlier?.id ?? 0, canOpen: chat != nil,
                inlineReply: chat != nil && !content.locked && capabilities.contains("inline-reply"),
                markup: capabilities.contains("body-markup"), image: image)
            let pending = try server.sendNotify(shown)
            if let avatar, let drawnPixels, image != nil { cacheAvatarPixels(drawnPixels, avatar: avatar) }
            return Posted(id: try pending.id(), earlier: earlier, inlineReply: shown.inlineReply)
        }
        guard let chat else {
            do throws(BusFailure) { return try show(replacing: nil).outcome() } catch { return unavailable(error) }
        }
        func isChat(_ entry: DesktopNotificationIds.Entry) -> Bool { entry.accountId == chat.accountId && entry.peerId == chat.peerId }
        // Under the ids lock from the earlier id's read to the new id's record: two pushes for one
        // chat at once show one notification, the later replacing the earlier.
        var posted: Posted?
        do {
            let shown = try ids.update { entries -> Posted in
                let shown: Posted
                do throws(BusFailure) { shown = try show(replacing: entries.first(where: isChat)) } catch { throw NotifyFailed(failure: error) }
                posted = shown
                DesktopNotificationIds.record(.init(accountId: chat.accountId, peerId: chat.peerId, id: shown.id,
                                                    messageId: content.userInfo["msg_id"].flatMap { Int32($0) },
                                                    postedAt: Clock.unixMilliseconds()), in: &entries)
                return shown
            }
            startListener(layout, environment)
            return shown.outcome()
        } catch let failed as NotifyFailed {
            return unavailable(failed.failure)
        } catch {
            // Posted but not recorded (the write failed): its chat's next message will not replace
            // it nor a click open it. Not posted (another process held the lock throughout): posted
            // now, replacing what the file says without the lock.
            if let posted { return posted.outcome(reason: "idsNotRecorded", detail: "\(error)") }
            do throws(BusFailure) {
                return try show(replacing: ids.entries().first(where: isChat)).outcome(reason: "idsNotRecorded", detail: "\(error)")
            } catch {
                return unavailable(error)
            }
        }
    }

    /// Closes the chat's notification when the removal covers the message it shows.
    private static func close(_ removal: NotificationContent.Removal?, ids: DesktopNotificationIds,
                              opened: () -> DesktopConnection.Opened) -> DesktopOutcome {
        guard let removal else { return DesktopOutcome(.none, reason: "nothingToClose") }
        func covers(_ entry: DesktopNotificationIds.Entry) -> Bool {
            guard entry.peerId == removal.peerId else { return false }
            guard let shown = entry.messageId else { return true }
            if let messageIds = removal.messageIds { return messageIds.contains(shown) }
            return removal.upToMessageId.map { shown <= $0 } ?? false
        }
        // The ids file first: nothing of ours shown for the chat, nothing asked of the server.
        guard ids.entries().contains(where: covers) else { return DesktopOutcome(.none, reason: "nothingToClose") }
        let server: NotificationServer
        switch opened() {
        case .success(let opened): server = opened.server
        case .failure(let failure): return unavailable(failure)
        }
        let closing: [DesktopNotificationIds.Entry]
        do {
            closing = try ids.remove(where: covers)
        } catch {
            return DesktopOutcome(.failed, reason: "idsNotRecorded", detail: "\(error)")
        }
        for entry in closing {
            do { try server.close(entry.id) } catch { return unavailable(error) }
        }
        return DesktopOutcome(.closed, closedIds: closing.map(\.id))
    }

    /// The avatar scaled to the hint's size: the pixels drawn for this push, else those kept
    /// beside the avatar's PNG (the cache is named by what the avatar shows, so a new photo or
    /// name makes a new one), else the PNG decoded now and kept. Reading 16 KiB spares the next
    /// push from the chat loading Cairo and decoding the PNG again, which cost it 3 ms and 4 MiB.
    /// None is no reason to lose the notification.
    static func avatarImage(_ path: String, drawn: [UInt8]?) -> DesktopNotification.Image? {
        let size = imageSide * imageSide * 4
        var pixels = drawn
        if pixels?.count != size {
            pixels = (try? FileSystem.readFileIfExists(pixelsPath(path), limit: size)).flatMap { $0 }
        }
        if pixels?.count != size {
            pixels = try? DrawingLibrary.render(.avatarPixels(avatarPath: path, pixelSize: imageSide))
            guard let pixels, pixels.count == size else { return nil }
            cacheAvatarPixels(pixels, avatar: path)
        }
        guard let pixels, pixels.count == size else { return nil }
        return DesktopNotification.Image(width: Int32(imageSide), height: Int32(imageSide), rgba: pixels)
    }

    static func pixelsPath(_ avatar: String) -> String { avatar + ".rgba\(imageSide)" }

    /// A cache: made again if a power cut takes it.
    static func cacheAvatarPixels(_ pixels: [UInt8], avatar: String) {
        try? AtomicFile.write(pixels, to: pixelsPath(avatar), durable: false)
    }
}
