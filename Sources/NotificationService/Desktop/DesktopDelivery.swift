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

    /// `connection`: the bus opened ahead (DesktopConnection.openAhead), else it is opened here.
    public static func deliver(_ content: NotificationContent, layout: ContainerLayout?, environment: [String: String],
                               connection: DesktopConnection? = nil,
                               startListener: (ContainerLayout, [String: String]) -> Void = DesktopActionListener.startIfNeeded) -> DesktopOutcome {
        guard let layout else { return DesktopOutcome(.none, reason: "noContainer", detail: "no container: nothing to post for") }
        guard DesktopNotificationSettings.read(layout, environment: environment).desktop else {
            return DesktopOutcome(.off, reason: "off", detail: "desktop notifications are off in the configuration file")
        }
        let ids = DesktopNotificationIds(layout: layout)
        switch content.status {
        case .suppressed:
            return DesktopOutcome(.none, reason: content.reason, detail: "nothing to show")
        case .removed:
            return close(content.removal, ids: ids, environment: environment, connection: connection)
        case .delivered, .fallback:
            return post(content, ids: ids, layout: layout, environment: environment, connection: connection, startListener: startListener)
        }
    }

    private static func connect(_ environment: [String: String], _ connection: DesktopConnection?) -> DesktopConnection.Opened {
        connection?.result() ?? DesktopConnection.open(environment)
    }

    private static func unavailable(_ failure: BusFailure) -> DesktopOutcome {
        let kind: DesktopOutcome.Kind = failure.code == .callFailed ? .failed : .unavailable
        return DesktopOutcome(kind, reason: failure.code.rawValue, detail: failure.detail)
    }

    private static func post(_ content: NotificationContent, ids: DesktopNotificationIds, layout: ContainerLayout,
                             environment: [String: String], connection: DesktopConnection?,
                             startListener: (ContainerLayout, [String: String]) -> Void) -> DesktopOutcome {
        let chat = content.userInfo["accountId"].flatMap { Int64($0) }.flatMap { account in
            content.userInfo["peerId"].flatMap { Int64($0) }.map { (accountId: account, peerId: $0) }
        }
        let earlier = chat.flatMap { ids.entry(accountId: $0.accountId, peerId: $0.peerId) }
        let server: NotificationServer
        let capabilities: [String]
        switch connect(environment, connection) {
        case .success(let opened): (server, capabilities) = opened
        case .failure(let failure): return unavailable(failure)
        }
        let notification = DesktopNotificationComposer.notification(
            content, replacing: earlier?.id ?? 0, canOpen: chat != nil,
            inlineReply: chat != nil && !content.locked && capabilities.contains("inline-reply"),
            markup: capabilities.contains("body-markup"),
            image: content.attachments.first { $0.identifier == "avatar" }.flatMap { avatarImage($0.path) })
        let id: UInt32
        do {
            id = try server.notify(notification)
        } catch {
            return unavailable(error)
        }
        let inlineReply = notification.actions.contains { $0.key == DesktopNotification.inlineReplyActionKey }
        guard let chat else { return DesktopOutcome(.posted, id: id, inlineReply: inlineReply) }
        do {
            try ids.record(.init(accountId: chat.accountId, peerId: chat.peerId, id: id,
                                 messageId: content.userInfo["msg_id"].flatMap { Int32($0) }, postedAt: Clock.unixMilliseconds()))
        } catch {
            // Shown, but its chat's next message will not replace it nor a click open it.
            return DesktopOutcome(earlier == nil ? .posted : .replaced, id: id, replacedId: earlier?.id, inlineReply: inlineReply,
                                  reason: "idsNotRecorded", detail: "\(error)")
        }
        startListener(layout, environment)
        return DesktopOutcome(earlier == nil ? .posted : .replaced, id: id, replacedId: earlier?.id, inlineReply: inlineReply)
    }

    /// Closes the chat's notification when the removal covers the message it shows.
    private static func close(_ removal: NotificationContent.Removal?, ids: DesktopNotificationIds,
                              environment: [String: String], connection: DesktopConnection?) -> DesktopOutcome {
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
        switch connect(environment, connection) {
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

    /// The composed avatar scaled to the hint's size; none is no reason to lose the notification.
    /// Kept beside the avatar's PNG (the cache is named by what the avatar shows, so a new photo
    /// or name makes a new one): the next push from the chat reads 16 KiB instead of loading
    /// Cairo and decoding the PNG again, which cost it 3 ms and 4 MiB.
    static func avatarImage(_ path: String) -> DesktopNotification.Image? {
        let size = imageSide * imageSide * 4
        let cached = path + ".rgba\(imageSide)"
        var pixels = (try? FileSystem.readFileIfExists(cached, limit: size)).flatMap { $0 }
        if pixels?.count != size {
            pixels = try? DrawingLibrary.render(.avatarPixels(avatarPath: path, pixelSize: imageSide))
            guard let pixels, pixels.count == size else { return nil }
            // A cache: made again if a power cut takes it.
            try? AtomicFile.write(pixels, to: cached, durable: false)
        }
        guard let pixels else { return nil }
        return DesktopNotification.Image(width: Int32(imageSide), height: Int32(imageSide), rgba: pixels)
    }
}
