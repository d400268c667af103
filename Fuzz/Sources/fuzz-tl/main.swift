import FuzzSupport
import TLSerialization
import TelegramApi

/// TL from a server (or anyone on the path before the key exists): `parseAnyObject` over every
/// constructor and function TelegramApi generates, and TLGzip.unpack (gzip_packed) on the same bytes.
/// Properties: nothing traps or reads past the input; whatever parses names a known constructor,
/// re-serializes to exactly the bytes it consumed, and those bytes parse with the value's own type
/// to a value that writes them again (not `==`: a NaN double is rightly unequal to itself); gzip
/// never unpacks beyond its limit, and what it unpacks packs and unpacks back to the same bytes.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    let input = fuzzBytes(start, count)
    var reader = TLReader(input)
    if let parsed = try? parseAnyObject(from: &reader) {
        let consumed = Array(input[0..<reader.position])
        invariant(constructorName(UInt32(input[0]) | UInt32(input[1]) << 8 | UInt32(input[2]) << 16 | UInt32(input[3]) << 24) != nil,
                  "parsed an unnamed constructor: \(describe(input))")
        var writer = TLWriter()
        parsed.serialize(to: &writer)
        invariant(writer.bytes == consumed, "\(type(of: parsed)) re-serializes differently: \(describe(consumed)) → \(describe(writer.bytes))")
        invariant(parsesBackToSameBytes(parsed, consumed), "\(type(of: parsed)) does not parse back with its own type: \(describe(consumed))")
    }
    let limit = 1 << 16
    if let unpacked = try? TLGzip.unpack(input, limit: limit) {
        invariant(unpacked.count <= limit, "gzip unpacked \(unpacked.count) bytes past its limit")
        invariant((try? TLGzip.unpack(TLGzip.pack(unpacked), limit: limit)) == unpacked, "gzip pack/unpack changed \(describe(unpacked))")
    }
    return 0
}

/// Parses `bytes` with the value's own type (not through parseAnyObject) and writes it again.
func parsesBackToSameBytes(_ value: any TLObject, _ bytes: [UInt8]) -> Bool {
    func check<T: TLObject>(_ value: T) -> Bool {
        var reader = TLReader(bytes)
        guard let again = try? T.parse(from: &reader), reader.remaining == 0 else { return false }
        var writer = TLWriter()
        again.serialize(to: &writer)
        return writer.bytes == bytes
    }
    return check(value)
}

@_cdecl("LLVMFuzzerInitialize")
public func initialize(_ argc: UnsafeMutableRawPointer, _ argv: UnsafeMutableRawPointer) -> CInt {
    Seeds.writeIfRequested {
        func bytes(_ value: some TLObject) -> [UInt8] {
            var writer = TLWriter()
            value.serialize(to: &writer)
            return writer.bytes
        }
        let nonce = TLInt128(bytes: Array(1...16))
        let serverNonce = TLInt128(bytes: Array(17...32))
        let config = Api.Config.config(
            defaultP2pContacts: true, preloadFeaturedStickers: false, revokePmInbox: true, blockedMode: false, forceTryIpv6: true,
            date: 1_700_000_000, expires: 1_700_003_600, testMode: false, thisDc: 2,
            dcOptions: [.dcOption(ipv6: false, mediaOnly: false, tcpoOnly: false, cdn: false, static: false, thisPortOnly: false,
                                  id: 2, ipAddress: "149.154.167.50", port: 443, secret: nil),
                        .dcOption(ipv6: true, mediaOnly: true, tcpoOnly: false, cdn: false, static: true, thisPortOnly: true,
                                  id: 4, ipAddress: "2001:67c:4e8:f004::a", port: 443, secret: Array(repeating: 0xEE, count: 17))],
            dcTxtDomainName: "apv3.stel.com", chatSizeMax: 200, megagroupSizeMax: 200_000, forwardedCountMax: 100,
            onlineUpdatePeriodMs: 210_000, offlineBlurTimeoutMs: 5000, offlineIdleTimeoutMs: 30_000, onlineCloudTimeoutMs: 300_000,
            notifyCloudDelayMs: 30_000, notifyDefaultDelayMs: 1500, pushChatPeriodMs: 60_000, pushChatLimit: 2,
            editTimeLimit: 172_800, revokeTimeLimit: .max, revokePmTimeLimit: .max, ratingEDecay: 2_419_200,
            stickersRecentLimit: 200, channelsReadMediaPeriod: 604_800, tmpSessions: nil, callReceiveTimeoutMs: 20_000,
            callRingTimeoutMs: 90_000, callConnectTimeoutMs: 30_000, callPacketTimeoutMs: 10_000, meUrlPrefix: "https://t.me/",
            autoupdateUrlPrefix: nil, gifSearchUsername: "gif", venueSearchUsername: "foursquare", imgSearchUsername: "bing",
            staticMapsProvider: nil, captionLengthMax: 1024, messageLengthMax: 4096, webfileDcId: 4, suggestedLangCode: "en",
            langPackVersion: 1, baseLangPackVersion: nil, reactionsDefault: .reactionEmoji(emoticon: "👍"), autologinToken: nil)
        let json = Api.JSONValue.jsonObject(value: [
            .jsonObjectValue(key: "a", value: .jsonArray(value: [.jsonNumber(value: 1.5), .jsonNull, .jsonBool(value: true)])),
            .jsonObjectValue(key: "b", value: .jsonString(value: String(repeating: "я", count: 200))),
        ])
        return [
            ("resPQ", bytes(MTProto.ResPQ.resPQ(nonce: nonce, serverNonce: serverNonce, pq: [0x17, 0xED, 0x48, 0x94, 0x1A, 0x08, 0xF9, 0x81],
                                                serverPublicKeyFingerprints: [-0x3c3d_b4a4_3e5c_c7f0]))),
            ("server_DH_params_ok", bytes(MTProto.Server_DH_Params.server_DH_params_ok(nonce: nonce, serverNonce: serverNonce,
                                                                                       encryptedAnswer: Array(repeating: 0x5A, count: 592)))),
            ("dh_gen_ok", bytes(MTProto.Set_client_DH_params_answer.dh_gen_ok(nonce: nonce, serverNonce: serverNonce, newNonceHash1: nonce))),
            ("future_salts", bytes(MTProto.FutureSalts.future_salts(reqMsgId: 1, now: 2, salts: [.future_salt(validSince: 1, validUntil: 2, salt: 3)]))),
            ("msgs_ack", bytes(MTProto.MsgsAck.msgs_ack(msgIds: [1, 2, 3]))),
            ("help.configSimple", bytes(MTProto.help.ConfigSimple.configSimple(date: 1, expires: 2, rules: [
                .accessPointRule(phonePrefixRules: Array("+".utf8), dcId: 2, ips: [.ipPort(ipv4: 1, port: 443), .ipPortSecret(ipv4: 2, port: 80, secret: Array(1...16))]),
            ]))),
            ("config", bytes(config)),
            ("jsonObject", bytes(json)),
            ("updates.state", bytes(Api.updates.State.state(pts: 1, qts: 2, date: 3, seq: 4, unreadCount: 5))),
            ("ping_delay_disconnect", bytes(MTProto.functions.PingDelayDisconnect(pingId: 7, disconnectDelay: 75))),
            ("gzip-msgs_ack", TLGzip.pack(bytes(MTProto.MsgsAck.msgs_ack(msgIds: [1, 2, 3])))),
        ]
    }
    return 0
}
