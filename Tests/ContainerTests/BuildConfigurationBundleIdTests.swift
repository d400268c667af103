import Testing
@testable import Container

/// Found by Fuzz/'s build-configuration target: baseAppBundleId "../../tmp/x.y" was accepted, and
/// the app group made from it ("group.../../tmp/x.y") is a directory name under
/// `$XDG_DATA_HOME/AppGroups/`, so the container landed outside AppGroups/.
@Suite("Build configuration: baseAppBundleId is a bundle id")
struct BuildConfigurationBundleIdTests {
    /// As written in the JSON string (escapes included).
    @Test(arguments: [
        "../../tmp/x.y", "org/example.App", "org..example", ".org.example", "org.exa mple",
        #"org.example\n.App"#, "org.ex\u{e9}mple.App", #"org.example.App\u0000"#, "NoDot", "trailing.dot.",
    ])
    func anythingButABundleIdIsRefused(_ id: String) throws {
        let json = #"{"baseAppBundleId": "\#(id)"}"#
        #expect(throws: BuildConfiguration.LoadError.self) {
            try BuildConfiguration.parse(Array(json.utf8), path: "configuration.json")
        }
    }

    @Test(arguments: ["ph.telegra.Telegraph", "org.example.Telegram-Beta", "a.b", "com.example.app2"])
    func bundleIdsAreAccepted(_ id: String) throws {
        let config = try BuildConfiguration.parse(Array(#"{"baseAppBundleId": "\#(id)"}"#.utf8), path: "configuration.json")
        #expect(config.baseAppBundleId == id)
    }
}
