import Cryptography

/// Keys the targets seal and open with. Fixed, so an input that reproduces a crash today
/// reproduces it tomorrow, and the committed seed corpora (sealed with these) stay valid.
public enum FixedKeys {
    /// The device key (`.tempkey`) of the container the sealed-file targets read.
    public static let deviceKey = DeviceKey(bytes: pattern(count: DeviceKey.size, seed: 1))
    /// Another device's key: nothing sealed under `deviceKey` may open with it.
    public static let otherDeviceKey = DeviceKey(bytes: pattern(count: DeviceKey.size, seed: 2))
    /// The account's notification secret the push targets decrypt with.
    public static let notificationSecret = pattern(count: NotificationPayloadCipher.secretSize, seed: 3)
    /// Another account's secret.
    public static let otherNotificationSecret = pattern(count: NotificationPayloadCipher.secretSize, seed: 4)

    /// Deterministic bytes that differ per seed (a splitmix-style sequence).
    public static func pattern(count: Int, seed: UInt64) -> [UInt8] {
        var state = seed &* 0x9E37_79B9_7F4A_7C15
        return (0..<count).map { _ in
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return UInt8(truncatingIfNeeded: z ^ (z >> 31))
        }
    }
}
