import Foundation
import TestSupport

/// Runs a Python snippet under the venv Scripts/setup makes (Telethon 1.40.0, cryptography, rsa,
/// pyaes): the independent implementation the crypto and transport tests check bytes against.
/// The snippet reads one JSON object from the file named by sys.argv[1] and prints one JSON object.
enum CryptoPythonOracle {
    /// The test server's fixed RSA key (Tools/mtproto-server): its private half decrypts RSA_PAD.
    static let serverPrivateKey = PackagePaths.testServer + "/keys/test-server.pem"
    static let serverPublicKey = PackagePaths.testServer + "/keys/test-server.pub.pem"

    static func run(_ script: String, input: [String: Any]) throws -> [String: Any] {
        let python = try PackagePaths.requireVenvPython()
        let dir = try TemporaryDirectory("mtproto-oracle")
        defer { dir.remove() }
        try JSONSerialization.data(withJSONObject: input).write(to: URL(fileURLWithPath: dir.sub("in.json")))
        let child = try ChildProcess(python, ["-c", script, dir.sub("in.json")], stdout: dir.sub("out"), stderr: dir.sub("err"))
        let end = child.waitUntilExit()
        let out = (try? String(contentsOfFile: dir.sub("out"), encoding: .utf8)) ?? ""
        guard end.exitCode == 0 else {
            let err = (try? String(contentsOfFile: dir.sub("err"), encoding: .utf8)) ?? ""
            throw HarnessError("python oracle failed (\(end)): \(err)\n\(out.prefix(2000))")
        }
        guard let object = try JSONSerialization.jsonObject(with: Data(out.utf8)) as? [String: Any] else {
            throw HarnessError("python oracle printed no JSON object: \(out.prefix(2000))")
        }
        return object
    }

    static func hex(_ object: [String: Any], _ key: String) throws -> [UInt8] {
        guard let text = object[key] as? String else { throw HarnessError("no \(key) in the oracle's answer") }
        return [UInt8](hex: text)
    }
}
