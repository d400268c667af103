// swift-tools-version:5.4
// The fuzzing harness: one libFuzzer executable per parser of input that crosses a process
// boundary or comes from outside. A package of its own (as swift-protobuf's FuzzTesting/), so the
// main package's build and tests never see the sanitizer flags. Scripts/fuzz builds and runs it:
//
//   swift build -c debug --scratch-path Fuzz/.build \
//       -Xswiftc -sanitize=fuzzer,address -Xswiftc -parse-as-library
//
// -parse-as-library because libFuzzer supplies main(): a target only defines
// LLVMFuzzerTestOneInput. Tools version 5.4 on purpose: from 5.5 SwiftPM links every executable
// with `--defsym main=<module>_main` (so tests can link executables), a symbol a target without
// top-level code never has, and the link fails. 5.4 also names the main package by its manifest
// name, whatever its directory is called in a checkout.
import PackageDescription

func module(_ name: String) -> Target.Dependency {
    // Library products the main package declares for this harness only ("Fuzz<module>").
    .product(name: "Fuzz" + name, package: "TelegramLinux")
}

/// One target: Sources/<name>/main.swift, linking FuzzSupport, `local` targets of this package
/// and `modules` of the main package.
func fuzzTarget(_ name: String, _ modules: [String], local: [Target.Dependency] = []) -> Target {
    .executableTarget(name: name, dependencies: ["FuzzSupport"] + local + modules.map(module))
}

let package = Package(
    name: "TelegramLinuxFuzz",
    dependencies: [
        .package(name: "TelegramLinux", path: ".."),
    ],
    targets: [
        // Shared by the targets: invariant checks, fixed keys, a reference push cipher, a
        // duplicate-key check for JSON, a scratch file for readers that take a path.
        .target(name: "FuzzSupport", dependencies: [module("Container"), module("Cryptography")]),

        // The push: the envelope from APNs, its base64url `p`, the encrypted payload, the JSON inside.
        fuzzTarget("fuzz-base64url", ["Formats"]),
        fuzzTarget("fuzz-push-envelope", ["Formats"]),
        fuzzTarget("fuzz-push-cipher", ["Cryptography", "Formats"]),
        fuzzTarget("fuzz-push-plaintext", ["Cryptography", "Formats"]),
        fuzzTarget("fuzz-push-payload", ["Cryptography", "Formats"]),
        // lockState.json, read by every extension.
        fuzzTarget("fuzz-lock-state", ["Container", "Formats"]),
        // Request files and acks: the sealed envelope, and the JSON inside it.
        fuzzTarget("fuzz-request-sealed", ["Cryptography", "Formats", "RequestChannel"]),
        fuzzTarget("fuzz-request-json", ["Cryptography", "Formats", "RequestChannel"]),
        // widget-data: the sealed file, and the JSON inside it.
        fuzzTarget("fuzz-widget-data-sealed", ["Container", "Cryptography", "Formats", "Storage"]),
        fuzzTarget("fuzz-widget-data-json", ["Container", "Cryptography", "Formats", "Storage"]),
        // The broadcast: coordination files, frame payload headers, the shared frame ring's file.
        fuzzTarget("fuzz-broadcast-coordination", ["Container", "Formats", "BroadcastIPC"]),
        fuzzTarget("fuzz-frame-payload", ["BroadcastIPC"]),
        fuzzTarget("fuzz-frame-ring", ["Container", "BroadcastIPC"]),
        // Address books imported by `main contacts import`; both targets check the same properties.
        .target(name: "AddressBookChecks", dependencies: ["FuzzSupport", module("Storage"), module("AddressBook")]),
        fuzzTarget("fuzz-vcard", [], local: ["AddressBookChecks"]),
        fuzzTarget("fuzz-csv", [], local: ["AddressBookChecks"]),
        // build-input/configuration.json.
        fuzzTarget("fuzz-build-configuration", ["Container"]),
        // A Telegram Desktop export's result.json, read by `main import telegram-export`.
        fuzzTarget("fuzz-telegram-export", ["TelegramExport", "Ingest"]),
        // Photos from outside (a file sent, an export's photos): PNG, JPEG, WebP and GIF decoding.
        fuzzTarget("fuzz-picture", ["Container", "Drawing"]),
        // TL from a server: parseAnyObject over every generated constructor, and gzip_packed.
        fuzzTarget("fuzz-tl", ["TL"]),
        // MTProto from the server: a transport's frames, and an encrypted message and its body.
        fuzzTarget("fuzz-mtproto-framing", ["MTProtoKit"]),
        fuzzTarget("fuzz-mtproto-message", ["MTProtoKit"]),
    ]
)
