import Display
import Glibc

/// The size of one terminal cell in pixels, as the terminal tells the kernel (TIOCGWINSZ's
/// pixel fields: xterm, foot, WezTerm, mlterm, tmux 3.4 fill them). A sixel picture must cover
/// exactly its cells, so without it no sixel is drawn. Asked each time: a resize or a font
/// change alters it. Any thread.
public enum CellPixels {
    public static func of(descriptor: Int32) -> Size? {
        var size = winsize()
        guard ioctl(descriptor, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0, size.ws_row > 0,
              size.ws_xpixel > 0, size.ws_ypixel > 0 else { return nil }
        let cell = Size(width: Int(size.ws_xpixel) / Int(size.ws_col), height: Int(size.ws_ypixel) / Int(size.ws_row))
        // A cell under 2 pixels or over 128 is not a real font's.
        guard (2 ... 64).contains(cell.width), (2 ... 128).contains(cell.height) else { return nil }
        return cell
    }
}
