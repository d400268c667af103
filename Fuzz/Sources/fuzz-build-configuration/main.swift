import Container
import FuzzSupport

/// `build-input/configuration.json`, the build's identity (from outside the repository):
/// `BuildConfiguration.parse`, the function `load` runs on the file's bytes.
/// Properties: JSON naming a key twice is refused; an accepted configuration survives
/// re-encoding; its baseAppBundleId is a bundle id (dot-separated labels of ASCII letters, digits
/// and hyphens), because the app group and so the container's directory are made from it.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    let input = fuzzBytes(start, count)
    guard let configuration = try? BuildConfiguration.parse(input, path: "configuration.json") else { return 0 }
    checkNoDuplicateKeys(input, "BuildConfiguration.parse")
    checkJSONRoundTrip(configuration, "BuildConfiguration", input: input) { try BuildConfiguration.parse($0, path: "configuration.json") }
    let labels = configuration.baseAppBundleId.split(separator: ".", omittingEmptySubsequences: false)
    invariant(labels.count >= 2 && labels.allSatisfy { !$0.isEmpty && $0.utf8.allSatisfy { byte in
        byte == 0x2D || (0x30...0x39).contains(byte) || (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte) } },
              "accepted baseAppBundleId \"\(describe(Array(configuration.baseAppBundleId.utf8)))\", which is not a bundle id")
    return 0
}

@_cdecl("LLVMFuzzerInitialize")
public func initialize(_ argc: UnsafeMutableRawPointer, _ argv: UnsafeMutableRawPointer) -> CInt {
    Seeds.writeIfRequested {
        [
            ("full.json", String(decoding: JSONEncoderSorted().encode(BuildConfiguration(baseAppBundleId: "org.example.Telegram-Beta", apiId: 12345, apiHash: "0123456789abcdef", appSpecificUrlScheme: "tgbeta", isAppStoreBuild: true, appVersion: "11.2.1")), as: UTF8.self)),
            ("partial.json", #"{"baseAppBundleId":"ph.telegra.Telegraph","apiId":-1}"#),
            ("empty-object.json", "{}"),
            ("no-dot.json", #"{"baseAppBundleId":"Telegraph"}"#),
            ("trailing-dot.json", #"{"baseAppBundleId":"ph.telegra."}"#),
            ("path.json", #"{"baseAppBundleId":"../../tmp/x.y"}"#),
            ("api-id-overflow.json", #"{"apiId":2147483648}"#),
            ("duplicate-key.json", #"{"baseAppBundleId":"a.b","baseAppBundleId":"c.d"}"#),
        ].map { ($0.0, Array($0.1.utf8)) }
    }
    return 0
}
