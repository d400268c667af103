// swift-tools-version:6.1
// One package, six executables that mirror Telegram iOS's app and its extensions.
// Each executable links only the modules it needs.
import PackageDescription

// The Swift runtime, FoundationEssentials (its three helper archives named, as the static form does
// not record them) and libstdc++ (through the linker script in Linking/static-libstdc++) linked
// statically, without the -export-dynamic the toolchain adds: a short process loads and relocates
// little before its work. docs/linking.md has the reasons and the measurements.
let staticSwiftRuntime: [LinkerSetting] = [.unsafeFlags([
    "-static-stdlib", "-l_FoundationCollections", "-l_FoundationCShims", "-lswiftSynchronization",
    "-Xlinker", "--no-export-dynamic",
    "-L", Context.packageDirectory + "/Linking/static-libstdc++",
])]
// Shipped executables also link with lld, relative relocations packed (DT_RELR), and the functions
// they run at start-up and in their usual commands first, in Linking/order/<executable>.order
// (Scripts/order-files writes it), so fewer pages are read and kept. docs/linking.md measures it.
func shippedLinking(_ executable: String) -> [LinkerSetting] {
    staticSwiftRuntime + [.unsafeFlags([
        "-use-ld=lld", "-Xlinker", "-z", "-Xlinker", "pack-relative-relocs",
        "-Xlinker", "--symbol-ordering-file=" + Context.packageDirectory + "/Linking/order/\(executable).order",
        // A symbol the order names but this build lacks (a debug build, a renamed function) is
        // skipped: a stale order costs memory, not correctness.
        "-Xlinker", "--no-warn-symbol-ordering",
    ])]
}
// libcrypto and libsqlite3 from their Debian static archives (libssl-dev, libsqlite3-dev).
let staticLibcrypto: [LinkerSetting] = [.unsafeFlags(["-Xlinker", "-l:libcrypto.a"])]
let staticLibsqlite3: [LinkerSetting] = [.unsafeFlags(["-Xlinker", "-l:libsqlite3.a", "-lm"])]
// yajl (libyajl-dev) from its static archive, into whatever links TelegramExport: main alone.
let staticLibyajl: [LinkerSetting] = [.unsafeFlags(["-Xlinker", "-l:libyajl_s.a"])]
// TOMLKit (main's configuration file) imports Foundation's Data, Date and Calendar, so main links
// the whole static Foundation; its ICU archive is not recorded by the static form, so it is named.
let tomlKitFoundation: [LinkerSetting] = [.unsafeFlags(["-lCoreFoundation", "-l_FoundationICU"])]
// FreeType's headers sit in their own folder (pkg-config's cflags for freetype2; Debian's path),
// needed wherever cairo-ft.h is read.
let freetypeHeaders = "/usr/include/freetype2"
// libdbus-1's headers (pkg-config dbus-1's cflags, Debian's paths) and its static archive
// (libdbus-1-dev), linked into notify-service alone through DesktopNotifications.
let dbusHeaders = ["-I/usr/include/dbus-1.0", "-I/usr/lib/x86_64-linux-gnu/dbus-1.0/include"]
let staticLibdbus: [LinkerSetting] = [.unsafeFlags(["-Xlinker", "-l:libdbus-1.a"])]
// zlib (zlib1g-dev) from its static archive, for gzip_packed in TLSerialization.
let staticLibz: [LinkerSetting] = [.unsafeFlags(["-Xlinker", "-l:libz.a"])]

let package = Package(
    name: "TelegramLinux",
    platforms: [.macOS(.v15)],
    products: [
        .executable(name: "main", targets: ["MainApp"]),
        .executable(name: "share", targets: ["ShareExtension"]),
        .executable(name: "notify-service", targets: ["NotifyServiceExtension"]),
        .executable(name: "widget", targets: ["WidgetExtension"]),
        .executable(name: "intents", targets: ["IntentsExtension"]),
        .executable(name: "broadcast", targets: ["BroadcastExtension"]),
        // The reference process Scripts/bench measures every figure against.
        .executable(name: "hello-reference", targets: ["HelloReference"]),
        // The same hello with the Swift runtime linked statically: a line of the report, not a
        // reference; ratios still divide by the dynamic hello-reference.
        .executable(name: "hello-reference-static", targets: ["HelloReferenceStatic"]),
        // Times the top-50 chat list read inside one process for Scripts/bench, a tool; and
        // (`message-actions`) main's edits and deletions through Messaging's MessageActions.
        .executable(name: "storage-bench", targets: ["StorageBench"]),
        // A hidden debug tool: the terminal backend on its own (a box, the size, the last event).
        .executable(name: "display-demo", targets: ["DisplayDemo"]),
        // Times Display's full frame for Scripts/bench, like hello-reference a tool.
        .executable(name: "display-bench", targets: ["DisplayBench"]),
        // For the fuzzing harness only (Fuzz/Package.swift, a separate package that depends on
        // this one by path): another package can link a module only through a product. Automatic
        // libraries, so `swift build` here builds nothing extra.
        .library(name: "FuzzContainer", targets: ["Container"]),
        .library(name: "FuzzCryptography", targets: ["Cryptography"]),
        .library(name: "FuzzFormats", targets: ["Formats"]),
        .library(name: "FuzzRequestChannel", targets: ["RequestChannel"]),
        .library(name: "FuzzStorage", targets: ["Storage"]),
        .library(name: "FuzzBroadcastIPC", targets: ["BroadcastIPC"]),
        .library(name: "FuzzAddressBook", targets: ["AddressBook"]),
        .library(name: "FuzzTelegramExport", targets: ["TelegramExport"]),
        .library(name: "FuzzIngest", targets: ["Ingest"]),
        .library(name: "FuzzDrawing", targets: ["Drawing"]),
        .library(name: "FuzzTL", targets: ["TLSerialization", "TelegramApi"]),
        .library(name: "FuzzMTProtoKit", targets: ["MTProtoKit"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", exact: "1.8.2"),
        .package(url: "https://github.com/apple/swift-log", exact: "1.16.2"),
        // TOML for the person's configuration file (toml++ underneath), linked by main alone.
        .package(url: "https://github.com/LebJe/TOMLKit", exact: "0.6.0"),
    ],
    targets: [
        // System libraries.
        // SQLite and OpenSSL: headers only here; Storage and Cryptography link the static archives.
        .systemLibrary(name: "CSQLite", path: "Sources/CSQLite", providers: [.apt(["libsqlite3-dev"])]),
        .systemLibrary(name: "COpenSSL", path: "Sources/COpenSSL", providers: [.apt(["libssl-dev"])]),
        // yajl's streaming JSON parser: headers here, TelegramExport links the static archive.
        .systemLibrary(name: "CYajl", path: "Sources/CYajl", providers: [.apt(["libyajl-dev"])]),
        // Cairo, FreeType and fontconfig's headers, and the functions Drawing calls, defined to
        // load the libraries on first use (DrawingLibraries.c says why).
        .target(name: "CCairo", cSettings: [.unsafeFlags(["-I" + freetypeHeaders])]),
        .systemLibrary(name: "CNcursesw", path: "Sources/CNcursesw", pkgConfig: "ncursesw",
                       providers: [.apt(["libncurses-dev"])]),
        // Pixels to terminal cells (main's chat-list avatars). Linked by main alone, through TerminalImages.
        .systemLibrary(name: "CChafa", path: "Sources/CChafa", pkgConfig: "chafa",
                       providers: [.apt(["libchafa-dev"])]),

        // zlib's inflate and deflate: gzip_packed. Headers only; TLSerialization links libz.a.
        .systemLibrary(name: "CZlib", path: "Sources/CZlib", providers: [.apt(["zlib1g-dev"])]),

        // libdbus-1's client API (the session bus) and the two libsystemd functions its static
        // archive names but a client never calls (SystemdSocketActivation.c says why).
        .target(name: "CDBus", cSettings: [.unsafeFlags(dbusHeaders)]),

        // Container contract: identity, paths, atomic files, locks, TempBox, logging.
        .target(name: "Container", dependencies: [
            .product(name: "Logging", package: "swift-log"),
        ]),
        // Device key, AES-GCM sealing, key derivation, passcode hashing.
        .target(name: "Cryptography", dependencies: ["COpenSSL", "Container"], linkerSettings: staticLibcrypto),
        // Formats shared between processes: lock state, settings, presentation strings.
        .target(name: "Formats", dependencies: ["Container", "Cryptography"]),
        // The key-value engine under Postbox (Telegram's SqliteValueBox): ordered binary keys to
        // values sealed with AES-256-GCM, WAL, one writer at a time.
        .target(name: "KeyValueStore", dependencies: ["CSQLite", "Container", "Cryptography"], linkerSettings: staticLibsqlite3),
        // Postbox (peers, messages, the chat list, the search index written with them) and the
        // AccountManager, over the key-value engine.
        .target(name: "Storage", dependencies: ["KeyValueStore", "Container", "Cryptography", "Formats"]),
        // Drawing with Cairo: letters avatars in Telegram's gradients, photo avatars, cards, PNG.
        .target(name: "Drawing", dependencies: ["CCairo", "Container", "Formats"],
                swiftSettings: [.unsafeFlags(["-Xcc", "-I" + freetypeHeaders])]),
        // The processes' door to drawing: loads Drawing's libraries, draws a DrawingRequest, caches avatars.
        .target(name: "DrawingClient", dependencies: ["Container", "Cryptography", "Drawing", "Formats", "Storage"]),
        // The network, as Telegram iOS's MTProtoKit and TelegramApi: TL's wire format (readers,
        // writers, gzip_packed), the types and functions generated from the pinned schema
        // (Tools/tl-gen), and MTProto 2.0 itself (transports, the auth key, the session).
        .target(name: "TLSerialization", dependencies: ["CZlib"], linkerSettings: staticLibz),
        .target(name: "TelegramApi", dependencies: ["TLSerialization"], exclude: ["Schema"]),
        .target(name: "MTProtoKit", dependencies: [
            "COpenSSL", "Container", "Cryptography", "TLSerialization", "TelegramApi",
            .product(name: "Logging", package: "swift-log"),
        ], linkerSettings: staticLibcrypto),
        // The account layer over the network, as Telegram iOS's TelegramCore: MTProtoKit's key
        // store in the account's Postbox; accounts, updates and sending come with part 2.
        .target(name: "TelegramCore", dependencies: ["Container", "Cryptography", "Formats", "KeyValueStore", "Messaging", "MTProtoKit", "RequestChannel", "Storage", "TelegramApi", "TLSerialization",
                                                     .product(name: "Logging", package: "swift-log")]),

        // The request channel: extensions (and main's operations) ask the running app for changes.
        // Its formats, the sealed codec, the directories, the submitter and the crash-safe
        // processor over a handler protocol.
        .target(name: "RequestChannel", dependencies: ["Container", "Cryptography", "Formats",
                                                       .product(name: "Logging", package: "swift-log")]),
        // Lock-free primitives on shared file mappings: acquire/release atomics, futex wait/wake,
        // and a copy that survives the mapped file being truncated under it (SIGBUS).
        .target(name: "CSharedMemory", path: "Sources/CSharedMemory"),
        // The broadcast protocol shared by main and the broadcast extension: heartbeat files,
        // the seqlocked frame ring, the audio FIFO, synthetic frames that prove themselves whole.
        .target(name: "BroadcastIPC", dependencies: ["CSharedMemory", "Container", "Formats"]),
        // The shared extension bootstrap and its report.
        .target(name: "Bootstrap", dependencies: [
            "Container", "Cryptography", "Formats", "Storage", "TelegramCore",
            .product(name: "Logging", package: "swift-log"),
        ]),
        // The desktop's notification server over the session D-Bus (libdbus-1): Notify,
        // CloseNotification, capabilities, the signals. notify-service only.
        .target(name: "DesktopNotifications", dependencies: ["CDBus"],
                swiftSettings: [.unsafeFlags(dbusHeaders.flatMap { ["-Xcc", $0] })], linkerSettings: staticLibdbus),
        // The notification service extension's work: choose the account, decrypt, enrich, deliver;
        // then post to the desktop and answer its actions.
        .target(name: "NotificationService", dependencies: [
            "Container", "Cryptography", "Formats", "TelegramCore", "Bootstrap", "DrawingClient", "DesktopNotifications", "RequestChannel",
            .product(name: "Logging", package: "swift-log"),
        ]),
        // The share extension's work: the peer picker, content checks, sending through a request.
        .target(name: "ShareExtensionContext", dependencies: [
            "Container", "Cryptography", "Formats", "TelegramCore", "Bootstrap", "RequestChannel",
        ]),
        // The Siri intents extension's handlers: contacts resolution, search, requests to main.
        .target(name: "SiriIntents", dependencies: [
            "Container", "Cryptography", "Formats", "TelegramCore", "Bootstrap", "RequestChannel",
        ]),
        // The widget's timeline (widget-data only), configuration (read-only Postbox) and picture.
        .target(name: "WidgetKitWidget", dependencies: [
            "Container", "Cryptography", "Formats", "TelegramCore", "Bootstrap", "DrawingClient",
        ]),
        // The broadcast upload extension's work: status machine, in-process and embedded modes, sources.
        .target(name: "BroadcastUpload", dependencies: [
            "Container", "Formats", "Bootstrap", "BroadcastIPC",
        ]),
        // Telegram Desktop's JSON export read as a stream over yajl: the model and the reader. main only.
        .target(name: "TelegramExport", dependencies: ["CYajl"], linkerSettings: staticLibyajl),
        // The device address book (vCard, CSV) that Siri intents resolve people through.
        .target(name: "AddressBook", dependencies: ["Container", "Storage"]),
        // The bulk writers: the write pipeline, the `seed` fixture and the Telegram-export import.
        .target(name: "Ingest", dependencies: ["Container", "Formats", "Storage", "TelegramExport"]),
        // The app's side of a group call that accepts a screencast from `broadcast`.
        .target(name: "ScreencastCall", dependencies: ["BroadcastIPC", "Container", "Formats",
                                                       .product(name: "Logging", package: "swift-log")]),
        // The account's actions on messages (send, edit, delete, forward, react, pin, drafts, reads),
        // each one durable Postbox transaction by Telegram's rules: TelegramCore's Messages; and
        // sending files (a photo's thumbnail drawn through DrawingClient).
        .target(name: "Messaging", dependencies: ["Container", "DrawingClient", "Storage", "RequestChannel"]),
        // Stands in for Telegram's push server: `main push` applies an update and encrypts its push.
        .target(name: "PushServer", dependencies: ["Container", "Cryptography", "Formats", "Storage", "Messaging"]),
        // The Linux desktop's side of main: the XDG folders, the opener (spawned detached, never through
        // a shell), saves that never overwrite, the desktop entry and the tg:// handler.
        .target(name: "DesktopIntegration", dependencies: ["Container"]),
        // The main app: launch phases, bindings, contexts, the operations its commands ask for. main only.
        .target(name: "AppCore", dependencies: [
            "Container", "Cryptography", "Formats", "Storage", "Bootstrap", "RequestChannel", "BroadcastIPC", "ScreencastCall",
            "AddressBook", "Ingest", "TelegramExport", "Messaging", "PushServer", "TelegramCore",
            .product(name: "Logging", package: "swift-log"),
        ]),

        // The command-line layer: every command's declaration, parsed by ArgumentParser (and the
        // system's plain invocations directly), over the domain modules. Only these and the
        // executables import ArgumentParser.
        .target(name: "CommandLineSupport", dependencies: ["Bootstrap", "Container", "Formats", .product(name: "ArgumentParser", package: "swift-argument-parser")],
                path: "Sources/CommandLine/CommandLineSupport"),
        .target(name: "NotifyServiceCommands", dependencies: [
            "CommandLineSupport", "NotificationService", "Bootstrap", "Container", "Cryptography", "Formats", "TelegramCore", "DrawingClient",
            .product(name: "ArgumentParser", package: "swift-argument-parser"), .product(name: "Logging", package: "swift-log"),
        ], path: "Sources/CommandLine/NotifyServiceCommands"),
        .target(name: "ShareCommands", dependencies: [
            "CommandLineSupport", "ShareExtensionContext", "Bootstrap", "Container", "Cryptography", "Formats", "RequestChannel", "TelegramCore", .product(name: "ArgumentParser", package: "swift-argument-parser"),
        ], path: "Sources/CommandLine/ShareCommands"),
        .target(name: "IntentsCommands", dependencies: [
            "CommandLineSupport", "SiriIntents", "Bootstrap", "Container", "Cryptography", "Formats", "RequestChannel", "TelegramCore", .product(name: "ArgumentParser", package: "swift-argument-parser"),
        ], path: "Sources/CommandLine/IntentsCommands"),
        .target(name: "WidgetCommands", dependencies: [
            "CommandLineSupport", "WidgetKitWidget", "Bootstrap", "Container", "Cryptography", "Formats", "TelegramCore", "DrawingClient", .product(name: "ArgumentParser", package: "swift-argument-parser"),
        ], path: "Sources/CommandLine/WidgetCommands"),
        .target(name: "BroadcastCommands", dependencies: [
            "CommandLineSupport", "BroadcastUpload", "BroadcastIPC", "Bootstrap", "Container", "Formats", .product(name: "ArgumentParser", package: "swift-argument-parser"),
        ], path: "Sources/CommandLine/BroadcastCommands"),
        .target(name: "MainCommands", dependencies: [
            "CommandLineSupport", "AppCore", "AppInterface", "AddressBook", "Ingest", "ScreencastCall", "RequestChannel", "Bootstrap", "PushServer", "DesktopIntegration",
            "Container", "Cryptography", "Formats", "Storage", "TelegramExport", "BroadcastIPC", "MTProtoKit", "TelegramCore",
            .product(name: "ArgumentParser", package: "swift-argument-parser"), .product(name: "Logging", package: "swift-log"),
        ], path: "Sources/CommandLine/MainCommands"),

        // Six thin executables.
        .executableTarget(name: "MainApp", dependencies: ["CommandLineSupport", "MainCommands", "Bootstrap", .product(name: "ArgumentParser", package: "swift-argument-parser")], path: "Sources/Executables/MainApp",
                          linkerSettings: shippedLinking("main") + tomlKitFoundation),
        .executableTarget(name: "ShareExtension", dependencies: ["CommandLineSupport", "ShareCommands", "Bootstrap", .product(name: "ArgumentParser", package: "swift-argument-parser")],
                          path: "Sources/Executables/ShareExtension",
                          linkerSettings: shippedLinking("share")),
        .executableTarget(name: "NotifyServiceExtension", dependencies: ["CommandLineSupport", "NotifyServiceCommands", "Bootstrap", .product(name: "ArgumentParser", package: "swift-argument-parser")],
                          path: "Sources/Executables/NotifyServiceExtension",
                          linkerSettings: shippedLinking("notify-service")),
        .executableTarget(name: "WidgetExtension", dependencies: ["CommandLineSupport", "WidgetCommands", "Bootstrap", .product(name: "ArgumentParser", package: "swift-argument-parser")],
                          path: "Sources/Executables/WidgetExtension",
                          linkerSettings: shippedLinking("widget")),
        .executableTarget(name: "IntentsExtension", dependencies: ["CommandLineSupport", "IntentsCommands", "Bootstrap", .product(name: "ArgumentParser", package: "swift-argument-parser")],
                          path: "Sources/Executables/IntentsExtension",
                          linkerSettings: shippedLinking("intents")),
        .executableTarget(name: "BroadcastExtension", dependencies: ["CommandLineSupport", "BroadcastCommands", "Bootstrap", .product(name: "ArgumentParser", package: "swift-argument-parser")],
                          path: "Sources/Executables/BroadcastExtension",
                          linkerSettings: shippedLinking("broadcast")),
        .executableTarget(name: "HelloReference", path: "Sources/Executables/HelloReference"),
        // Its main.swift is a symlink to HelloReference's: one source, linked two ways. The static
        // libFoundationEssentials.a needs Synchronization, which nothing else in hello pulls in.
        .executableTarget(name: "HelloReferenceStatic", path: "Sources/Executables/HelloReferenceStatic",
                          linkerSettings: staticSwiftRuntime + [.linkedLibrary("swiftSynchronization")]),
        .executableTarget(name: "StorageBench", dependencies: ["AppCore", "CommandLineSupport", "Bootstrap", "Container", "Formats", "Storage", "Messaging",
                                                               .product(name: "ArgumentParser", package: "swift-argument-parser")],
                          path: "Sources/Executables/StorageBench", linkerSettings: staticSwiftRuntime),

        // Telegram's Display in pure Swift, drawn into an in-memory surface of cells. No other module,
        // no Foundation (Synchronization only), so it stays at the bottom of the graph.
        .target(name: "Display", exclude: ["README.md"]),
        // The terminal backend: Display's surface through ncursesw, the terminal's input as its events,
        // the app's loop. No Foundation either.
        .target(name: "TerminalBackend", dependencies: ["CNcursesw", "Display"], exclude: ["README.md"]),
        // main's screens, as Telegram's TelegramUI over Display: they read through data sources and
        // write through closures the app gives them, so they know nothing of the Postbox.
        .target(name: "TelegramUI", dependencies: ["Display", "Container", "Formats"]),
        // Pictures as half-block cells through libchafa (the chat list's avatars). Only
        // AppInterface uses it, so only `main` links libchafa and GLib.
        .target(name: "TerminalImages", dependencies: ["CChafa", "Display"]),
        // The person's configuration file ($XDG_CONFIG_HOME/ph.telegra.Telegraph/config.toml): key bindings
        // and the theme, read with TOMLKit. Only AppInterface uses it, so only `main` links toml++.
        .target(name: "AppConfiguration", dependencies: ["Display", "Formats", .product(name: "TOMLKit", package: "TOMLKit")]),
        // main's interface on the terminal: the screens wired to AppCore's launched app, its events
        // bridged into the terminal's run loop. Only `main` links it.
        .target(name: "AppInterface", dependencies: ["AppCore", "TelegramCore", "ScreencastCall", "TelegramUI", "Display", "TerminalBackend", "Storage", "Formats",
                                                     "Container", "Cryptography", "DrawingClient", "TerminalImages", "Bootstrap", "AppConfiguration", "Messaging", "DesktopIntegration"]),
        .executableTarget(name: "DisplayDemo", dependencies: ["Display", "TerminalBackend"],
                          path: "Sources/Executables/DisplayDemo"),
        .executableTarget(name: "DisplayBench", dependencies: ["Display"], path: "Sources/Executables/DisplayBench"),

        // What the tests share: the one process spawner, temporary directories and containers, the
        // built executables' paths, the seeded generator, the export generator. Only test targets use it.
        .target(name: "TestSupport", dependencies: ["Container"], path: "Tests/TestSupport"),

        // One test target per module, named for it.
        // TL: the runtime, and the generated code against Telethon's serialization (the oracle).
        .testTarget(name: "TLTests", dependencies: ["TLSerialization", "TelegramApi", "TestSupport"]),
        // MTProto: crypto, transports, the key exchange and the session, against the Python test server.
        .testTarget(name: "MTProtoKitTests", dependencies: ["MTProtoKit", "TLSerialization", "TelegramApi", "Cryptography", "Container", "TestSupport"]),
        .testTarget(name: "TelegramCoreTests", dependencies: ["TelegramCore", "MTProtoKit", "TelegramApi", "Storage", "Container", "Cryptography", "TestSupport"]),
        .testTarget(name: "ContainerTests", dependencies: ["Container", "TestSupport", .product(name: "Logging", package: "swift-log")]),
        .testTarget(name: "CryptographyTests", dependencies: ["Cryptography", "Container", "Formats", "TestSupport"],
                    exclude: ["Vectors"]),
        .testTarget(name: "FormatsTests", dependencies: ["Formats", "Container", "Storage", "TestSupport"]),
        // A VFS over "unix" that loses power (SQLite's own crash-test method), for StorageTests only.
        .target(name: "SQLiteCrashVFS", path: "Tests/SQLiteCrashVFS"),
        .testTarget(name: "DesktopIntegrationTests", dependencies: ["DesktopIntegration", "Container"]),
        .testTarget(name: "MessagingTests", dependencies: ["Messaging", "Container", "Cryptography", "Storage", "TestSupport", "RequestChannel"],
                    exclude: ["Vectors"]),
        .testTarget(name: "StorageTests", dependencies: ["Storage", "KeyValueStore", "Container", "Cryptography", "Formats", "TestSupport", "SQLiteCrashVFS"]),
        .testTarget(name: "DrawingTests", dependencies: ["Drawing", "DrawingClient", "CCairo", "Cryptography", "Formats", "Storage", "TestSupport"],
                    exclude: ["Vectors"], swiftSettings: [.unsafeFlags(["-Xcc", "-I" + freetypeHeaders])]),
        .testTarget(name: "BroadcastIPCTests", dependencies: ["BroadcastIPC", "CSharedMemory", "Container", "TestSupport"]),
        .testTarget(name: "BroadcastUploadTests", dependencies: ["BroadcastUpload", "BroadcastIPC", "TestSupport"]),
        .testTarget(name: "ScreencastCallTests", dependencies: ["ScreencastCall", "BroadcastIPC", "Container", "TestSupport"]),
        .testTarget(name: "IngestTests", dependencies: ["Ingest", "Container", "Cryptography", "Storage", "TestSupport"]),
        .testTarget(name: "AddressBookTests", dependencies: ["AddressBook", "Storage"]),
        .testTarget(name: "SiriIntentsTests", dependencies: ["SiriIntents", "Container", "Cryptography", "Storage", "TelegramCore", "TestSupport"]),
        .testTarget(name: "ShareExtensionContextTests", dependencies: ["ShareExtensionContext", "RequestChannel"]),
        .testTarget(name: "WidgetKitWidgetTests", dependencies: ["WidgetKitWidget", "Container", "Cryptography", "Formats", "Storage", "TestSupport"]),
        // The request channel alone, over a fake handler: every crash window of the processor.
        .testTarget(name: "RequestChannelTests", dependencies: ["RequestChannel", "Container", "Cryptography",
                                                               .product(name: "Logging", package: "swift-log")]),
        .testTarget(name: "TelegramExportTests", dependencies: ["TelegramExport", "Storage"]),
        // The command-line layer: each direct parse against ArgumentParser's own model of its command.
        .testTarget(name: "CommandLineTests", dependencies: [
            "CommandLineSupport", "NotifyServiceCommands", "ShareCommands", "IntentsCommands", "WidgetCommands", "BroadcastCommands",
            .product(name: "ArgumentParser", package: "swift-argument-parser"),
        ]),
        // Across processes: the real executables spawned against a temporary container.
        .testTarget(name: "IntegrationTests", dependencies: [
            "Container", "Cryptography", "Formats", "KeyValueStore", "Storage", "RequestChannel", "BroadcastIPC", "TestSupport", "NotificationService", "MTProtoKit",
        ]),
        .testTarget(name: "NotificationServiceTests", dependencies: ["NotificationService", "Container", "TestSupport"]),
        // Every data source the screens read, in memory: for the screens' tests and the wiring's.
        .target(name: "TelegramUIFakes", dependencies: ["TelegramUI", "Display"], path: "Tests/TelegramUIFakes"),
        // main's screens over a fake store.
        .testTarget(name: "TelegramUITests", dependencies: ["TelegramUI", "TelegramUIFakes", "Display", "Container", "Formats"]),
        // The wiring: its data sources over a real Postbox, the screens it builds over them, and its
        // own decisions over a fake host and the fake store.
        .testTarget(name: "AppInterfaceTests", dependencies: ["AppInterface", "AppCore", "ScreencastCall", "TelegramUI", "TelegramUIFakes",
                                                              "Display", "Formats", "Storage", "TelegramCore", "Container", "Cryptography"]),
        // The configuration file: good files, each kind of mistake with its line, the file's place.
        .testTarget(name: "AppConfigurationTests", dependencies: ["AppConfiguration", "Display", "Formats"]),
        // Display: widths, surface operations and text snapshots of the surface. Container only to
        // check Display's unsafe-scalar rule against TerminalText's.
        .testTarget(name: "DisplayTests", dependencies: ["Display", "Container", "TestSupport"], exclude: ["Snapshots"]),
        // The backend's pure parts: colour mapping, keys, grapheme grouping, paste, glyph fitting;
        // and TerminalImages' half blocks through libchafa.
        .testTarget(name: "TerminalBackendTests", dependencies: ["TerminalBackend", "Display", "CNcursesw", "TerminalImages"]),
        // display-demo in a real terminal: tmux runs it, send-keys types, capture-pane reads.
        .testTarget(name: "TerminalTests", dependencies: ["TestSupport"]),
        // The module graph as the sources' imports draw it, pinned edge by edge.
        .testTarget(name: "ArchitectureTests"),
    ]
)
