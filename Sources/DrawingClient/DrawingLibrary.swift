import Container
import Formats
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// Draws through libTelegramDrawing.so, loaded on first use from beside the executable. A process
/// that never draws never maps Cairo and its dependencies; one that draws pays for them once.
public enum DrawingLibrary {
    public static let fileName = "libTelegramDrawing.so"
    static let abiVersion: Int32 = 1

    public struct Failure: Error, CustomStringConvertible {
        public let description: String
    }

    private typealias Render = @convention(c) (UnsafePointer<UInt8>?, Int, UnsafeMutablePointer<UnsafeMutablePointer<UInt8>?>?,
                                              UnsafeMutablePointer<Int>?) -> Int32
    private typealias Free = @convention(c) (UnsafeMutablePointer<UInt8>?) -> Void
    private typealias Version = @convention(c) () -> Int32

    private struct Entry: @unchecked Sendable {
        let render: Render
        let free: Free
    }

    private static let loaded = Mutex<Result<Entry, Failure>?>(nil)

    /// Renders one request to PNG bytes.
    public static func render(_ request: DrawingRequest) throws -> [UInt8] {
        let entry = try load()
        let bytes = try request.encoded()
        var out: UnsafeMutablePointer<UInt8>?
        var length = 0
        let status = bytes.withUnsafeBufferPointer { entry.render($0.baseAddress, $0.count, &out, &length) }
        defer { entry.free(out) }
        let result = out.map { Array(UnsafeBufferPointer(start: $0, count: length)) } ?? []
        guard status == 0 else { throw Failure(description: String(decoding: result, as: UTF8.self)) }
        return result
    }

    /// The library's path: TELEGRAM_DRAWING_LIBRARY when set, else beside the running executable.
    public static func path() -> String {
        if let override = getenv("TELEGRAM_DRAWING_LIBRARY").map({ String(cString: $0) }), !override.isEmpty { return override }
        var buffer = [CChar](repeating: 0, count: 4096)
        let n = readlink("/proc/self/exe", &buffer, buffer.count - 1)
        let exe = n > 0 ? String(decoding: buffer[0..<n].map { UInt8(bitPattern: $0) }, as: UTF8.self) : ""
        return FileSystem.parentPath(exe) + "/" + fileName
    }

    private static func load() throws -> Entry {
        try loaded.withLock { state -> Result<Entry, Failure> in
            if let state { return state }
            let result = open(path())
            state = result
            return result
        }.get()
    }

    private static func open(_ path: String) -> Result<Entry, Failure> {
        guard let handle = dlopen(path, RTLD_NOW | RTLD_LOCAL) else {
            let reason = dlerror().map { String(cString: $0) } ?? "unknown error"
            return .failure(Failure(description: "cannot load the drawing library \(path): \(reason)"))
        }
        guard let versionSymbol = dlsym(handle, "tg_drawing_abi_version"),
              let renderSymbol = dlsym(handle, "tg_drawing_render"),
              let freeSymbol = dlsym(handle, "tg_drawing_free") else {
            return .failure(Failure(description: "\(path) is not the drawing library (missing entry points)"))
        }
        let version = unsafeBitCast(versionSymbol, to: Version.self)()
        guard version == abiVersion else {
            return .failure(Failure(description: "\(path) speaks drawing ABI \(version), this program \(abiVersion)"))
        }
        // The library stays loaded for the life of the process (never dlclose'd).
        return .success(Entry(render: unsafeBitCast(renderSymbol, to: Render.self), free: unsafeBitCast(freeSymbol, to: Free.self)))
    }
}
