import CChafa
import Display

/// A picture through kitty's graphics protocol with Unicode placeholders: the pixels are sent
/// once (`a=T,U=1`: transmitted with a virtual placement of `columns × rows` cells), and the
/// picture shows wherever cells of U+10EEEE carry its id in their foreground colour and their
/// row and column as two combining diacritics. The cells are ordinary text to curses, so the
/// picture scrolls, is cut at the chat's edge and is covered by a sheet like any text, and
/// leaves nothing behind; only the transmission and the deletion are the app's to send.
public enum KittyPicture {
    public static let placeholder: Unicode.Scalar = "\u{10EEEE}"
    /// kitty's row/column diacritics (rowcolumn-diacritics.txt), in order: the first means 0.
    static let diacritics: [UInt32] = [
        0x0305, 0x030D, 0x030E, 0x0310, 0x0312, 0x033D, 0x033E, 0x033F, 0x0346, 0x034A, 0x034B, 0x034C,
        0x0350, 0x0351, 0x0352, 0x0357, 0x035B, 0x0363, 0x0364, 0x0365, 0x0366, 0x0367, 0x0368, 0x0369,
        0x036A, 0x036B, 0x036C, 0x036D, 0x036E, 0x036F, 0x0483, 0x0484, 0x0485, 0x0486, 0x0487, 0x0592,
        0x0593, 0x0594, 0x0595, 0x0597, 0x0598, 0x0599, 0x059C, 0x059D, 0x059E, 0x059F, 0x05A0, 0x05A1,
        0x05A8, 0x05A9, 0x05AB, 0x05AC, 0x05AF, 0x05C4,
    ]
    /// The widest and tallest picture the diacritics can address.
    public static var maxCells: Int { diacritics.count }

    /// Pixels kitty is given a cell: it scales them to its own cells, so this is only detail.
    public static let pixelsPerCell = (width: 10, height: 20)

    /// The colour that names image `id` in a placeholder: its 24 bits on a true-colour terminal,
    /// the palette entry (ids under 256) on a 256-colour one; nil where neither holds.
    public static func color(id: Int, depth: ColorDepth) -> Color? {
        switch depth {
        case .trueColor where id > 0 && id < 1 << 24:
            return .rgb(UInt8(id >> 16 & 0xff), UInt8(id >> 8 & 0xff), UInt8(id & 0xff))
        case .palette256 where id > 0 && id < 256:
            return .palette(UInt8(id))
        default:
            return nil
        }
    }

    /// The transmission of `rgba` as image `id` with its virtual placement, answers suppressed
    /// (`q=2`); nil for pixels that do not match their size, or a chafa failure.
    public static func transmission(rgba: [UInt8], width: Int, height: Int, columns: Int, rows: Int, id: Int) -> [UInt8]? {
        guard id > 0, columns <= maxCells, rows <= maxCells else { return nil }
        return ChafaPixels.print(rgba: rgba, width: width, height: height, columns: columns, rows: rows,
                                 cellPixels: pixelsPerCell, mode: CHAFA_PIXEL_MODE_KITTY, sequences: [
                                     (CHAFA_TERM_SEQ_BEGIN_KITTY_IMMEDIATE_IMAGE_V1,
                                      "\u{1B}_Ga=T,U=1,q=2,i=\(id),f=%1,s=%2,v=%3,c=%4,r=%5,m=1\u{1B}\\"),
                                     (CHAFA_TERM_SEQ_BEGIN_KITTY_IMAGE_CHUNK, "\u{1B}_Gm=1;"),
                                     (CHAFA_TERM_SEQ_END_KITTY_IMAGE_CHUNK, "\u{1B}\\"),
                                     (CHAFA_TERM_SEQ_END_KITTY_IMAGE, "\u{1B}_Gm=0\u{1B}\\"),
                                 ])
    }

    /// Image `id` and its placements gone from the terminal, its data freed (`d=I`).
    public static func deletion(id: Int) -> [UInt8] {
        Array("\u{1B}_Ga=d,d=I,q=2,i=\(id)\u{1B}\\".utf8)
    }

    /// The cells that show image `id` (named by `color`), `columns × rows`.
    public static func placeholders(color: Color, columns: Int, rows: Int) -> CellGrid? {
        guard columns > 0, rows > 0, columns <= maxCells, rows <= maxCells else { return nil }
        var grid = CellGrid(width: columns, height: rows)
        for row in 0 ..< rows {
            for column in 0 ..< columns {
                var scalars = String.UnicodeScalarView()
                scalars.append(placeholder)
                scalars.append(Unicode.Scalar(diacritics[row])!)
                scalars.append(Unicode.Scalar(diacritics[column])!)
                grid[column, row] = .init(Character(String(scalars)), foreground: color)
            }
        }
        return grid
    }
}
