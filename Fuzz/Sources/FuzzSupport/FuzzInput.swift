/// The bytes libFuzzer hands a target, as the array every parser here takes.
public func fuzzBytes(_ start: UnsafeRawPointer, _ count: Int) -> [UInt8] {
    Array(UnsafeRawBufferPointer(start: start, count: count))
}

/// A short, printable description of an input for invariant messages (inputs can be binary).
public func describe(_ bytes: [UInt8], limit: Int = 120) -> String {
    var text = ""
    for byte in bytes.prefix(limit) {
        if byte >= 0x20 && byte < 0x7F && byte != 0x5C { text.unicodeScalars.append(Unicode.Scalar(byte)) }
        else { text += "\\x" + String(byte, radix: 16).leftPadded(to: 2) }
    }
    return bytes.count > limit ? text + "… (\(bytes.count) bytes)" : text
}

extension String {
    func leftPadded(to width: Int) -> String { String(repeating: "0", count: max(0, width - count)) + self }
}
