#if canImport(Glibc)
import Glibc
#endif

extension FileSystem {
    /// Bytes the files under `path` take on disk (allocated blocks, as `du` counts), links not
    /// followed; 0 for a missing path. For Settings' storage figure, not for anything exact.
    public static func diskUsage(_ path: String) -> Int64 {
        var st = stat()
        guard lstat(path, &st) == 0 else { return 0 }
        var total = Int64(st.st_blocks) * 512
        if (st.st_mode & S_IFMT) == S_IFDIR {
            for name in listDirectory(path) { total += diskUsage(path + "/" + name) }
        }
        return total
    }
}
