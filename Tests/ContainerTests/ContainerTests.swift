import Foundation
import Testing
@testable import Container
import TestSupport

@Suite("Bundle identifiers and app groups")
struct BundleIdentifierTests {
    @Test func extensionBundleIdsAppendTheSuffixAndMainUsesTheBase() {
        let base = "ph.telegra.Telegraph"
        #expect(BundleIdentifier.bundleId(for: .main, baseBundleId: base) == "ph.telegra.Telegraph")
        #expect(BundleIdentifier.bundleId(for: .share, baseBundleId: base) == "ph.telegra.Telegraph.Share")
        #expect(BundleIdentifier.bundleId(for: .notifyService, baseBundleId: base) == "ph.telegra.Telegraph.NotificationService")
        #expect(BundleIdentifier.bundleId(for: .widget, baseBundleId: base) == "ph.telegra.Telegraph.Widget")
        #expect(BundleIdentifier.bundleId(for: .intents, baseBundleId: base) == "ph.telegra.Telegraph.SiriIntents")
        #expect(BundleIdentifier.bundleId(for: .broadcast, baseBundleId: base) == "ph.telegra.Telegraph.BroadcastUpload")
    }

    @Test func baseBundleIdDropsOnlyTheLastComponent() {
        #expect(BundleIdentifier.baseBundleId(ofExtension: "ph.telegra.Telegraph.Share") == "ph.telegra.Telegraph")
        #expect(BundleIdentifier.baseBundleId(ofExtension: "a.b") == "a")
        #expect(BundleIdentifier.baseBundleId(ofExtension: "NoDots") == nil)
        #expect(BundleIdentifier.baseBundleId(ofExtension: ".Share") == nil)
        #expect(BundleIdentifier.baseBundleId(ofExtension: "") == nil)
    }

    @Test func appGroupIsGroupDotBase() {
        #expect(BundleIdentifier.appGroup(baseBundleId: "ph.telegra.Telegraph") == "group.ph.telegra.Telegraph")
    }

    @Test func everyIdentityRoundTripsThroughItsBundleId() {
        let base = "org.example.App"
        for identity in ProcessIdentity.all where identity.bundleSuffix != nil {
            let id = BundleIdentifier.bundleId(for: identity, baseBundleId: base)
            #expect(BundleIdentifier.baseBundleId(ofExtension: id) == base, "\(identity.executable)")
        }
    }

    @Test func processIdentitiesHaveDistinctNamesAndTempTypes() {
        let all = ProcessIdentity.all
        #expect(all.count == 6)
        #expect(Set(all.map(\.executable)).count == 6)
        #expect(Set(all.map(\.processType)).count == 6, "two process types share TempBox directories")
        #expect(Set(all.map(\.logsDirectory)).count == 6)
        #expect(ProcessIdentity.main.bundleSuffix == nil)
        #expect(ProcessIdentity.main.processType == "app")
        #expect(ProcessIdentity.notifyService.processType == "notification")
        #expect(ProcessIdentity.intents.processType == "siri")
    }
}

@Suite("App group entitlement")
struct AppGroupEntitlementTests {
    let entitlement = AppGroupEntitlement(configuration: .defaults)

    @Test func entitledToTheConfiguredGroupOnly() {
        #expect(entitlement.entitledGroups == ["group.ph.telegra.Telegraph"])
        var custom = BuildConfiguration.defaults
        custom.baseAppBundleId = "org.example.Messenger"
        #expect(AppGroupEntitlement(configuration: custom).entitledGroups == ["group.org.example.Messenger"])
    }

    @Test func mainAppUsesItsOwnIdAsBase() throws {
        #expect(try entitlement.group(for: "ph.telegra.Telegraph", isMainApp: true) == "group.ph.telegra.Telegraph")
    }

    @Test func extensionDerivesTheGroupFromItsParent() throws {
        #expect(try entitlement.group(for: "ph.telegra.Telegraph.Share", isMainApp: false) == "group.ph.telegra.Telegraph")
        #expect(try entitlement.group(for: "ph.telegra.Telegraph.NotificationService", isMainApp: false) == "group.ph.telegra.Telegraph")
    }

    @Test func foreignBundleIdIsRefusedWithTheDerivedGroup() {
        #expect {
            try entitlement.group(for: "org.evil.App.Share", isMainApp: false)
        } throws: { error in
            guard let e = error as? AppGroupEntitlement.NotEntitled else { return false }
            return e.group == "group.org.evil.App" && e.bundleId == "org.evil.App.Share"
                && e.description.contains("not entitled")
        }
    }

    @Test func mainAppIdTreatedAsExtensionDerivesTheWrongGroup() {
        // "ph.telegra.Telegraph" as an extension would use "group.ph.telegra".
        #expect(throws: AppGroupEntitlement.NotEntitled.self) {
            try entitlement.group(for: "ph.telegra.Telegraph", isMainApp: false)
        }
        // And an extension id claiming to be main derives a group nobody is entitled to.
        #expect(throws: AppGroupEntitlement.NotEntitled.self) {
            try entitlement.group(for: "ph.telegra.Telegraph.Share", isMainApp: true)
        }
    }

    @Test func bundleIdWithoutADotHasNoGroup() {
        #expect {
            try entitlement.group(for: "Telegraph", isMainApp: false)
        } throws: { error in
            (error as? AppGroupEntitlement.NotEntitled)?.group == nil
        }
    }
}

@Suite("Container locator")
struct ContainerLocatorTests {
    let group = "group.ph.telegra.Telegraph"

    @Test func flagWinsOverEverything() throws {
        let env = ["APP_GROUP_CONTAINER": "/env", "XDG_DATA_HOME": "/xdg", "HOME": "/home/u"]
        #expect(try ContainerLocator.containerPath(group: group, flag: "/flag/dir", environment: env) == "/flag/dir")
    }

    @Test func environmentVariableWinsOverXDG() throws {
        let env = ["APP_GROUP_CONTAINER": "/env/c", "XDG_DATA_HOME": "/xdg", "HOME": "/home/u"]
        #expect(try ContainerLocator.containerPath(group: group, flag: nil, environment: env) == "/env/c")
        // An empty flag does not count.
        #expect(try ContainerLocator.containerPath(group: group, flag: "", environment: env) == "/env/c")
    }

    @Test func xdgDataHomeThenHome() throws {
        #expect(try ContainerLocator.containerPath(group: group, flag: nil, environment: ["XDG_DATA_HOME": "/xdg/", "HOME": "/home/u"])
                == "/xdg/AppGroups/group.ph.telegra.Telegraph")
        #expect(try ContainerLocator.containerPath(group: group, flag: nil, environment: ["HOME": "/home/u"])
                == "/home/u/.local/share/AppGroups/group.ph.telegra.Telegraph")
        // The XDG spec says a relative XDG_DATA_HOME is invalid and must be ignored.
        #expect(try ContainerLocator.containerPath(group: group, flag: nil, environment: ["XDG_DATA_HOME": "rel", "HOME": "/home/u"])
                == "/home/u/.local/share/AppGroups/group.ph.telegra.Telegraph")
        #expect(try ContainerLocator.containerPath(group: group, flag: nil, environment: ["APP_GROUP_CONTAINER": "", "HOME": "/h"])
                == "/h/.local/share/AppGroups/group.ph.telegra.Telegraph")
    }

    @Test func nothingSetIsUnavailable() {
        #expect(throws: ContainerLocator.Unavailable.self) {
            try ContainerLocator.containerPath(group: group, flag: nil, environment: [:])
        }
        #expect(throws: ContainerLocator.Unavailable.self) {
            try ContainerLocator.containerPath(group: group, flag: nil, environment: ["HOME": "relative/home"])
        }
    }

    @Test func trailingSlashesAreRemovedAndRelativePathsAnchored() throws {
        #expect(try ContainerLocator.containerPath(group: group, flag: "/a/b///", environment: [:]) == "/a/b")
        let cwd = FileManager.default.currentDirectoryPath
        #expect(try ContainerLocator.containerPath(group: group, flag: "rel/dir/", environment: [:]) == cwd + "/rel/dir")
        #expect(try ContainerLocator.containerPath(group: group, flag: nil, environment: ["APP_GROUP_CONTAINER": "c"]) == cwd + "/c")
    }
}

@Suite("Container layout")
struct ContainerLayoutTests {
    let layout = ContainerLayout(containerPath: "/c")

    @Test func telegramNamesUnderTelegramData() {
        #expect(layout.rootPath == "/c/telegram-data")
        #expect(layout.deviceKeyPath == "/c/telegram-data/.tempkey")
        #expect(layout.layoutVersionPath == "/c/telegram-data/.layout-version")
        #expect(layout.writerLockPath == "/c/telegram-data/.main-writer.lock")
        #expect(layout.accountsMetadataPath == "/c/telegram-data/accounts-metadata")
        #expect(layout.atomicStatePath == "/c/telegram-data/accounts-metadata/atomic-state")
        #expect(layout.sharedDataDatabasePath == "/c/telegram-data/accounts-metadata/db/db_sqlite")
        #expect(layout.accountsMediaPath == "/c/telegram-data/accounts-metadata/media")
        #expect(layout.lockStatePath == "/c/telegram-data/lockState.json")
        #expect(layout.widgetDataPath == "/c/telegram-data/widget-data")
        #expect(layout.widgetPresentationDataPath == "/c/telegram-data/widgetPresentationData.json")
        #expect(layout.notificationsPresentationDataPath == "/c/telegram-data/notificationsPresentationData.json")
        #expect(layout.tempPath == "/c/telegram-data/temp")
        #expect(layout.logsPath("share-logs") == "/c/telegram-data/logs/share-logs")
        #expect(layout.requestsPath == "/c/telegram-data/requests")
        #expect(layout.broadcastCoordinationPath == "/c/telegram-data/broadcast-coordination")
    }

    @Test func accountPathsUseTheUnsignedDecimalId() {
        #expect(layout.accountPath(42) == "/c/telegram-data/account-42")
        #expect(layout.accountPath(-1) == "/c/telegram-data/account-18446744073709551615")
        #expect(layout.accountPath(Int64.min) == "/c/telegram-data/account-9223372036854775808")
        #expect(layout.postboxPath(7) == "/c/telegram-data/account-7/postbox")
        #expect(layout.postboxDatabasePath(7) == "/c/telegram-data/account-7/postbox/db/db_sqlite")
        #expect(layout.mediaBoxPath(7) == "/c/telegram-data/account-7/postbox/media")
    }
}

@Suite("App group upgrade")
struct AppGroupUpgradeTests {
    @Test func freshContainerIsStampedWithTheCurrentVersion() throws {
        try withTemporaryDirectory("upgrade") { dir in
            let layout = ContainerLayout(containerPath: dir.sub("container"))
            #expect(AppGroupUpgrade.version(of: layout) == 0)
            let steps = try AppGroupUpgrade.perform(layout)
            #expect(steps.count == 1)
            #expect(AppGroupUpgrade.version(of: layout) == AppGroupUpgrade.currentVersion)
            #expect(fileBytes(layout.layoutVersionPath) == Array("\(AppGroupUpgrade.currentVersion)\n".utf8))
            // Idempotent: a second run does nothing.
            #expect(try AppGroupUpgrade.perform(layout).isEmpty)
        }
    }

    @Test func legacyTopLevelEntriesMoveIntoTelegramDataAndNothingIsDeleted() throws {
        try withTemporaryDirectory("upgrade") { dir in
            let layout = ContainerLayout(containerPath: dir.path)
            let fm = FileManager.default
            for d in ["accounts-metadata", "account-123", "app-logs", "unrelated"] {
                try fm.createDirectory(atPath: dir.sub(d), withIntermediateDirectories: true)
                try writeBytes(Array(d.utf8), to: dir.sub(d) + "/marker")
            }
            // A plain file named like an account is not a directory and stays put.
            try writeBytes([1], to: dir.sub("account-file"))
            try AppGroupUpgrade.perform(layout)

            #expect(fileBytes(layout.accountsMetadataPath + "/marker") == Array("accounts-metadata".utf8))
            #expect(fileBytes(layout.accountPath(123) + "/marker") == Array("account-123".utf8))
            #expect(fileBytes(layout.logsPath("app-logs") + "/marker") == Array("app-logs".utf8))
            #expect(!fm.fileExists(atPath: dir.sub("accounts-metadata")))
            #expect(!fm.fileExists(atPath: dir.sub("account-123")))
            #expect(!fm.fileExists(atPath: dir.sub("app-logs")))
            #expect(fileBytes(dir.sub("unrelated") + "/marker") == Array("unrelated".utf8))
            #expect(fileBytes(dir.sub("account-file")) == [1])
        }
    }

    @Test func existingTargetIsNotOverwritten() throws {
        try withTemporaryDirectory("upgrade") { dir in
            let layout = ContainerLayout(containerPath: dir.path)
            let fm = FileManager.default
            try fm.createDirectory(atPath: dir.sub("account-5"), withIntermediateDirectories: true)
            try writeBytes([0xAA], to: dir.sub("account-5/old"))
            try fm.createDirectory(atPath: layout.accountPath(5), withIntermediateDirectories: true)
            try writeBytes([0xBB], to: layout.accountPath(5) + "/new")
            try AppGroupUpgrade.perform(layout)
            #expect(fileBytes(dir.sub("account-5/old")) == [0xAA])
            #expect(fileBytes(layout.accountPath(5) + "/new") == [0xBB])
            #expect(!fm.fileExists(atPath: layout.accountPath(5) + "/old"))
        }
    }

    @Test func newerLayoutIsRefusedAndLeftAlone() throws {
        try withTemporaryDirectory("upgrade") { dir in
            let layout = ContainerLayout(containerPath: dir.path)
            try FileManager.default.createDirectory(atPath: layout.rootPath, withIntermediateDirectories: true)
            try FileManager.default.createDirectory(atPath: dir.sub("account-9"), withIntermediateDirectories: true)
            try writeBytes(Array(" 2 \n".utf8), to: layout.layoutVersionPath)
            #expect(AppGroupUpgrade.version(of: layout) == 2)
            #expect {
                try AppGroupUpgrade.perform(layout)
            } throws: { error in
                (error as? AppGroupUpgrade.TooNew)?.found == 2
            }
            #expect(fileBytes(layout.layoutVersionPath) == Array(" 2 \n".utf8))
            #expect(FileManager.default.fileExists(atPath: dir.sub("account-9")), "a refused upgrade moved data")
        }
    }
}

@Suite("Build configuration")
struct BuildConfigurationTests {
    @Test func partialFileTakesDefaultsForMissingKeys() throws {
        let json = #"{"apiId": 123, "baseAppBundleId": "org.example.App"}"#
        let config = try JSONDecoder().decode(BuildConfiguration.self, from: Data(json.utf8))
        #expect(config.apiId == 123)
        #expect(config.baseAppBundleId == "org.example.App")
        #expect(config.apiHash == BuildConfiguration.defaults.apiHash)
        #expect(config.appSpecificUrlScheme == "tg")
        #expect(config.appVersion == "1.0")
    }

    @Test func loadFromExplicitPath() throws {
        try withTemporaryDirectory("config") { dir in
            let path = dir.sub("configuration.json")
            try writeBytes(Array(#"{"baseAppBundleId": "org.example.Messenger", "apiHash": "abc"}"#.utf8), to: path)
            let (config, source) = try BuildConfiguration.load(environment: ["TELEGRAM_BUILD_INPUT": path])
            #expect(source == path)
            #expect(config.baseAppBundleId == "org.example.Messenger")
            #expect(config.apiHash == "abc")
        }
    }

    @Test(arguments: [
        #"{"baseAppBundleId": "NoDot"}"#,
        #"{"baseAppBundleId": "trailing.dot."}"#,
        #"{"apiId": "not a number"}"#,
        #"{"apiId": 99999999999}"#,
        "not json",
        "",
    ])
    func invalidFilesAreRefused(_ text: String) throws {
        try withTemporaryDirectory("config") { dir in
            let path = dir.sub("configuration.json")
            try writeBytes(Array(text.utf8), to: path)
            #expect(throws: BuildConfiguration.LoadError.self) {
                try BuildConfiguration.load(environment: ["TELEGRAM_BUILD_INPUT": path])
            }
        }
    }

    @Test func missingExplicitFileIsAnError() {
        #expect(throws: BuildConfiguration.LoadError.self) {
            try BuildConfiguration.load(environment: ["TELEGRAM_BUILD_INPUT": "/nonexistent/telegram-unit/configuration.json"])
        }
    }
}

@Suite("Device uptime")
struct DeviceUptimeTests {
    @Test func bootTimestampMatchesProcStatAndUptimeIsMonotonic() throws {
        let a = DeviceUptime.now()
        let b = DeviceUptime.now()
        #expect(a.bootTimestamp == b.bootTimestamp)
        #expect(b.uptime >= a.uptime)
        let stat = try String(contentsOfFile: "/proc/stat", encoding: .utf8)
        let btime = stat.split(separator: "\n").first { $0.hasPrefix("btime ") }.flatMap { Int32($0.dropFirst(6)) }
        #expect(a.bootTimestamp == btime)
        let procUptime = try String(contentsOfFile: "/proc/uptime", encoding: .utf8)
        let seconds = Double(procUptime.split(separator: " ")[0])!
        #expect(abs(Double(a.uptime) - seconds) < 5)
        // Boot time plus uptime is about now.
        #expect(abs(Int(a.bootTimestamp) + Int(a.uptime) - Int(Clock.unixTime())) < 30)
    }
}
