import Foundation
import TestSupport
import Testing

/// `main network check`, the real executable, against the test server: the JSON a script reads,
/// and clear errors with exit 1 (or the parser's 64) for what a person gets wrong.
@Suite("main network check", .serialized)
struct NetworkCheckCommandTests {
    @Test func connectsAndReportsAsJSON() async throws {
        try Executables.requireBuilt([Executables.main])
        let server = try TestServer.start()
        defer { server.stop() }
        let result = try await RunningProcess.run(Executables.path(Executables.main), [
            "network", "check", "--server", server.address, "--public-key", TestServer.publicKeyPath,
            "--transport", "obfuscated-padded", "--pings", "3", "--json"], timeout: 60)
        #expect(result.exitCode == 0, "\(result)")
        let report = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any], "\(result)")
        #expect(report["authKeyCreated"] as? Bool == true)
        #expect(report["configThisDc"] as? Int == 2)
        #expect(report["layer"] as? Int == 214)
        #expect((report["pingMilliseconds"] as? [Double])?.count == 3)
        let keyId = try #require(report["authKeyId"] as? String)
        #expect(server.stderrText.contains("auth key \(String(repeating: "0", count: 16 - keyId.count) + keyId) created"), "\(server.stderrText)")
        #expect(result.stderr.isEmpty, "routine logging reached stderr: \(result.stderr)")
    }

    @Test("Bad input: a clear error naming what is wrong, and a non-zero exit", arguments: [
        (["--server", "localhost"], "HOST:PORT", Int32(64)),
        (["--server", "127.0.0.1:70000", "--public-key", "x"], "HOST:PORT", Int32(64)),
        (["--server", "127.0.0.1:1"], "--public-key", Int32(64)),
        (["--server", "127.0.0.1:1", "--public-key", "/nonexistent.pem"], "cannot read the public key file /nonexistent.pem", Int32(1)),
        (["--server", "127.0.0.1:1", "--public-key", TestServer.directory + "/keys/test-server.pem"], "not a public key", Int32(1)),
        (["--server", "127.0.0.1:1", "--public-key", TestServer.publicKeyPath, "--timeout", "2"], "refused", Int32(1)),
        (["--pings", "-1"], "--pings", Int32(64)),
    ])
    func badInput(_ arguments: [String], _ message: String, _ status: Int32) async throws {
        try Executables.requireBuilt([Executables.main])
        let result = try await RunningProcess.run(Executables.path(Executables.main), ["network", "check"] + arguments, timeout: 30)
        #expect(result.exitCode == status, "\(result)")
        #expect(result.stderr.contains(message), "\(result)")
        #expect(result.stdout.isEmpty)
    }
}
