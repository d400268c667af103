import TestSupport
import TLSerialization
import TelegramApi

/// Values built in Swift for the reverse oracle check: each is written here and read by Telethon.
struct SwiftSample {
    let name: String
    let serialize: (inout TLWriter) -> Void

    init<T: TLObject>(_ name: String, _ value: T) {
        self.name = name
        serialize = { value.serialize(to: &$0) }
    }

    init<F: TLFunction>(function name: String, _ value: F) {
        self.name = name
        serialize = { value.serialize(to: &$0) }
    }

    static func all() -> [SwiftSample] {
        var generator = SeededGenerator(seed: 35)
        let nonce = TLInt128(bytes: generator.bytes(16))
        let serverNonce = TLInt128(bytes: generator.bytes(16))
        let json = Api.JSONValue.jsonObject(value: [
            .jsonObjectValue(key: "tz", value: .jsonString(value: "Europe/Amsterdam")),
            .jsonObjectValue(key: "n", value: .jsonNumber(value: -1.25)),
            .jsonObjectValue(key: "list", value: .jsonArray(value: [.jsonBool(value: true), .jsonNull, .jsonString(value: "✓ 日本")])),
        ])
        let initConnection = Api.functions.InitConnection(
            apiId: 94575, deviceModel: "Linux x86_64", systemVersion: "Debian 12", appVersion: "0.1 (35)",
            systemLangCode: "en-US", langPack: "", langCode: "en",
            proxy: .inputClientProxy(address: "127.0.0.1", port: 1080), params: json, query: Api.functions.help.GetConfig())
        var samples: [SwiftSample] = [
            SwiftSample(function: "req_pq_multi", MTProto.functions.ReqPqMulti(nonce: nonce)),
            SwiftSample(function: "req_pq", MTProto.functions.ReqPq(nonce: nonce)),
            SwiftSample(function: "req_DH_params", MTProto.functions.ReqDHParams(
                nonce: nonce, serverNonce: serverNonce, p: [0x49, 0x4c, 0x55, 0x3b], q: [0x53, 0x91, 0x10, 0x73],
                publicKeyFingerprint: -0x3c3d_b4a4_3e5c_c7f0, encryptedData: generator.bytes(256))),
            SwiftSample(function: "set_client_DH_params", MTProto.functions.SetClientDHParams(
                nonce: nonce, serverNonce: serverNonce, encryptedData: generator.bytes(336))),
            SwiftSample(function: "ping", MTProto.functions.Ping(pingId: .min)),
            SwiftSample(function: "ping_delay_disconnect", MTProto.functions.PingDelayDisconnect(pingId: 42, disconnectDelay: 75)),
            SwiftSample(function: "get_future_salts", MTProto.functions.GetFutureSalts(num: 64)),
            SwiftSample(function: "destroy_session", MTProto.functions.DestroySession(sessionId: -1)),
            SwiftSample(function: "rpc_drop_answer", MTProto.functions.RpcDropAnswer(reqMsgId: 0x6500_0000_0000_0004)),
            SwiftSample(function: "destroy_auth_key", MTProto.functions.DestroyAuthKey()),
            SwiftSample("resPQ", MTProto.ResPQ.resPQ(nonce: nonce, serverNonce: serverNonce, pq: [0x17, 0xED, 0x48, 0x94, 0x1A, 0x08, 0xF9, 0x81],
                                                     serverPublicKeyFingerprints: [-0x3c3d_b4a4_3e5c_c7f0, 1])),
            SwiftSample("p_q_inner_data_dc", MTProto.P_Q_inner_data.p_q_inner_data_dc(
                pq: generator.bytes(8), p: generator.bytes(4), q: generator.bytes(4), nonce: nonce, serverNonce: serverNonce,
                newNonce: TLInt256(bytes: generator.bytes(32)), dc: -2)),
            SwiftSample("server_DH_inner_data", MTProto.Server_DH_inner_data.server_DH_inner_data(
                nonce: nonce, serverNonce: serverNonce, g: 3, dhPrime: generator.bytes(256), gA: generator.bytes(255), serverTime: 1_700_000_000)),
            SwiftSample("client_DH_inner_data", MTProto.Client_DH_Inner_Data.client_DH_inner_data(
                nonce: nonce, serverNonce: serverNonce, retryId: 0, gB: generator.bytes(254))),
            SwiftSample("dh_gen_retry", MTProto.Set_client_DH_params_answer.dh_gen_retry(
                nonce: nonce, serverNonce: serverNonce, newNonceHash2: TLInt128(bytes: generator.bytes(16)))),
            SwiftSample("future_salts", MTProto.FutureSalts.future_salts(reqMsgId: 5, now: 1_700_000_000, salts: [
                .future_salt(validSince: 1, validUntil: 2, salt: 3), .future_salt(validSince: -1, validUntil: .max, salt: .min),
            ])),
            SwiftSample("help.configSimple", MTProto.help.ConfigSimple.configSimple(date: 1_700_000_000, expires: 1_700_003_600, rules: [
                .accessPointRule(phonePrefixRules: Array("+31".utf8), dcId: 2, ips: [
                    .ipPort(ipv4: 0x7F00_0001, port: 443), .ipPortSecret(ipv4: -1, port: 80, secret: generator.bytes(16)),
                ]),
            ])),
            SwiftSample("msgs_ack", MTProto.MsgsAck.msgs_ack(msgIds: [1, 2, .max])),
            SwiftSample("rpc_error", MTProto.RpcError.rpc_error(errorCode: 420, errorMessage: Array("FLOOD_WAIT_31".utf8))),
            SwiftSample("bad_server_salt", MTProto.BadMsgNotification.bad_server_salt(badMsgId: 9, badMsgSeqno: 3, errorCode: 48, newServerSalt: -7)),
            SwiftSample(function: "help.getConfig", Api.functions.help.GetConfig()),
            SwiftSample(function: "help.getNearestDc", Api.functions.help.GetNearestDc()),
            SwiftSample(function: "updates.getState", Api.functions.updates.GetState()),
            SwiftSample(function: "invokeWithLayer", Api.functions.InvokeWithLayer(layer: Api.layer, query: initConnection)),
            SwiftSample(function: "invokeWithLayer", Api.functions.InvokeWithLayer(layer: Api.layer, query: Api.functions.InitConnection(
                apiId: 1, deviceModel: "", systemVersion: "", appVersion: "", systemLangCode: "", langPack: "", langCode: "",
                query: Api.functions.updates.GetState()))),
            SwiftSample(function: "invokeWithoutUpdates", Api.functions.InvokeWithoutUpdates(query: Api.functions.help.GetNearestDc())),
            SwiftSample("updates.state", Api.updates.State.state(pts: 1, qts: 0, date: 1_700_000_000, seq: -1, unreadCount: 7)),
            SwiftSample("nearestDc", Api.NearestDc.nearestDc(country: "NL", thisDc: 2, nearestDc: 4)),
            SwiftSample("jsonObject", json),
            SwiftSample("dcOption", Api.DcOption.dcOption(ipv6: true, mediaOnly: false, tcpoOnly: true, cdn: false, static: true,
                                                         thisPortOnly: false, id: 2, ipAddress: "149.154.167.50", port: 443,
                                                         secret: generator.bytes(17))),
        ]
        // Strings and bytes across the length prefix's boundaries.
        for length in [0, 1, 3, 4, 253, 254, 255, 300] {
            samples.append(SwiftSample("jsonString", Api.JSONValue.jsonString(value: String(repeating: "é", count: length / 2) + String(repeating: "x", count: length % 2))))
            // Status bytes below 0x80: Telethon reads this `string` as text (its UTF-8 decoding
            // would replace other bytes), though to MTProto it is one status byte a message.
            let statuses = generator.bytes(length).map { $0 & 0x7F }
            samples.append(SwiftSample("msgs_state_info", MTProto.MsgsStateInfo.msgs_state_info(reqMsgId: Int64(length), info: statuses)))
        }
        return samples
    }
}
