import Container
import Cryptography

/// `widget-data` on disk: Telegram's WidgetData JSON, sealed (magic "TGWD") under a key derived
/// from the device key for the widget alone. Written by main, atomically; read by the widget's
/// timeline, which never opens a database.
public struct WidgetDataFile {
    public static let sizeLimit = 1 << 20
    static let context = "widget-data"

    private let sealed: SealedJSON
    public let path: String

    public init(layout: ContainerLayout, deviceKey: DeviceKey) {
        sealed = SealedJSON(deviceKey: deviceKey, purpose: "widget-data", magic: "TGWD")
        path = layout.widgetDataPath
    }

    public func write(_ data: WidgetData) throws {
        try AtomicFile.write(try sealed.encode(data, context: WidgetDataFile.context), to: path)
    }

    /// nil when main has not written it yet; throws when it is unreadable, corrupt or foreign.
    public func read() throws -> WidgetData? {
        guard let bytes = try FileSystem.readFileIfExists(path, limit: WidgetDataFile.sizeLimit) else { return nil }
        return try parse(bytes)
    }

    /// The file's bytes opened and decoded as `read` does (the fuzzing harness feeds this directly).
    public func parse(_ bytes: [UInt8]) throws -> WidgetData {
        try sealed.decode(WidgetData.self, from: bytes, context: WidgetDataFile.context)
    }
}
