import CYajl
#if canImport(Glibc)
import Glibc
#endif

/// A JSON document fed in chunks to yajl's push parser, its events handed to a handler as they
/// are read: the document is never held whole, only the chunk being parsed.
///
/// Telegram Desktop writes control characters other than \n, \r and \t as `\xHH`
/// (export_output_json.cpp, SerializeString), which no JSON parser accepts; each is fed as
/// `\u00HH` instead, and offsets are still counted in the file as written.
public final class JSONStream {
    private var handle: yajl_handle?
    private unowned let handler: JSONEventHandler
    /// The handler's error, kept while yajl unwinds after the callback returned 0.
    private var failure: Error?
    /// Where the segment yajl is parsing begins in the file.
    private var segmentStart = 0
    /// Bytes fed so far, as written in the file.
    public private(set) var bytesFed = 0
    /// A backslash ended the last chunk: the escape it begins is decided by the next byte.
    private var pendingBackslash = false
    /// Where the last event was read: yajl holds the token it is reading whole, however long, so
    /// the distance from here to what was fed bounds the memory a hostile file can make it take.
    private var lastEventOffset = 0
    /// The longest stretch without an event, checked at each chunk's end: far beyond any value
    /// Telegram writes (a message's text is at most 4,096 characters); yajl buffers at most this
    /// and one chunk.
    public static let longestValue = 16 << 20

    public init(handler: JSONEventHandler) {
        self.handler = handler
        let context = Unmanaged.passUnretained(self).toOpaque()
        handle = yajl_alloc(JSONStream.callbacks, nil, context)
    }

    deinit { if let handle { yajl_free(handle) } }

    /// Where the parser is in the file: just after the token being handled, inside a handler call.
    /// For yajl's own errors it is where yajl stopped, which for a token cut by a chunk's end is
    /// counted from the next chunk (a token's length at most past the fault; the fuzz target
    /// checks everything else agrees whatever the chunking).
    public var offset: Int { segmentStart + (handle.map { Int(yajl_get_bytes_consumed($0)) } ?? 0) }

    public func feed(_ buffer: UnsafeRawBufferPointer) throws {
        guard let base = buffer.baseAddress, buffer.count > 0 else { return }
        let count = buffer.count
        var runStart = 0
        var i = 0
        if pendingBackslash {
            pendingBackslash = false
            if buffer[0] == UInt8(ascii: "x") {
                try parse(Self.unicodePrefix, at: bytesFed)
                runStart = 1
            }
            i = 1
        }
        while i < count {
            guard let found = memchr(base + i, 0x5C, count - i) else { break }
            let j = UnsafeRawPointer(found) - base
            if j + 1 >= count {
                pendingBackslash = true
                break
            }
            if buffer[j + 1] == UInt8(ascii: "x") {
                try parse(UnsafeRawBufferPointer(rebasing: buffer[runStart...j]), at: bytesFed + runStart)
                try parse(Self.unicodePrefix, at: bytesFed + j + 1)
                runStart = j + 2
            }
            i = j + 2
        }
        try parse(UnsafeRawBufferPointer(rebasing: buffer[runStart..<count]), at: bytesFed + runStart)
        bytesFed += count
    }

    /// The end of the file: a document cut short is an error here.
    public func finish() throws {
        guard let handle else { return }
        segmentStart = bytesFed
        let status = yajl_complete_parse(handle)
        try check(status, at: bytesFed)
    }

    /// What `\x` becomes (after its backslash): allocated once, for the program's life, never written again.
    nonisolated(unsafe) private static let unicodePrefix: UnsafeRawBufferPointer = {
        let bytes = UnsafeMutableRawBufferPointer.allocate(byteCount: 3, alignment: 1)
        bytes.copyBytes(from: Array("u00".utf8))
        return UnsafeRawBufferPointer(bytes)
    }()

    private func parse(_ bytes: UnsafeRawBufferPointer, at start: Int) throws {
        guard let handle, let base = bytes.baseAddress, bytes.count > 0 else { return }
        segmentStart = start
        let status = yajl_parse(handle, base.assumingMemoryBound(to: UInt8.self), bytes.count)
        try check(status, at: offset)
        if start + bytes.count - lastEventOffset > Self.longestValue {
            throw TelegramExportError(offset: lastEventOffset,
                                      "a single JSON value runs on for more than \(Self.longestValue >> 20) MiB: not a Telegram export")
        }
    }

    private func check(_ status: yajl_status, at position: Int) throws {
        switch status {
        case yajl_status_ok:
            return
        case yajl_status_client_canceled:
            let error = failure ?? TelegramExportError(offset: position, "reading stopped")
            failure = nil
            throw error
        default:
            var message = "not valid JSON"
            if let handle, let text = yajl_get_error(handle, 0, nil, 0) {
                message = String(cString: text).replacingNewlines()
                yajl_free_error(handle, text)
            }
            throw TelegramExportError(offset: position, message)
        }
    }

    fileprivate func deliver(_ event: JSONEvent) -> Int32 {
        lastEventOffset = offset
        do {
            try handler.handle(event)
            return 1
        } catch {
            failure = error
            return 0
        }
    }

    fileprivate static func stream(_ context: UnsafeMutableRawPointer?) -> JSONStream {
        Unmanaged<JSONStream>.fromOpaque(context!).takeUnretainedValue()
    }

    fileprivate static func text(_ bytes: UnsafePointer<UInt8>?, _ count: Int) -> String {
        guard let bytes else { return "" }
        return String(decoding: UnsafeBufferPointer(start: bytes, count: count), as: UTF8.self)
    }

    /// yajl keeps the pointer it is given (not a copy): the table lives as long as the program.
    nonisolated(unsafe) private static let callbacks: UnsafeMutablePointer<yajl_callbacks> = {
        var c = yajl_callbacks()
        c.yajl_null = { stream($0).deliver(.null) }
        c.yajl_boolean = { stream($0).deliver(.bool($1 != 0)) }
        c.yajl_integer = { stream($0).deliver(.integer(Int64($1))) }
        c.yajl_double = { stream($0).deliver(.double($1)) }
        c.yajl_string = { stream($0).deliver(.string(text($1, $2))) }
        c.yajl_start_map = { stream($0).deliver(.startObject) }
        c.yajl_map_key = { stream($0).deliver(.key(text($1, $2))) }
        c.yajl_end_map = { stream($0).deliver(.endObject) }
        c.yajl_start_array = { stream($0).deliver(.startArray) }
        c.yajl_end_array = { stream($0).deliver(.endArray) }
        let table = UnsafeMutablePointer<yajl_callbacks>.allocate(capacity: 1)
        table.initialize(to: c)
        return table
    }()
}

private extension String {
    /// yajl's messages end in a newline; an error is one line.
    func replacingNewlines() -> String {
        String(split(whereSeparator: \.isNewline).joined(separator: " "))
    }
}
