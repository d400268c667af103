import Bootstrap
import Container
import Formats
import FoundationEssentials
import TelegramCore

/// The bootstrap as the widget uses it: no Postbox is opened up front (`account: .deferred`) —
/// the timeline reads widget-data only, as Telegram's does, and only `configure` opens the
/// current account's Postbox, read-only.
public final class WidgetSession {
    public let bootstrap: ExtensionBootstrap

    public init(containerFlag: String?) throws {
        bootstrap = try ExtensionBootstrap(identity: .widget, containerFlag: containerFlag,
                                           environment: ProcessInfo.processInfo.environment, account: .deferred)
    }

    public var layout: ContainerLayout { bootstrap.layout }
    var currentRecord: EngineAccountRecord? { bootstrap.currentRecord }
    /// The app's URL scheme from the build configuration (`tg` by default), for the chats' links.
    var scheme: String { bootstrap.container.configuration.appSpecificUrlScheme }

    /// Fail-closed: locked when the bootstrap saw a lock, or the lock state read again now says so
    /// (a lock taken while the widget was starting still hides everything).
    public func isLocked() -> Bool {
        bootstrap.lockStatus.isLocked() || bootstrap.lock.isLocked()
    }

    /// The strings main published for the widget; Telegram's English ones until it has.
    func presentationData() -> WidgetPresentationData {
        (try? JSONFile.read(WidgetPresentationData.self, from: layout.widgetPresentationDataPath, limit: 64 * 1024))
            ?? WidgetPresentationData(strings: .english)
    }

    /// The engine over the current account's Postbox, read-only; throws the noAccount failure
    /// without one.
    public func openCurrentAccount() throws -> (EngineAccountRecord, TelegramEngine) {
        guard let record = currentRecord else { throw WidgetFailure.noAccount }
        return (record, try bootstrap.openEngine(record))
    }

    public func finish() { bootstrap.finish() }
}
