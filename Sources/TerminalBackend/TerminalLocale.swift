import CNcursesw
import Glibc

/// ncursesw reads and writes characters through the C library's multibyte conversion, so the
/// process needs a UTF-8 `LC_CTYPE` or every non-ASCII cluster comes out as `M-…` escapes. The
/// user's locale (`setlocale(LC_ALL, "")`) is taken when it is UTF-8; otherwise (an unset or
/// `C` locale, as under cron or a bare `env -i`) `LC_CTYPE` alone becomes `C.UTF-8`, which glibc
/// always has. Display draws Unicode, so a terminal in a legacy 8-bit encoding is not supported.
enum TerminalLocale {
    /// Sets the locale; false when no UTF-8 character type could be had.
    static func useUTF8() -> Bool {
        setlocale(LC_ALL, "")
        if isUTF8 { return true }
        for name in ["C.UTF-8", "C.utf8", "en_US.UTF-8"] where setlocale(LC_CTYPE, name) != nil {
            if isUTF8 { return true }
        }
        return false
    }

    static var isUTF8: Bool {
        guard let codeset = nl_langinfo(nl_item(CODESET)) else { return false }
        let name = String(cString: codeset).uppercased()
        return name == "UTF-8" || name == "UTF8"
    }
}
