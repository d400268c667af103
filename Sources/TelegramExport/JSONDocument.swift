/// A small JSON document held whole (an object tdesktop wrote inside a string), parsed into a value.
final class JSONDocument: JSONEventHandler {
    private var builder = JSONTreeBuilder()

    static func parse(_ text: String) throws -> JSONValue {
        let document = JSONDocument()
        let stream = JSONStream(handler: document)
        var bytes = Array(text.utf8)
        try bytes.withUnsafeMutableBytes { try stream.feed(UnsafeRawBufferPointer($0)) }
        try stream.finish()
        guard let value = document.builder.value else { throw TelegramExportError(offset: nil, "not a JSON value") }
        return value
    }

    func handle(_ event: JSONEvent) throws { try builder.add(event) }
}
