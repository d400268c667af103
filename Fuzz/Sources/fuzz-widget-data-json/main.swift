import Container
import Cryptography
import Formats
import FuzzSupport

/// The JSON inside `widget-data` (Telegram's WidgetData): the input is the content, sealed here
/// under the device key's widget key, then read by `WidgetDataFile.parse` as the widget does.
/// Properties: JSON naming a key twice is refused; what decodes survives re-encoding.
let widgetFile = WidgetDataFile(layout: ContainerLayout(containerPath: "/nonexistent-fuzz-container"), deviceKey: FixedKeys.deviceKey)
let forger = SealedFileForger(deviceKey: FixedKeys.deviceKey, purpose: "widget-data", magic: "TGWD")

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    let json = fuzzBytes(start, count)
    guard let data = try? widgetFile.parse(forger.seal(json, context: "widget-data")) else { return 0 }
    checkNoDuplicateKeys(json, "WidgetDataFile.parse")
    checkJSONRoundTrip(data, "WidgetData", input: json) { try widgetFile.parse(forger.seal($0, context: "widget-data")) }
    return 0
}

@_cdecl("LLVMFuzzerInitialize")
public func initialize(_ argc: UnsafeMutableRawPointer, _ argv: UnsafeMutableRawPointer) -> CInt {
    Seeds.writeIfRequested {
        let encoder = JSONEncoderSorted()
        let peer = WidgetDataPeer(id: 1_000_000, name: "Ada", lastName: nil, letters: ["A"], avatarPath: nil,
                                  badge: .init(count: 0, isMuted: true),
                                  message: .init(author: nil, text: "", content: "image", timestamp: -1))
        return [
            ("peers.json", encoder.encode(WidgetData(accountId: 7_000_000_001, content: .peers(WidgetDataPeers(accountPeerId: 1, peers: [peer, peer], updateTimestamp: 0)), unlockedForLockId: "lock-1"))),
            ("empty.json", encoder.encode(WidgetData(accountId: 0, content: .empty))),
            ("unknown-discriminator.json", Array(#"{"accountId":1,"content":{"discriminator":2}}"#.utf8)),
            ("peers-missing.json", Array(#"{"accountId":1,"content":{"discriminator":1}}"#.utf8)),
            ("duplicate-key.json", Array(#"{"accountId":1,"accountId":2,"content":{"discriminator":0}}"#.utf8)),
        ]
    }
    return 0
}
