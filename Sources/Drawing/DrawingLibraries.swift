internal import CCairo

/// Cairo, FreeType and fontconfig, loaded the first time something draws (Sources/CCairo's
/// DrawingLibraries.c says why they are not linked). Call `load()` before drawing: it turns a
/// missing or broken library into an error instead of the abort a drawing call would meet.
public enum DrawingLibraries {
    public static func load() throws {
        var message = [CChar](repeating: 0, count: 512)
        guard tg_drawing_libraries_load(&message, message.count) == 0 else {
            let text = String(decoding: message.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            throw DrawingError.libraryUnavailable(text)
        }
    }
}
