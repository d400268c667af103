import Cryptography

/// The layout SealedJSON writes (magic ‖ version 1 ‖ AES-256-GCM under a key derived from the
/// device key for one purpose, additional data naming the file), so the content targets can seal
/// any bytes at all as JSON: what a process holding the device key (every process in the
/// container) could write.
public struct SealedFileForger {
    let magic: [UInt8]
    let sealer: ValueSealer
    let opener: ValueSealer

    public init(deviceKey: DeviceKey, purpose: String, magic: String) {
        self.magic = Array(magic.utf8)
        let key = KeyDerivation.key(for: purpose, from: deviceKey)
        sealer = ValueSealer(key: key)
        opener = ValueSealer(key: key)
    }

    public func seal(_ content: [UInt8], context: String) -> [UInt8] {
        magic + [1] + sealer.seal(content, additionalData: Array(context.utf8))
    }

    /// The content of a sealed file, or nil (not this magic and version, or does not authenticate).
    public func open(_ file: [UInt8], context: String) -> [UInt8]? {
        guard file.count > 5, Array(file[0..<4]) == magic, file[4] == 1 else { return nil }
        return try? opener.open(Array(file[5...]), additionalData: Array(context.utf8))
    }
}
