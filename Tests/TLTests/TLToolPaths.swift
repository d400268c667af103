import Foundation
import TestSupport

/// Where the generator, the oracle and the venv's python are, from this file's place in the package.
enum TLToolPaths {
    static let packageRoot = PackagePaths.root
    static let generator = packageRoot + "/Tools/tl-gen/generate.py"
    static let oracle = packageRoot + "/Tools/tl-gen/oracle.py"
    static let generated = packageRoot + "/Sources/TelegramApi/Generated"
    static let venvPython = PackagePaths.venvPython
}
