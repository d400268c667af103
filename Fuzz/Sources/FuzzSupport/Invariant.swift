/// A property every input must keep. A violation crashes on purpose: libFuzzer then saves the
/// input as a crash artifact, and the message (on stderr) says which property broke.
public func invariant(_ condition: @autoclosure () -> Bool, _ message: @autoclosure () -> String,
                      file: StaticString = #fileID, line: UInt = #line) {
    if !condition() { violated(message(), file: file, line: line) }
}

public func violated(_ message: String, file: StaticString = #fileID, line: UInt = #line) -> Never {
    fatalError("fuzz invariant violated: \(message)", file: file, line: line)
}
