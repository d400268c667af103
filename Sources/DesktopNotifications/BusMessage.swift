internal import CDBus

/// One D-Bus message (a call, a reply, a signal), released with its last reference.
final class BusMessage {
    let raw: OpaquePointer

    init(adopting raw: OpaquePointer) { self.raw = raw }

    deinit { dbus_message_unref(raw) }

    static func methodCall(destination: String, path: String, interface: String, method: String) -> BusMessage {
        // Only NULL for an out-of-memory, which libdbus treats as fatal elsewhere anyway.
        BusMessage(adopting: dbus_message_new_method_call(destination, path, interface, method)!)
    }

    func appender() -> BusAppender { BusAppender(self) }
    func reader() -> BusReader { BusReader(self) }

    func isSignal(interface: String, member: String) -> Bool { dbus_message_is_signal(raw, interface, member) != 0 }
}

/// D-Bus type codes (the header's macros are casts, which Swift does not import).
enum BusType {
    static let byte = Int32(UInt8(ascii: "y"))
    static let boolean = Int32(UInt8(ascii: "b"))
    static let int32 = Int32(UInt8(ascii: "i"))
    static let uint32 = Int32(UInt8(ascii: "u"))
    static let string = Int32(UInt8(ascii: "s"))
    static let array = Int32(UInt8(ascii: "a"))
    static let variant = Int32(UInt8(ascii: "v"))
    static let structure = Int32(UInt8(ascii: "r"))
    static let dictEntry = Int32(UInt8(ascii: "e"))
}

/// Appends arguments to a message. The iterators live at fixed addresses: libdbus keeps pointers
/// between a container's open and close.
final class BusAppender {
    private let message: BusMessage
    private var stack: [UnsafeMutablePointer<DBusMessageIter>]

    init(_ message: BusMessage) {
        self.message = message
        let root = UnsafeMutablePointer<DBusMessageIter>.allocate(capacity: 1)
        root.initialize(to: DBusMessageIter())
        dbus_message_iter_init_append(message.raw, root)
        stack = [root]
    }

    deinit { for iter in stack { iter.deallocate() } }

    private var top: UnsafeMutablePointer<DBusMessageIter> { stack[stack.count - 1] }

    @discardableResult
    func append(string: String) -> Self {
        // libdbus refuses invalid UTF-8 and NUL inside a string; Swift strings are valid UTF-8,
        // and a NUL is dropped rather than ending the text early.
        let clean = string.contains("\0") ? string.split(separator: "\0").joined() : string
        clean.withCString { pointer in
            var value: UnsafePointer<CChar>? = pointer
            _ = dbus_message_iter_append_basic(top, BusType.string, &value)
        }
        return self
    }

    @discardableResult
    func append(uint32 value: UInt32) -> Self {
        var value = value
        _ = dbus_message_iter_append_basic(top, BusType.uint32, &value)
        return self
    }

    @discardableResult
    func append(int32 value: Int32) -> Self {
        var value = value
        _ = dbus_message_iter_append_basic(top, BusType.int32, &value)
        return self
    }

    @discardableResult
    func append(bool value: Bool) -> Self {
        var value: dbus_bool_t = value ? 1 : 0
        _ = dbus_message_iter_append_basic(top, BusType.boolean, &value)
        return self
    }

    @discardableResult
    func append(stringArray: [String]) -> Self {
        open(BusType.array, "s")
        for string in stringArray { append(string: string) }
        close()
        return self
    }

    @discardableResult
    func append(bytes: [UInt8]) -> Self {
        open(BusType.array, "y")
        bytes.withUnsafeBufferPointer { buffer in
            var base = buffer.baseAddress
            _ = dbus_message_iter_append_fixed_array(top, BusType.byte, &base, Int32(buffer.count))
        }
        close()
        return self
    }

    /// Opens a container (array, variant, struct, dict entry); `signature` is its element's.
    func open(_ type: Int32, _ signature: String?) {
        let sub = UnsafeMutablePointer<DBusMessageIter>.allocate(capacity: 1)
        sub.initialize(to: DBusMessageIter())
        _ = dbus_message_iter_open_container(top, type, signature, sub)
        stack.append(sub)
    }

    func close() {
        let sub = stack.removeLast()
        _ = dbus_message_iter_close_container(top, sub)
        sub.deallocate()
    }
}

/// Reads a message's arguments in order; each read returns nil when the next one is not that type.
final class BusReader {
    private let message: BusMessage
    private let iter: UnsafeMutablePointer<DBusMessageIter>
    private var hasNext: Bool

    init(_ message: BusMessage) {
        self.message = message
        iter = .allocate(capacity: 1)
        iter.initialize(to: DBusMessageIter())
        hasNext = dbus_message_iter_init(message.raw, iter) != 0
    }

    deinit { iter.deallocate() }

    private func basic<T>(_ type: Int32, _ initial: T) -> T? {
        guard hasNext, dbus_message_iter_get_arg_type(iter) == type else { return nil }
        var value = initial
        dbus_message_iter_get_basic(iter, &value)
        hasNext = dbus_message_iter_next(iter) != 0
        return value
    }

    func string() -> String? {
        basic(BusType.string, UnsafePointer<CChar>?.none).flatMap { $0.map { String(cString: $0) } }
    }

    func uint32() -> UInt32? { basic(BusType.uint32, UInt32(0)) }

    func bool() -> Bool? { basic(BusType.boolean, dbus_bool_t(0)).map { $0 != 0 } }

    func stringArray() -> [String]? {
        guard hasNext, dbus_message_iter_get_arg_type(iter) == BusType.array,
              dbus_message_iter_get_element_type(iter) == BusType.string else { return nil }
        let sub = UnsafeMutablePointer<DBusMessageIter>.allocate(capacity: 1)
        defer { sub.deallocate() }
        sub.initialize(to: DBusMessageIter())
        dbus_message_iter_recurse(iter, sub)
        var strings: [String] = []
        while dbus_message_iter_get_arg_type(sub) == BusType.string {
            var value: UnsafePointer<CChar>?
            dbus_message_iter_get_basic(sub, &value)
            if let value { strings.append(String(cString: value)) }
            _ = dbus_message_iter_next(sub)
        }
        hasNext = dbus_message_iter_next(iter) != 0
        return strings
    }
}
