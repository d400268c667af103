import Display
import TerminalImages
import Testing

/// kitty and sixel pictures encoded by libchafa's pixel modes, with the app's own sequences.
@Suite("TerminalImages: kitty and sixel")
struct PixelPictureTests {
    static let red: [UInt8] = (0 ..< 40 * 40).flatMap { _ -> [UInt8] in [255, 0, 0, 255] }

    @Test func kittyTransmissionCarriesTheIdAndAVirtualPlacement() throws {
        let bytes = try #require(KittyPicture.transmission(rgba: Self.red, width: 40, height: 40, columns: 4, rows: 2, id: 300))
        let text = String(decoding: bytes, as: UTF8.self)
        #expect(text.hasPrefix("\u{1B}_Ga=T,U=1,q=2,i=300,f="), "\(text.prefix(60))")
        #expect(text.contains(",c=4,r=2,m=1\u{1B}\\"))
        #expect(text.contains("\u{1B}_Gm=1;"))
        #expect(text.hasSuffix("\u{1B}_Gm=0\u{1B}\\"))
        #expect(String(decoding: KittyPicture.deletion(id: 300), as: UTF8.self) == "\u{1B}_Ga=d,d=I,q=2,i=300\u{1B}\\")
    }

    @Test func placeholdersNameTheImageByColourAndTheirCellByDiacritics() throws {
        let color = try #require(KittyPicture.color(id: 300, depth: .trueColor))
        #expect(color == .rgb(0, 1, 44))
        #expect(KittyPicture.color(id: 200, depth: .palette256) == .palette(200))
        #expect(KittyPicture.color(id: 300, depth: .palette256) == nil)
        let grid = try #require(KittyPicture.placeholders(color: color, columns: 3, rows: 2))
        #expect(grid[0, 0].character == Character("\u{10EEEE}\u{0305}\u{0305}"))
        #expect(grid[2, 1].character == Character("\u{10EEEE}\u{030D}\u{030E}"), "row 1, column 2")
        #expect(grid[2, 1].foreground == color)
        #expect(TextWidth.of(String(grid[2, 1].character)) == 1)
    }

    @Test func sixelFillsTheCellsInPixels() throws {
        let bytes = try #require(SixelPicture.encode(rgba: Self.red, width: 40, height: 40, columns: 4, rows: 2,
                                                     cellPixels: (width: 10, height: 20)))
        let text = String(decoding: bytes, as: UTF8.self)
        #expect(text.hasPrefix("\u{1B}P"), "\(text.prefix(20))")
        #expect(text.contains("q"))
        #expect(text.hasSuffix("\u{1B}\\"))
        // The raster attributes: 40 pixels wide (4 cells of 10) and 36 tall, the 40 of 2 cells of 20
        // cut to whole sixel bands of 6, so the picture never spills below its cells.
        #expect(text.contains("\"1;1;40;36"), "\(text.prefix(40))")
    }

    @Test func badSizesAreRefused() {
        #expect(KittyPicture.transmission(rgba: [1, 2], width: 40, height: 40, columns: 4, rows: 2, id: 3) == nil)
        #expect(KittyPicture.transmission(rgba: Self.red, width: 40, height: 40, columns: 4, rows: 2, id: 0) == nil)
        #expect(SixelPicture.encode(rgba: Self.red, width: 40, height: 40, columns: 0, rows: 2, cellPixels: (10, 20)) == nil)
    }
}
