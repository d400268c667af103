import Bootstrap
import Container
import Cryptography
import TelegramCore

/// What the storage phase hands on: where everything is, the key, this launch's TempBox, and (for
/// a writer) the held single-writer lock.
public struct StorageContext {
    public let container: ResolvedContainer
    public let deviceKey: DeviceKey
    public let tempBox: TempBox
    public let writerLock: FileLock?
    public let upgradeSteps: [String]
    public var layout: ContainerLayout { container.layout }
}

/// Phase 2: app group, upgrades, device key, TempBox "app" and the disk write
/// test, in Telegram's order. The writer lock is taken first so that two mains never upgrade at once.
enum StoragePhase {
    static func run(configuration: BuildConfiguration, options: LaunchOptions) throws -> StorageContext {
        let container = try ResolvedContainer.resolve(.main, containerFlag: options.containerFlag,
                                                      environment: options.environment, configuration: configuration)
        // A reader (chats, messages, status…) creates nothing: no container, no answer.
        if options.mode == .reader { try container.requireExisting() }
        let layout = container.layout
        try FileSystem.createDirectory(layout.rootPath)
        var lock: FileLock?
        var steps: [String] = []
        if options.mode == .writer {
            let writerLock = FileLock(path: layout.writerLockPath)
            guard try writerLock.tryLock() else { throw WriterLockHeld.probe(layout.writerLockPath) }
            lock = writerLock
            steps = try AppGroupUpgrade.perform(layout)
        } else if AppGroupUpgrade.version(of: layout) > AppGroupUpgrade.currentVersion {
            throw AppGroupUpgrade.TooNew(found: AppGroupUpgrade.version(of: layout))
        }
        let (key, created) = try DeviceKey.loadOrCreate(path: layout.deviceKeyPath, databasesExist: { EngineAccountManager.databasesExist(layout) })
        // The writer commits stores sealed with this key: it must be on the disk first, also when
        // an extension created it a moment ago and has not synced it yet.
        if options.mode == .writer && !created { try DeviceKey.makeDurable(path: layout.deviceKeyPath) }
        let tempBox = try TempBox(rootPath: layout.rootPath, processType: ProcessIdentity.main.processType)
        try DiskWriteTest.run(tempBox: tempBox)
        return StorageContext(container: container, deviceKey: key, tempBox: tempBox, writerLock: lock, upgradeSteps: steps)
    }
}
