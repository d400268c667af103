import Container
import Cryptography
import Logging
import TelegramCore

/// Telegram's SharedAccountContextImpl, reduced to what a Linux main coordinates: the container,
/// the key, the AccountManager, the bindings and the presentation data. Everything per account
/// lives in the account's context, never here.
public final class SharedAccountContext {
    public let layout: ContainerLayout
    public let deviceKey: DeviceKey
    public let accountManager: EngineAccountManager
    public let bindings: ApplicationBindings
    /// As at launch, then as `AppSettings.update` changes it in the running app.
    public internal(set) var presentationData: PresentationDataAndSettings
    public let logger: Logger
    public let mode: LaunchMode

    init(storage: StorageContext, accountManager: EngineAccountManager, bindings: ApplicationBindings,
         presentationData: PresentationDataAndSettings, logger: Logger, mode: LaunchMode) {
        layout = storage.layout
        deviceKey = storage.deviceKey
        self.accountManager = accountManager
        self.bindings = bindings
        self.presentationData = presentationData
        self.logger = logger
        self.mode = mode
    }
}
