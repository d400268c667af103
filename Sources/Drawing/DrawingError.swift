internal import CCairo

/// Why drawing failed. Every Cairo, FreeType and file failure becomes one of these; the module never traps.
public struct DrawingError: Error, CustomStringConvertible, Equatable, Sendable {
    public enum Code: Sendable, Equatable {
        /// A size or index the caller passed is out of range.
        case invalidArgument
        /// The file does not exist or cannot be opened.
        case fileNotFound
        /// The bytes are not a PNG (or, for a photo, JPEG, WebP or GIF) image, or the image is corrupt.
        case notPNG
        /// The file is larger than the documented limit.
        case fileTooLarge
        /// The image's width or height is outside the documented range.
        case badDimensions
        /// No usable font file was found.
        case fontUnavailable
        /// Cairo reported an error status (out of memory, invalid state, write failure…).
        case cairo
        /// Cairo, FreeType or fontconfig could not be loaded (DrawingLibraries).
        case libraryUnavailable
    }

    public let code: Code
    public let message: String

    public init(_ code: Code, _ message: String) {
        self.code = code
        self.message = message
    }

    public var description: String { message }

    static func libraryUnavailable(_ reason: String) -> DrawingError {
        DrawingError(.libraryUnavailable, "drawing libraries: \(reason)")
    }

    static func cairo(_ status: cairo_status_t, _ operation: String) -> DrawingError {
        let reason = cairo_status_to_string(status).map { String(cString: $0) } ?? "status \(status.rawValue)"
        return DrawingError(.cairo, "cairo: \(operation): \(reason)")
    }
}
