import CNcursesw
import Display

/// Display's attributes as ncurses' `attr_t` bits, for `setcchar`. The bits are ncurses macros,
/// reached through the shim; no terminal is needed to compute them.
enum AttributeMapping {
    static func attributes(_ attributes: Style.Attributes) -> attr_t {
        var result = tg_A_NORMAL()
        if attributes.contains(.bold) { result |= tg_A_BOLD() }
        if attributes.contains(.dim) { result |= tg_A_DIM() }
        if attributes.contains(.underline) { result |= tg_A_UNDERLINE() }
        if attributes.contains(.reverse) { result |= tg_A_REVERSE() }
        if attributes.contains(.italic) { result |= tg_A_ITALIC() }
        return result
    }
}
