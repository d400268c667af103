import CChafa

/// A picture as DEC sixel, encoded by libchafa to fill `columns × rows` cells of the terminal's
/// own cell size in pixels (`cellPixels`: the picture must cover exactly the cells curses
/// reserved for it, or it spills over the text around it).
public enum SixelPicture {
    public static func encode(rgba: [UInt8], width: Int, height: Int, columns: Int, rows: Int,
                              cellPixels: (width: Int, height: Int)) -> [UInt8]? {
        ChafaPixels.print(rgba: rgba, width: width, height: height, columns: columns, rows: rows,
                          cellPixels: cellPixels, mode: CHAFA_PIXEL_MODE_SIXELS, sequences: [
                              (CHAFA_TERM_SEQ_BEGIN_SIXELS, "\u{1B}P%1;%2;%3q"),
                              (CHAFA_TERM_SEQ_END_SIXELS, "\u{1B}\\"),
                          ])
    }
}
