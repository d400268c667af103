import Container
import FoundationEssentials
import MTProtoKit

/// Where this machine's pushes come from: a local push relay (Tools/push-relay), which is to the
/// app what APNs and iOS are to Telegram iOS. It hands out a device token for a container and,
/// for each push the server POSTs to that token, starts `notify-service` on the container. Named
/// by TELEGRAM_PUSH_RELAY ("127.0.0.1:PORT"); without it the app registers no device, as
/// Telegram's own servers cannot reach a machine's loopback.
public struct PushRelay: Sendable, Equatable {
    public static let environmentVariable = "TELEGRAM_PUSH_RELAY"
    /// Telegram's token type for a push endpoint URL ("Simple Push"): the server POSTs to the token.
    public static let tokenType: Int32 = 4
    /// The relay's answers are a line of JSON; anything longer is not the relay.
    static let answerLimit = 16 * 1024

    public struct Failure: Error, CustomStringConvertible, Equatable {
        public let description: String
    }

    public let host: String
    public let port: UInt16

    /// The relay TELEGRAM_PUSH_RELAY names, nil when it names none; an error for a value that is
    /// not a loopback HOST:PORT (a relay elsewhere would see every push's timing).
    public static func from(environment: [String: String]) throws(Failure) -> PushRelay? {
        guard let value = environment[environmentVariable], !value.isEmpty else { return nil }
        var text = Substring(value)
        if text.hasPrefix("http://") { text = text.dropFirst("http://".count) }
        while text.hasSuffix("/") { text = text.dropLast() }
        guard let colon = text.lastIndex(of: ":"), let port = UInt16(text[text.index(after: colon)...]), port > 0 else {
            throw Failure(description: "\(environmentVariable)=\(value): expected 127.0.0.1:PORT")
        }
        let host = String(text[..<colon])
        guard ["127.0.0.1", "localhost", "[::1]"].contains(host) else {
            throw Failure(description: "\(environmentVariable)=\(value): the push relay must be on this machine (127.0.0.1)")
        }
        return PushRelay(host: host == "[::1]" ? "::1" : host, port: port)
    }

    private struct Registration: Encodable {
        let version = 1
        let container: String
    }

    private struct Answer: Decodable {
        let version: Int?
        let token: String?
        let error: String?
    }

    /// The device token for `container` (an absolute path), asked of the relay.
    public func token(container: String, timeout: Double = 5) throws(Failure) -> String {
        let body: [UInt8]
        do {
            body = Array(try JSONEncoder().encode(Registration(container: container)))
        } catch {
            throw Failure(description: "cannot encode the registration: \(error)")
        }
        let (status, answerBody) = try post("/register", body: body, timeout: timeout)
        let answer = try? JSONDecoder().decode(Answer.self, from: Data(answerBody))
        guard status == 200, let answer, answer.version == 1, let token = answer.token, !token.isEmpty else {
            let reason = answer?.error ?? "HTTP \(status)"
            throw Failure(description: "the push relay at \(host):\(port) refused the registration: \(reason)")
        }
        return token
    }

    /// One HTTP/1.0 exchange: the relay answers and closes.
    private func post(_ path: String, body: [UInt8], timeout: Double) throws(Failure) -> (status: Int, body: [UInt8]) {
        var received: [UInt8] = []
        do {
            let socket = try TCPSocket.connect(host: host, port: port, timeout: timeout)
            defer { socket.close() }
            let head = "POST \(path) HTTP/1.0\r\nHost: \(host):\(port)\r\nContent-Type: application/json\r\nContent-Length: \(body.count)\r\n\r\n"
            try socket.send(Array(head.utf8) + body, timeout: timeout)
            let deadline = Clock.monotonicNanoseconds() + UInt64(timeout * 1e9)
            while received.count <= Self.answerLimit {
                guard Clock.monotonicNanoseconds() < deadline,
                      let chunk = try socket.receive(timeout: Double(deadline - Clock.monotonicNanoseconds()) / 1e9) else {
                    throw Failure(description: "the push relay at \(host):\(port) did not answer within \(timeout) s")
                }
                received += chunk
            }
            throw Failure(description: "the push relay's answer is over \(Self.answerLimit) bytes")
        } catch let error as Failure {
            throw error
        } catch TransportError.closedByPeer {
            // The whole answer is in.
        } catch {
            throw Failure(description: "cannot reach the push relay at \(host):\(port): \(error)")
        }
        return try Self.parse(received)
    }

    /// (status, body) of an HTTP/1.x answer.
    static func parse(_ answer: [UInt8]) throws(Failure) -> (status: Int, body: [UInt8]) {
        let separator: [UInt8] = Array("\r\n\r\n".utf8)
        guard let end = answer.indices.first(where: { answer[$0...].starts(with: separator) }),
              let head = String(validating: answer[..<end], as: UTF8.self) else {
            throw Failure(description: "the push relay's answer is not HTTP")
        }
        let statusLine = head.split(separator: "\r\n", maxSplits: 1).first ?? ""
        let words = statusLine.split(separator: " ")
        guard words.count >= 2, words[0].hasPrefix("HTTP/1."), let status = Int(words[1]) else {
            throw Failure(description: "the push relay's answer is not HTTP: \(statusLine.prefix(80))")
        }
        return (status, Array(answer[(end + separator.count)...]))
    }
}
