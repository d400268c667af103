import TelegramApi
import TLSerialization

/// The account carried to another datacenter, as MTProtoKit's MTDatacenterTransferAuthAction
/// does: a datacenter's own key knows no account until the main one exports the authorization
/// for it (auth.exportAuthorization) and that key imports it (auth.importAuthorization). Done once
/// a run for each datacenter a request for the account goes to (a file that lives there), and
/// again when that datacenter answers 401.
extension MTProtoClient {
    /// Whether `function` acts for the account (not the login's auth.* or help.*, which any key may ask).
    static func needsAccount<F: TLFunction>(_ function: F) -> Bool {
        !function.name.hasPrefix("auth.") && !function.name.hasPrefix("help.")
    }

    func carryAuthorization(to datacenter: Int32, timeout: Double?) throws {
        if lock.withLock({ authorized.contains(datacenter) }) { return }
        try transfers.withLock {
            if lock.withLock({ authorized.contains(datacenter) }) { return }
            let main = mainDatacenter
            guard case .exportedAuthorization(let id, let bytes) = try send(Api.functions.auth.ExportAuthorization(dcId: datacenter), to: main,
                                                                            timeout: timeout, cancellation: nil) else { return }
            _ = try send(Api.functions.auth.ImportAuthorization(id: id, bytes: bytes), to: datacenter, timeout: timeout, cancellation: nil)
            lock.withLock { _ = authorized.insert(datacenter) }
        }
    }
}
