import Logging
import MTProtoKit
import Storage

/// Usernames the interface asked the server about (a link to a chat not stored here), looked up
/// on the updates listener's thread (its connection) and answered to the interface's next
/// refresh. Only what was asked is kept, by the name in lower case, as usernames are compared.
public final class ServerUsernameLookups: Sendable {
    public enum Outcome: Sendable, Equatable {
        case found(PeerId)
        case nobody
        case failed(String)
    }

    private let requests = ConnectionRequests<String, String, Outcome>()

    public init() {}

    /// Queues a name; false when it is already waiting.
    @discardableResult
    public func request(_ username: String) -> Bool {
        let name = username.lowercased()
        return requests.enqueue(name, name)
    }

    /// The answer for `username`, once (nil: still waiting). After `patience` seconds without
    /// one (no connection, a server that does not answer) it fails, and the name may be asked again.
    public func takeOutcome(_ username: String, patience: Double) -> Outcome? {
        requests.take(username.lowercased(), patience: patience, waitingOnly: false) {
            .failed("the server did not answer in \(Int(patience)) s")
        }
    }

    /// Looks up every waiting name with `client`; `changed` after each.
    func run(postbox: Postbox, client: MTProtoClient, timeout: Double, logger: Logger, changed: () -> Void) {
        requests.run({ name in
            do {
                return try UsernameResolver.resolve(name, postbox: postbox, client: client, timeout: timeout).map(Outcome.found) ?? .nobody
            } catch let error as UsernameResolver.Unsupported {
                return .failed(error.description)
            } catch {
                logger.warning("username not looked up", metadata: ["error": "\(error)"])
                return .failed("\(error)")
            }
        }, changed: changed)
    }
}
