import Container
import Cryptography
import Foundation
import Storage

/// A Postbox in a temporary container: the account (Me), Ada (a contact), the group Engine Club
/// with `messages` messages a minute apart (even ones Ada's, incoming), and an older chat with Ada.
enum PostboxFixture {
    static let me = PeerId(namespace: .cloudUser, id: 1), ada = PeerId(namespace: .cloudUser, id: 2)
    static let group = PeerId(namespace: .cloudGroup, id: 3)

    static func withPostbox(messages: Int, _ body: (Postbox) throws -> Void) throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("tgai-\(UUID().uuidString.prefix(8))")
        defer { try? FileManager.default.removeItem(at: directory) }
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let postbox = try Postbox(layout: ContainerLayout(containerPath: directory.path), accountId: 1,
                                  deviceKey: DeviceKey(bytes: (0 ..< 48).map { UInt8($0) }), readOnly: false)
        try postbox.transaction { t in
            try t.setAccountPeerId(me)
            try t.updatePeer(Peer(id: me, firstName: "Me"))
            try t.updatePeer(Peer(id: ada, firstName: "Ada", lastName: "Lovelace", username: "ada", isContact: true))
            try t.updatePeer(Peer(id: group, title: "Engine Club"))
            var history: [Message] = []
            for id in 1 ... messages {
                let index = MessageIndex(id: MessageId(peerId: group, id: Int32(id)), timestamp: 1_700_000_000 + Int32(id) * 60)
                history.append(Message(index: index, authorId: id % 2 == 0 ? ada : me, text: "message \(id)", isIncoming: id % 2 == 0))
            }
            let older = MessageIndex(id: MessageId(peerId: ada, id: 1), timestamp: 1_600_000_000)
            history.append(Message(index: older, authorId: ada, text: "older chat", isIncoming: true))
            try t.addMessages(history)
        }
        try body(postbox)
    }
}
