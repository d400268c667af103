// The reference process for Scripts/bench: a FoundationEssentials program built the same way as
// the extensions, doing the least an extension command does (read the environment, print JSON).
import FoundationEssentials

let environment = ProcessInfo.processInfo.environment
let payload = ["hello": "world", "container": environment["APP_GROUP_CONTAINER"] ?? ""]
let data = try JSONEncoder().encode(payload)
print(String(decoding: data, as: UTF8.self))
