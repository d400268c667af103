import Container
import Cryptography
import Formats
import FuzzSupport

/// `widget-data`, main's sealed snapshot for the widget's timeline: `WidgetDataFile.parse` of
/// arbitrary bytes (magic "TGWD", version, AES-GCM under the device key's widget key).
/// Properties: only a file sealed under this device's widget key opens (not another device's, not
/// a request file's key under the widget magic); what opens survives re-encoding; its JSON names
/// no key twice.
let layout = ContainerLayout(containerPath: "/nonexistent-fuzz-container")
let widgetFile = WidgetDataFile(layout: layout, deviceKey: FixedKeys.deviceKey)
let foreignFile = WidgetDataFile(layout: layout, deviceKey: FixedKeys.otherDeviceKey)
let forger = SealedFileForger(deviceKey: FixedKeys.deviceKey, purpose: "widget-data", magic: "TGWD")
let requestKeyForger = SealedFileForger(deviceKey: FixedKeys.deviceKey, purpose: "requests", magic: "TGWD")

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    let input = fuzzBytes(start, count)
    guard let data = try? widgetFile.parse(input) else { return 0 }
    invariant((try? foreignFile.parse(input)) == nil, "widget-data opened with another device's key")
    guard let json = forger.open(input, context: "widget-data") else { violated("WidgetDataFile opened a file the GCM reference does not: \(describe(input))") }
    invariant((try? widgetFile.parse(requestKeyForger.seal(json, context: "widget-data"))) == nil, "widget-data sealed with the requests key opened")
    checkNoDuplicateKeys(json, "WidgetDataFile.parse")
    checkJSONRoundTrip(data, "WidgetData", input: json) { try widgetFile.parse(forger.seal($0, context: "widget-data")) }
    return 0
}

@_cdecl("LLVMFuzzerInitialize")
public func initialize(_ argc: UnsafeMutableRawPointer, _ argv: UnsafeMutableRawPointer) -> CInt {
    Seeds.writeIfRequested {
        let encoder = JSONEncoderSorted()
        let peers = WidgetData(accountId: 7_000_000_001, content: .peers(WidgetDataPeers(accountPeerId: 1, peers: [
            WidgetDataPeer(id: 1_000_000, name: "Ada", lastName: "Lovelace", letters: ["A", "L"], avatarPath: "/c/media/a",
                           badge: .init(count: 3, isMuted: false),
                           message: .init(author: .init(isMe: false, title: "Ada"), text: "See you at 6", content: "text", timestamp: 1_700_000_000)),
        ], updateTimestamp: 1_700_000_100)))
        let sealed = forger.seal(encoder.encode(peers), context: "widget-data")
        var flipped = sealed
        flipped[flipped.count - 1] ^= 1
        return [
            ("peers", sealed),
            ("empty", forger.seal(encoder.encode(WidgetData(accountId: 0, content: .empty)), context: "widget-data")),
            ("foreign-key", SealedFileForger(deviceKey: FixedKeys.otherDeviceKey, purpose: "widget-data", magic: "TGWD").seal(encoder.encode(peers), context: "widget-data")),
            ("wrong-context", forger.seal(encoder.encode(peers), context: "widget-datum")),
            ("tampered", flipped),
            ("truncated", Array(sealed.prefix(16))),
        ]
    }
    return 0
}
