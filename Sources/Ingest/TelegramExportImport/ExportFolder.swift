import Container
import TelegramExport
#if canImport(Glibc)
import Glibc
#endif

/// An export on disk: the folder Telegram Desktop wrote and its `result.json`. Media paths in the
/// JSON are relative to the folder; one that leads outside it — an absolute path, `..`, or a
/// symbolic link pointing out — is refused, so an export cannot make main copy other files.
public struct ExportFolder {
    let root: String
    let resultPath: String

    /// `path` is the folder or its JSON file.
    public init(_ path: String) throws {
        guard let resolved = Self.realPath(path) else {
            throw TelegramExportError(offset: nil, "no export at \(path) (give the export's folder or its result.json)")
        }
        if FileSystem.isDirectory(resolved) {
            root = resolved
            resultPath = resolved + "/result.json"
            guard FileSystem.isRegularFile(resultPath) else {
                throw TelegramExportError(offset: nil, "\(path) has no result.json: export in JSON format (Settings → Advanced → Export Telegram data → Format: JSON)")
            }
        } else {
            guard FileSystem.isRegularFile(resolved) else { throw TelegramExportError(offset: nil, "\(path) is not a regular file") }
            resultPath = resolved
            root = FileSystem.parentPath(resolved)
        }
    }

    /// Where a file the export names is: its real path inside the folder, or missing (moved or
    /// deleted since the export, or not a regular file) — never fatal. A path that leads out of
    /// the folder is an error: an export cannot make main read other files.
    enum Lookup: Equatable {
        case found(String)
        case missing
    }

    func lookup(_ relative: String) throws -> Lookup {
        guard !relative.hasPrefix("/"), !relative.contains("\0") else {
            throw TelegramExportError(offset: nil, "the path \"\(relative.prefix(80))\" leaves the export folder")
        }
        guard !relative.split(separator: "/").contains("..") else {
            throw TelegramExportError(offset: nil, "the path \"\(relative.prefix(80))\" leaves the export folder")
        }
        guard let resolved = Self.realPath(root + "/" + relative) else { return .missing }
        guard resolved.hasPrefix(root == "/" ? "/" : root + "/") else {
            throw TelegramExportError(offset: nil, "the path \"\(relative.prefix(80))\" leaves the export folder through a symbolic link")
        }
        return FileSystem.isRegularFile(resolved) ? .found(resolved) : .missing
    }

    static func realPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }
}
