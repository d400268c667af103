import TLSerialization

/// A message outside any session, as the key exchange sends them: auth_key_id 0, message_id,
/// length, body (core.telegram.org/mtproto/description, "Unencrypted Message").
enum UnencryptedMessage {
    static func encode(messageId: Int64, body: [UInt8]) -> [UInt8] {
        var writer = TLWriter()
        writer.writeInt64(0)
        writer.writeInt64(messageId)
        writer.writeInt32(Int32(body.count))
        writer.writeRaw(body)
        return writer.bytes
    }

    /// The body of a packet that must be an unencrypted message.
    static func decode(_ packet: [UInt8]) throws(AuthKeyExchangeError) -> (messageId: Int64, body: [UInt8]) {
        var reader = TLReader(packet)
        do {
            let authKeyId = try reader.readInt64()
            guard authKeyId == 0 else { throw AuthKeyExchangeError.unexpectedAnswer("an encrypted message during the key exchange") }
            let messageId = try reader.readInt64()
            let length = try reader.readInt32()
            guard length >= 0, Int(length) == reader.remaining else {
                throw AuthKeyExchangeError.unexpectedAnswer("unencrypted message length \(length) with \(reader.remaining) bytes left")
            }
            // Server message ids are odd multiples of 2 (1 or 3 mod 4).
            guard messageId & 1 == 1 else { throw AuthKeyExchangeError.unexpectedAnswer("server message id \(messageId) is even") }
            return (messageId, try reader.readRaw(count: Int(length)))
        } catch let error as AuthKeyExchangeError {
            throw error
        } catch {
            throw AuthKeyExchangeError.malformed("\(error)")
        }
    }
}
