import Drawing
import Formats

/// Where processes draw: loads Drawing's libraries on first use (Cairo, FreeType, fontconfig;
/// a process that never draws never maps them), then draws the request with the Drawing module
/// linked into this executable.
///
/// Drawing's Swift code is linked in, not loaded as a plugin: the executables link the Swift
/// runtime statically, and a Swift plugin would bring a second runtime into the process. Only its
/// C libraries load late (Sources/CCairo/DrawingLibraries.c).
public enum DrawingLibrary {
    public struct Failure: Error, CustomStringConvertible {
        public let description: String
    }

    /// Renders one request to PNG bytes (raw RGBA for `.avatarPixels` and `.photoPixels`).
    public static func render(_ request: DrawingRequest) throws -> [UInt8] {
        do {
            try DrawingLibraries.load()
            return try RequestRenderer.render(request)
        } catch let error as DrawingError {
            throw Failure(description: error.message)
        }
    }
}
