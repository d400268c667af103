import Display
import TerminalImages
import Testing

/// libchafa through TerminalImages: pixels become `▀` cells, upper pixel over lower, and
/// transparent pixels are left to the row beneath.
@Suite("TerminalImages: half blocks")
struct HalfBlockPictureTests {
    /// A `size`-pixel square in four horizontal bands, top to bottom.
    static func bands(_ colors: [[UInt8]], size: Int = 16) -> [UInt8] {
        (0 ..< size).flatMap { y in (0 ..< size).flatMap { _ in colors[y * colors.count / size] } }
    }

    @Test func upperPixelIsForegroundLowerIsBackground() throws {
        let red: [UInt8] = [255, 0, 0, 255], green: [UInt8] = [0, 255, 0, 255]
        let blue: [UInt8] = [0, 0, 255, 255], white: [UInt8] = [255, 255, 255, 255]
        let grid = try #require(HalfBlockPicture.cells(rgba: Self.bands([red, green, blue, white]), width: 16, height: 16,
                                                       columns: 4, rows: 2))
        #expect(grid.width == 4 && grid.height == 2)
        for column in 0 ..< 4 {
            #expect(grid[column, 0] == CellGrid.Element("▀", foreground: .rgb(255, 0, 0), background: .rgb(0, 255, 0)))
            #expect(grid[column, 1] == CellGrid.Element("▀", foreground: .rgb(0, 0, 255), background: .rgb(255, 255, 255)))
        }
    }

    @Test func transparentPixelsShowWhatIsBeneath() throws {
        let clear: [UInt8] = [0, 0, 0, 0], blue: [UInt8] = [0, 0, 255, 255]
        let grid = try #require(HalfBlockPicture.cells(rgba: Self.bands([clear, blue, blue, clear]), width: 16, height: 16,
                                                       columns: 4, rows: 2))
        #expect(grid[0, 0] == CellGrid.Element("▄", foreground: .rgb(0, 0, 255)), "\(grid[0, 0])")
        #expect(grid[0, 1] == CellGrid.Element("▀", foreground: .rgb(0, 0, 255)), "\(grid[0, 1])")
        let empty = try #require(HalfBlockPicture.cells(rgba: Self.bands([clear]), width: 16, height: 16, columns: 2, rows: 1))
        #expect(empty[0, 0] == CellGrid.Element(" ") && empty[1, 0] == CellGrid.Element(" "))
    }

    @Test func pixelsThatDoNotMatchTheirSizeAreRefused() {
        #expect(HalfBlockPicture.cells(rgba: [0, 0, 0], width: 1, height: 1, columns: 1, rows: 1) == nil)
        #expect(HalfBlockPicture.cells(rgba: [], width: 0, height: 0, columns: 1, rows: 1) == nil)
        #expect(HalfBlockPicture.cells(rgba: [0, 0, 0, 255], width: 1, height: 1, columns: 0, rows: 1) == nil)
    }
}
