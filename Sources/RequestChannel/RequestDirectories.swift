import Container

/// `requests/` in the container: a request is a directory `<id>/` holding the sealed `request`
/// file and its attachments. It is built in `staging/` and renamed into `pending/` in one step,
/// so main never sees half a request. main claims it into `applying/` (or, an operation, into
/// `claimed/`) before it acts, answers in `acks/<id>`, moves what it refuses to
/// `rejected/<id>/` with its `reason` file written before the move, and deletes what it finished
/// only after renaming it into `removing/`.
public struct RequestDirectories: Sendable {
    public let root: String

    public init(layout: ContainerLayout) { root = layout.requestsPath }

    public var staging: String { root + "/staging" }
    public var pending: String { root + "/pending" }
    public var acks: String { root + "/acks" }
    public var rejected: String { root + "/rejected" }
    /// Handed-over commands main has claimed (renamed out of `pending/`) and is running.
    public var claimed: String { root + "/claimed" }
    /// Requests main has claimed (renamed out of `pending/`, so their extension can no longer
    /// withdraw them) and is applying; what a crash leaves here is applied first at the next drain.
    public var applying: String { root + "/applying" }
    /// Finished requests are renamed here out of `pending/` (or `claimed/`) in one step and only
    /// then deleted: a crash mid-delete leaves a half-removed directory here, never in `pending/`
    /// where the next drain would take it for a malformed request. Emptied at every drain.
    public var removing: String { root + "/removing" }

    public func pendingRequest(_ id: String) -> String { pending + "/" + id }
    public func claimedRequest(_ id: String) -> String { claimed + "/" + id }
    public func applyingRequest(_ id: String) -> String { applying + "/" + id }
    /// A background command's progress (BackgroundProgress as JSON, byte counts only), written by
    /// main beside the claimed request and read by the process that handed the command over.
    public func claimedProgress(_ id: String) -> String { claimedRequest(id) + "/progress" }
    public func ack(_ id: String) -> String { acks + "/" + id }
    public static let requestFileName = "request"

    public func createAll() throws {
        for path in [staging, pending, acks, rejected, claimed, applying, removing] { try FileSystem.createDirectory(path) }
    }

    /// Ids are `<16 hex: milliseconds since 1970><16 hex: random>`: sorting names sorts by time,
    /// and a name that is not one is not a request.
    public static func isRequestId(_ name: String) -> Bool {
        name.utf8.count == 32 && name.utf8.allSatisfy { ($0 >= 48 && $0 <= 57) || ($0 >= 97 && $0 <= 102) }
    }

    public static func newId(nowMilliseconds: Int64, random: UInt64 = .random(in: 0 ... .max)) -> String {
        func hex16(_ value: UInt64) -> String {
            let digits = String(value, radix: 16)
            return String(repeating: "0", count: 16 - digits.count) + digits
        }
        return hex16(UInt64(max(0, nowMilliseconds))) + hex16(random)
    }
}
