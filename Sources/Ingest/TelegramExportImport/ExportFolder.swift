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

    /// The real path of a file the export names, which must be a regular file inside the folder.
    func file(_ relative: String) throws -> String {
        guard !relative.hasPrefix("/"), !relative.contains("\0") else {
            throw TelegramExportError(offset: nil, "the path \"\(relative.prefix(80))\" leaves the export folder")
        }
        guard !relative.split(separator: "/").contains("..") else {
            throw TelegramExportError(offset: nil, "the path \"\(relative.prefix(80))\" leaves the export folder")
        }
        guard let resolved = Self.realPath(root + "/" + relative) else {
            throw TelegramExportError(offset: nil, "the file \"\(relative.prefix(80))\" is not in the export folder (a dangling path)")
        }
        guard resolved.hasPrefix(root == "/" ? "/" : root + "/") else {
            throw TelegramExportError(offset: nil, "the path \"\(relative.prefix(80))\" leaves the export folder through a symbolic link")
        }
        guard FileSystem.isRegularFile(resolved) else {
            throw TelegramExportError(offset: nil, "\"\(relative.prefix(80))\" is not a regular file")
        }
        return resolved
    }

    static func realPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }
}
