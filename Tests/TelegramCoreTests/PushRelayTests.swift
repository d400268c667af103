import Foundation
@testable import TelegramCore
import Testing

/// TELEGRAM_PUSH_RELAY and the relay's answers: a loopback HOST:PORT or nothing, and an answer
/// that is not the relay's HTTP is an error, never a token.
@Suite("The push relay's address and answers")
struct PushRelayTests {
    @Test("Loopback addresses are taken, with or without http:// and a trailing slash")
    func loopbackAddresses() throws {
        for (value, host, port) in [("127.0.0.1:4000", "127.0.0.1", 4000), ("http://127.0.0.1:4001/", "127.0.0.1", 4001),
                                    ("localhost:4002", "localhost", 4002), ("[::1]:4003", "::1", 4003)] {
            let relay = try #require(try PushRelay.from(environment: [PushRelay.environmentVariable: value]))
            #expect(relay.host == host && relay.port == UInt16(port), "\(value)")
        }
        #expect(try PushRelay.from(environment: [:]) == nil)
        #expect(try PushRelay.from(environment: [PushRelay.environmentVariable: ""]) == nil)
    }

    @Test("Anything else is refused with the variable's name", arguments: ["example.org:443", "10.0.0.1:80", "127.0.0.1", "127.0.0.1:0",
                                                                          "127.0.0.1:99999", "127.0.0.1:port", ":80", "127.0.0.1:-1"])
    func otherAddressesAreRefused(_ value: String) {
        #expect {
            try PushRelay.from(environment: [PushRelay.environmentVariable: value])
        } throws: { error in
            "\(error)".contains(PushRelay.environmentVariable)
        }
    }

    @Test("An HTTP answer gives its status and body; anything else is refused")
    func answers() throws {
        let (status, body) = try PushRelay.parse(Array("HTTP/1.0 200 OK\r\nServer: x\r\n\r\n{\"token\":1}".utf8))
        #expect(status == 200 && body == Array("{\"token\":1}".utf8))
        #expect(try PushRelay.parse(Array("HTTP/1.1 410 Gone\r\n\r\n".utf8)).status == 410)
        for bad in ["", "HTTP/1.0 200 OK", "SSH-2.0-OpenSSH\r\n\r\n", "HTTP/2 200\r\n\r\n", "HTTP/1.0 abc\r\n\r\n"] {
            #expect(throws: PushRelay.Failure.self, "\(bad)") { try PushRelay.parse(Array(bad.utf8)) }
        }
        #expect(throws: PushRelay.Failure.self) { try PushRelay.parse([0xff, 0xfe, 13, 10, 13, 10]) }
    }

    @Test("No relay listening: the registration fails at once with where it looked")
    func nothingListening() throws {
        let relay = PushRelay(host: "127.0.0.1", port: 1)
        #expect {
            try relay.token(container: "/tmp/x", timeout: 2)
        } throws: { error in
            "\(error)".contains("127.0.0.1:1")
        }
    }
}
