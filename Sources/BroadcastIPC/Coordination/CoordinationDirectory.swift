#if canImport(Glibc)
import Glibc
#endif
import FoundationEssentials
import Container
import Formats

/// One broadcast coordination directory (`telegram-data/broadcast-coordination` or
/// `embedded-broadcast-coordination`): typed, atomic writes and tolerant reads of its files.
public struct CoordinationDirectory: Sendable {
    public let path: String

    /// The files are a few dozen bytes; anything larger is not ours.
    static let readLimit = 1 << 20

    public init(path: String) { self.path = path }

    /// Creates the directory (0700, with parents).
    public func create() throws { try FileSystem.createDirectory(path) }

    public func file(_ name: String) -> String { path + "/" + name }
    public func frameDataPath(id: UInt32) -> String { file(BroadcastFileNames.frameData(id: id)) }
    public func audioPath(id: UInt32) -> String { file(BroadcastFileNames.audio(id: id)) }
    public var callStatisticsPath: String { file(BroadcastFileNames.callStatistics) }

    // MARK: Telegram's files

    public func readPayloadDescription() -> CoordinationRead<PayloadDescription> { read(BroadcastFileNames.payloadDescription) }
    public func writePayloadDescription(_ value: PayloadDescription) throws { try write(value, BroadcastFileNames.payloadDescription) }

    public func readKeepalive() -> CoordinationRead<KeepaliveInfo> { read(BroadcastFileNames.keepaliveInfo) }
    public func writeKeepalive(_ value: KeepaliveInfo) throws { try write(value, BroadcastFileNames.keepaliveInfo) }
    /// The extension deletes its keepalive when it stops, as Telegram's does on deinit.
    public func removeKeepalive() { unlink(file(BroadcastFileNames.keepaliveInfo)) }

    public func readCutoff() -> CoordinationRead<CutoffPayload> { read(BroadcastFileNames.cutoffPayload) }
    public func writeCutoff(_ value: CutoffPayload) throws { try write(value, BroadcastFileNames.cutoffPayload) }

    public func readJoinPayload() -> CoordinationRead<JoinPayload> { read(BroadcastFileNames.joinPayload) }
    public func writeJoinPayload(_ value: JoinPayload) throws { try write(value, BroadcastFileNames.joinPayload) }

    public func readJoinResponse() -> CoordinationRead<JoinResponsePayload> { read(BroadcastFileNames.joinResponsePayload) }
    public func writeJoinResponse(_ value: JoinResponsePayload) throws { try write(value, BroadcastFileNames.joinResponsePayload) }

    // MARK: Ours

    public func readCallStatistics() -> CoordinationRead<CallStatistics> { read(BroadcastFileNames.callStatistics) }
    public func writeCallStatistics(_ value: CallStatistics) throws { try write(value, BroadcastFileNames.callStatistics) }

    // MARK: Generic

    public func read<T: Decodable & Sendable>(_ name: String, as type: T.Type = T.self) -> CoordinationRead<T> {
        let bytes: [UInt8]
        do {
            guard let read = try FileSystem.readFileIfExists(file(name), limit: Self.readLimit) else { return .missing }
            bytes = read
        } catch {
            return .corrupt(reason: "\(error)")
        }
        return Self.decode(T.self, from: bytes, name: name)
    }

    /// The content of the file `name`, judged as `read` judges it (the fuzzing harness feeds this
    /// directly, so what it fuzzes is what the status machines read).
    public static func decode<T: Decodable & Sendable>(_ type: T.Type, from bytes: [UInt8], name: String) -> CoordinationRead<T> {
        do {
            return .valid(try StrictJSON.decode(T.self, from: bytes))
        } catch let error as DecodingError {
            return .corrupt(reason: "\(name): \(Self.describe(error))")
        } catch {
            return .corrupt(reason: "\(name): \(error)")
        }
    }

    public func write<T: Encodable>(_ value: T, _ name: String) throws {
        try JSONFile.write(value, to: file(name))
    }

    /// One line for a status display, not DecodingError's paragraph.
    static func describe(_ error: DecodingError) -> String {
        func key(_ path: [CodingKey]) -> String {
            path.isEmpty ? "top level" : "'" + path.map { $0.intValue.map(String.init) ?? $0.stringValue }.joined(separator: ".") + "'"
        }
        switch error {
        case .keyNotFound(let missing, let context): return "missing key \(key(context.codingPath + [missing]))"
        case .typeMismatch(_, let context): return "wrong type at \(key(context.codingPath))"
        case .valueNotFound(_, let context): return "null at \(key(context.codingPath))"
        case .dataCorrupted(let context):
            return context.codingPath.isEmpty ? "not valid JSON" : "invalid value at \(key(context.codingPath))"
        @unknown default: return "undecodable"
        }
    }
}
