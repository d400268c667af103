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
        try drawing { try RequestRenderer.render(request) }
    }

    /// An avatar request (`.lettersAvatar`, `.photoAvatar`) drawn once, answered as its PNG and as
    /// the same picture scaled to a `pixelsSide` square of straight RGBA.
    public static func renderAvatar(_ request: DrawingRequest, pixelsSide: Int) throws -> (png: [UInt8], pixels: [UInt8]) {
        try drawing {
            let drawn = try RequestRenderer.renderAvatar(request, pixelsSide: pixelsSide)
            return (drawn.png, drawn.pixels)
        }
    }

    private static func drawing<T>(_ body: () throws -> T) throws -> T {
        do {
            try DrawingLibraries.load()
            return try body()
        } catch let error as DrawingError {
            throw Failure(description: error.message)
        }
    }
}
