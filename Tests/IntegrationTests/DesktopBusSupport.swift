import Foundation
import Testing
import TestSupport

/// The "desktop" key of notify-service --json.
struct DesktopReport: Decodable {
    let outcome: String
    let id: UInt32?
    let replacedId: UInt32?
    let closedIds: [UInt32]
    let inlineReply: Bool
    let reason: String?
    let detail: String?
}

struct DeliverWithDesktop: Decodable {
    let desktop: DesktopReport
}

extension Sandbox {
    /// notify-service --json with the desktop's bus: the content and what became of it there.
    func deliverToDesktop(_ line: String, env: [String: String]) async throws -> (ProcessResult, NotifyContent, DesktopReport) {
        let result = try await run(NotifyService.executable, ["--json"], stdin: line, env: env, timeout: 60)
        let (_, content) = try Self.decodeDelivery(result)
        let desktop = try JSONDecoder().decode(DeliverWithDesktop.self, from: Data(result.stdout.utf8)).desktop
        return (result, content, desktop)
    }
}
