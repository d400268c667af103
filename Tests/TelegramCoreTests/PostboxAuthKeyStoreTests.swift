import Container
import Cryptography
import Foundation
import MTProtoKit
import Storage
@testable import TelegramCore
import TestSupport
import Testing

/// The account's auth keys in its Postbox: kept per datacenter in the keychain table, sealed
/// (the file never holds the key's bytes in the clear), read back by a reopened Postbox, removed
/// when the server forgets them.
@Suite("Auth keys in the account's keychain")
struct PostboxAuthKeyStoreTests {
    @Test func keysAreKeptSealedPerDatacenterAndRemovable() throws {
        try withTemporaryDirectory("authkeys") { dir in
            let layout = ContainerLayout(containerPath: dir.path)
            let deviceKey = DeviceKey(bytes: (0..<48).map { UInt8($0) })
            let keyBytes = (0..<256).map { UInt8(truncatingIfNeeded: $0 &* 7 &+ 3) }
            let info = DatacenterAuthInfo(authKey: try #require(AuthKey(bytes: keyBytes)), serverSalt: 0x1122_3344, timeOffset: -3)
            do {
                let postbox = try Postbox(layout: layout, accountId: 7, deviceKey: deviceKey, readOnly: false)
                let store = PostboxAuthKeyStore(postbox: postbox)
                #expect(store.authInfo(datacenter: 2) == nil)
                store.setAuthInfo(info, datacenter: 2)
                #expect(store.authInfo(datacenter: 2) == info)
                #expect(store.authInfo(datacenter: 4) == nil)
            }
            // Reopened, read-only as an extension opens it: the key is there.
            let reader = try Postbox(layout: layout, accountId: 7, deviceKey: deviceKey, readOnly: true)
            #expect(PostboxAuthKeyStore(postbox: reader).authInfo(datacenter: 2) == info)
            // Sealed: no run of the key's bytes is in the database file or its WAL.
            for path in [layout.postboxDatabasePath(7), layout.postboxDatabasePath(7) + "-wal"] {
                guard let data = FileManager.default.contents(atPath: path) else { continue }
                #expect(Data(data).range(of: Data(keyBytes[0..<32])) == nil, "\(path) holds the key in the clear")
            }
            let writer = try Postbox(layout: layout, accountId: 7, deviceKey: deviceKey, readOnly: false)
            PostboxAuthKeyStore(postbox: writer).setAuthInfo(nil, datacenter: 2)
            #expect(PostboxAuthKeyStore(postbox: writer).authInfo(datacenter: 2) == nil)
        }
    }
}
