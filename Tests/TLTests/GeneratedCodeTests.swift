import Foundation
import Testing
import TestSupport
import TLSerialization
import TelegramApi

/// The generated TelegramApi: what it is made from, and values built by hand.
@Suite struct GeneratedCodeTests {
    /// The committed Generated/ is exactly what the generator makes now: it cannot drift from
    /// the schema, wanted.txt or the generator.
    @Test func committedOutputIsWhatTheGeneratorMakes() async throws {
        let dir = try TemporaryDirectory("tl-gen")
        defer { dir.remove() }
        let result = try await RunningProcess.run(Python.path, [TLToolPaths.generator, "--out", dir.path])
        #expect(result.succeeded, "\(result)")
        let fresh = try FileManager.default.contentsOfDirectory(atPath: dir.path).sorted()
        let committed = try FileManager.default.contentsOfDirectory(atPath: TLToolPaths.generated).sorted()
        #expect(fresh == committed)
        for name in fresh {
            let made = try String(contentsOfFile: dir.sub(name), encoding: .utf8)
            let there = (try? String(contentsOfFile: TLToolPaths.generated + "/" + name, encoding: .utf8)) ?? ""
            let same = made == there
            #expect(same, "Generated/\(name) differs from the generator's output: run Tools/tl-gen/generate.py")
        }
    }

    @Test func layerAndNames() async throws {
        try await onOwnThread { () throws -> Void in
            #expect(Api.layer == 214)
            #expect(constructorName(0xc4f9_186b) == "help.getConfig")
            #expect(constructorName(0xda9b_0d0d) == "invokeWithLayer")
            #expect(constructorName(0x0516_2463) == "resPQ")
            #expect(constructorName(0xdead_beef) == nil)
            #expect(Api.functions.help.GetConfig().name == "help.getConfig")
        }
    }

    @Test func knownBytes() async throws {
        try await onOwnThread { () throws -> Void in
            // req_pq_multi#be7e8ef1 nonce:int128
            var writer = TLWriter()
            MTProto.functions.ReqPqMulti(nonce: TLInt128(bytes: Array(1...16))).serialize(to: &writer)
            #expect(writer.bytes == [0xf1, 0x8e, 0x7e, 0xbe] + Array(1...16))
            // invokeWithLayer(214, initConnection(flags 0, …, help.getConfig))
            writer = TLWriter()
            Api.functions.InvokeWithLayer(layer: 214, query: Api.functions.InitConnection(
                apiId: 1, deviceModel: "d", systemVersion: "s", appVersion: "a", systemLangCode: "en",
                langPack: "", langCode: "en", query: Api.functions.help.GetConfig())).serialize(to: &writer)
            var expected = TLWriter()
            expected.writeUInt32(0xda9b_0d0d)
            expected.writeInt32(214)
            expected.writeUInt32(0xc1cd_5ea9)
            expected.writeUInt32(0)
            expected.writeInt32(1)
            for text in ["d", "s", "a", "en", "", "en"] { expected.writeString(text) }
            expected.writeUInt32(0xc4f9_186b)
            #expect(writer.bytes == expected.bytes)
        }
    }

    @Test func flagsAreComputedFromOptionals() async throws {
        try await onOwnThread { () throws -> Void in
            let state = Api.NearestDc.nearestDc(country: "NL", thisDc: 2, nearestDc: 4)
            var writer = TLWriter()
            state.serialize(to: &writer)
            var reader = TLReader(writer.bytes)
            #expect(try Api.NearestDc.parse(from: &reader) == state)

            let proxy = Api.InputClientProxy.inputClientProxy(address: "proxy.example", port: 443)
            let call = Api.functions.InitConnection(apiId: 7, deviceModel: "", systemVersion: "", appVersion: "",
                                                    systemLangCode: "", langPack: "", langCode: "", proxy: proxy,
                                                    params: nil, query: Api.functions.updates.GetState())
            writer = TLWriter()
            call.serialize(to: &writer)
            // flags right after the id: bit 0 (proxy) set, bit 1 (params) not.
            #expect(Array(writer.bytes[4..<8]) == [1, 0, 0, 0])
        }
    }

    @Test func unknownConstructorIsAnError() async throws {
        try await onOwnThread { () throws -> Void in
            var reader = TLReader([0xef, 0xbe, 0xad, 0xde, 0, 0, 0, 0])
            #expect(throws: TLError.unknownConstructor(0xdead_beef, expected: "Config")) { try Api.Config.parse(from: &reader) }
            reader = TLReader([0xef, 0xbe, 0xad, 0xde])
            #expect(throws: TLError.self) { try parseAnyObject(from: &reader) }
        }
    }

    @Test func unknownFlagBitsAreRefused() async throws {
        try await onOwnThread { () throws -> Void in
            var writer = TLWriter()
            Api.JSONValue.jsonNull.serialize(to: &writer)
            // inputClientProxy has no flags; Config does: flags with bit 31 set.
            writer = TLWriter()
            writer.writeUInt32(0xcc1a_241e)
            writer.writeUInt32(1 << 31)
            writer.writeRaw([UInt8](repeating: 0, count: 200))
            var reader = TLReader(writer.bytes)
            #expect(throws: TLError.unknownFlags(constructor: "config", bits: 1 << 31)) { try Api.Config.parse(from: &reader) }
        }
    }

    /// JSONValue nests itself: a hostile depth is refused, not a stack overflow.
    @Test func deepNestingIsRefused() async throws {
        try await onOwnThread { () throws -> Void in
            var value = Api.JSONValue.jsonNull
            for _ in 0..<10_000 { value = .jsonArray(value: [value]) }
            var writer = TLWriter()
            value.serialize(to: &writer)
            var reader = TLReader(writer.bytes)
            #expect(throws: TLError.nestingTooDeep) { try Api.JSONValue.parse(from: &reader) }
            var shallow = Api.JSONValue.jsonNull
            for _ in 0..<(TLReader.maximumDepth - 1) { shallow = .jsonArray(value: [shallow]) }
            writer = TLWriter()
            shallow.serialize(to: &writer)
            reader = TLReader(writer.bytes)
            #expect(try Api.JSONValue.parse(from: &reader) == shallow)
        }
    }

    /// A generated parse of every cut of a real object is an error, never a crash.
    @Test func truncatedObjectsAreErrors() async throws {
        try await onOwnThread { () throws -> Void in
            for line in try OracleRun.shared.objects().prefix(400) {
                for cut in stride(from: 0, to: line.bytes.count, by: max(1, line.bytes.count / 64)) {
                    var reader = TLReader(line.bytes[0..<cut])
                    #expect(throws: TLError.self) { try parseAnyObject(from: &reader) }
                }
            }
        }
    }
}
