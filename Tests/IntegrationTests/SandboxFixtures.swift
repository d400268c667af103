import Foundation
import TestSupport

/// What many cross-process tests start from: an account, a seeded store, the extensions' bootstrap.
extension Sandbox {
    /// `main login` with `--json`; returns the new account's id.
    @discardableResult
    func login(phone: String = "+15550100001", name: String = "Ada Lovelace") async throws -> Int64 {
        let result = try await runOK(Executables.main, ["login", "--phone", phone, "--name", name, "--json"])
        let json = try result.json()
        guard let idString = json["accountId"] as? String, let id = Int64(idString) else {
            throw HarnessError("login --json has no string accountId: \(result)")
        }
        return id
    }

    /// `main seed --json`.
    @discardableResult
    func seed(peers: Int, messages: Int, seed: Int? = nil, timeout: Double = 120) async throws -> [String: Any] {
        var args = ["seed", "--peers", "\(peers)", "--messages", "\(messages)", "--json"]
        if let seed { args += ["--seed", "\(seed)"] }
        return try await runOK(Executables.main, args, timeout: timeout).json()
    }

    /// `<ext> bootstrap --json` for one extension, requiring exit 0.
    func bootstrap(_ ext: String, env: [String: String] = [:]) async throws -> [String: Any] {
        try await runOK(ext, ["bootstrap", "--json"], env: env).json()
    }

    /// All five extensions' bootstrap at once; results by extension name, every one required to exit 0.
    func bootstrapAll() async throws -> [(String, ProcessResult, [String: Any])] {
        let results = try await runConcurrently(Executables.extensionNames.map { ($0, ["bootstrap", "--json"]) })
        return try zip(Executables.extensionNames, results).map { name, result in
            guard result.succeeded else { throw HarnessError("\(name) bootstrap failed: \(result)") }
            return (name, result, try result.json())
        }
    }
}
