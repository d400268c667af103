/// A boxed TL value: its constructor id, then its fields. Every generated type conforms.
public protocol TLObject: Sendable {
    /// Writes the constructor id and the fields.
    func serialize(to writer: inout TLWriter)
    /// Reads a constructor id of this type and its fields.
    static func parse(from reader: inout TLReader) throws(TLError) -> Self
}

/// A TL function (an RPC): its serialized call, and how its answer is read.
public protocol TLFunction: Sendable {
    associatedtype Result: Sendable
    /// The schema's name, "help.getConfig": for logs and errors.
    var name: String { get }
    /// Writes the function's constructor id and its arguments.
    func serialize(to writer: inout TLWriter)
    /// Reads the answer (rpc_result's body, unwrapped from gzip_packed).
    static func parseResult(from reader: inout TLReader) throws(TLError) -> Result
}

/// TL's well-known constructor ids that are not types of their own.
public enum TLConstructor {
    public static let vector: UInt32 = 0x1cb5_c415
    public static let boolTrue: UInt32 = 0x9972_75b5
    public static let boolFalse: UInt32 = 0xbc79_9737
    public static let gzipPacked: UInt32 = 0x3072_cfa1
}
