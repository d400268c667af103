import Bootstrap
import Cryptography
import Formats
import TelegramCore

/// From a push's payload bytes to verified plaintext: the account named by the key id (matched
/// against the key ids mirrored in atomic-state, so no other account's Postbox is opened), that
/// account's secret from its keychain, then Telegram's decryption.
struct PushDecryption {
    /// APNs caps a whole push at 4 KiB; a larger "p" is not one the server sent.
    static let payloadLimit = 4096

    let payload: [UInt8]

    init(envelope: PushEnvelope) throws(ServiceFailure) {
        do {
            payload = try envelope.payloadBytes()
        } catch {
            throw ServiceFailure(error.code, error.description)
        }
        guard payload.count <= PushDecryption.payloadLimit else {
            throw ServiceFailure("oversizedPayload", "the encrypted payload is \(payload.count) bytes, more than a push can carry (\(PushDecryption.payloadLimit))")
        }
        guard payload.count >= NotificationPayloadCipher.headerSize + AESIGE.blockSize else {
            throw ServiceFailure("truncated", "the encrypted payload is \(payload.count) bytes, shorter than a header and one block")
        }
    }

    /// The logged-in account whose mirrored key id the payload names.
    func account(in bootstrap: ExtensionBootstrap) throws(ServiceFailure) -> EngineAccountRecord {
        guard let keyId = NotificationPayloadCipher.keyId(ofPayload: payload),
              let record = bootstrap.accountManager.state.record(notificationKeyId: keyId) else {
            throw ServiceFailure("unknownKeyId", "no logged-in account has the payload's notification key id")
        }
        return record
    }

    /// Loads the secret and decrypts. The mirrored key id only chose the account; the secret
    /// itself must produce the same key id, or nothing is decrypted.
    func decrypt(with engine: TelegramEngine) throws(ServiceFailure) -> NotificationPayload {
        let secret: [UInt8]?
        do {
            secret = try engine.notifications.secret()
        } catch {
            throw ServiceFailure("postboxUnavailable", "\(error)")
        }
        guard let secret else { throw ServiceFailure("unknownKeyId", "the account has no notification secret") }
        let plaintext: [UInt8]
        do {
            plaintext = try NotificationPayloadCipher(secret: secret).decrypt(payload)
        } catch {
            throw ServiceFailure(error.code, error.description)
        }
        guard let decoded = NotificationPayload.decode(plaintext) else {
            throw ServiceFailure("payloadNotJSON", "the decrypted payload is not a JSON object")
        }
        return decoded
    }
}
