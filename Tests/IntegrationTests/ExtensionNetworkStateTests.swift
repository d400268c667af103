import Container
import Cryptography
import Foundation
import MTProtoKit
import Storage
import Testing
import TestSupport

/// Every extension links the network and reads, at bootstrap, what its account holds of it:
/// the datacenters it has an auth key with, from the sealed keychain table. No connection is
/// made. A record that does not read back whole counts as no key.
@Suite("Extensions read the account's network state at bootstrap")
struct ExtensionNetworkStateTests {
    @Test("No key, then a key with dc 2 (and a damaged one with dc 4): every extension reports dc 2 only", .timeLimit(.minutes(5)))
    func authKeysAtBootstrap() async throws {
        try await withSandbox("ext-network") { sandbox in
            let accountId = try await sandbox.login()
            for (name, _, json) in try await sandbox.bootstrapAll() {
                let network = try #require(json["network"] as? [String: Any], "\(name)")
                #expect(network["environment"] as? String == "production", "\(name)")
                #expect(network["mainDatacenter"] as? Int == 2, "\(name)")
                #expect(network["datacentersWithKeys"] as? [Int] == [], "\(name)")
            }
            // main is not running: this test is the writer, as main's login will be.
            let key = try #require(try DeviceKey.load(path: sandbox.layout.deviceKeyPath))
            let authKey = try #require(AuthKey(bytes: (0..<256).map { UInt8(truncatingIfNeeded: $0 &* 13 &+ 5) }))
            let record = DatacenterAuthInfo(authKey: authKey, serverSalt: 42, timeOffset: 0).encoded()
            do {
                let postbox = try Postbox(layout: sandbox.layout, accountId: accountId, deviceKey: key, readOnly: false)
                try postbox.transaction { t in
                    try t.setDatacenterAuthInfo(record, datacenter: 2)
                    try t.setDatacenterAuthInfo(Array(record.dropLast()), datacenter: 4)
                }
            }
            for (name, _, json) in try await sandbox.bootstrapAll() {
                let network = try #require(json["network"] as? [String: Any], "\(name)")
                #expect(network["datacentersWithKeys"] as? [Int] == [2], "\(name): \(network)")
            }
            let text = try await sandbox.runOK("widget", ["bootstrap"])
            #expect(text.stdout.contains("network:   offline account (no server); production, main dc 2, auth keys with dc 2"), "\(text)")
        }
    }
}
