/// The RGB value of each xterm palette index, xterm's defaults: what a palette colour means when
/// it has to be moved to another depth (the nearest ANSI colour, or a direct RGB value).
/// Entries 0–15 are themeable in every terminal; these are only their usual values.
enum XtermPalette {
    struct RGB: Hashable, Sendable {
        var red: Int, green: Int, blue: Int

        func squaredDistance(to other: RGB) -> Int {
            let red = self.red - other.red, green = self.green - other.green, blue = self.blue - other.blue
            return red * red + green * green + blue * blue
        }
    }

    /// xterm's 16 ANSI colours.
    static let ansi: [RGB] = [
        (0x00, 0x00, 0x00), (0xcd, 0x00, 0x00), (0x00, 0xcd, 0x00), (0xcd, 0xcd, 0x00),
        (0x00, 0x00, 0xee), (0xcd, 0x00, 0xcd), (0x00, 0xcd, 0xcd), (0xe5, 0xe5, 0xe5),
        (0x7f, 0x7f, 0x7f), (0xff, 0x00, 0x00), (0x00, 0xff, 0x00), (0xff, 0xff, 0x00),
        (0x5c, 0x5c, 0xff), (0xff, 0x00, 0xff), (0x00, 0xff, 0xff), (0xff, 0xff, 0xff),
    ].map { RGB(red: $0.0, green: $0.1, blue: $0.2) }

    /// The six levels of each channel of the 6×6×6 cube (indices 16–231).
    static let cubeLevels = [0, 95, 135, 175, 215, 255]

    /// Index 232 + i is the grey 8 + 10 i, i in 0..<24.
    static func grey(_ step: Int) -> Int { 8 + 10 * step }

    static func rgb(ofIndex index: UInt8) -> RGB {
        let index = Int(index)
        switch index {
        case 0 ..< 16:
            return ansi[index]
        case 16 ..< 232:
            let cube = index - 16
            return RGB(red: cubeLevels[cube / 36], green: cubeLevels[(cube / 6) % 6], blue: cubeLevels[cube % 6])
        default:
            let level = grey(index - 232)
            return RGB(red: level, green: level, blue: level)
        }
    }

    /// The nearest of indices 16–255 (cube and greys; never 0–15, whose values the user's theme
    /// may have changed) by squared distance. The cube is separable, so its nearest entry is the
    /// nearest level on each channel; the greys are checked one by one.
    static func nearest256(_ color: RGB) -> UInt8 {
        func nearestLevel(_ value: Int) -> Int {
            cubeLevels.indices.min { abs(cubeLevels[$0] - value) < abs(cubeLevels[$1] - value) }!
        }
        let red = nearestLevel(color.red), green = nearestLevel(color.green), blue = nearestLevel(color.blue)
        let cubeIndex = 16 + 36 * red + 6 * green + blue
        var best = (index: cubeIndex, distance: color.squaredDistance(to: rgb(ofIndex: UInt8(cubeIndex))))
        for step in 0 ..< 24 {
            let level = grey(step)
            let distance = color.squaredDistance(to: RGB(red: level, green: level, blue: level))
            if distance < best.distance { best = (232 + step, distance) }
        }
        return UInt8(best.index)
    }

    /// The nearest of the first `count` ANSI colours (8 or 16) by squared distance. A grey (its
    /// channels within 32 of each other) is matched among the greys only (black, white and, with
    /// 16, their bright/dark halves): by distance alone a mid grey is nearer yellow than white.
    static func nearestANSI(_ color: RGB, count: Int) -> UInt8 {
        let channels = [color.red, color.green, color.blue]
        let isGrey = channels.max()! - channels.min()! <= 32
        let candidates = (0 ..< count).filter { !isGrey || [0, 7, 8, 15].contains($0) }
        return UInt8(candidates.min {
            color.squaredDistance(to: ansi[$0]) < color.squaredDistance(to: ansi[$1])
        }!)
    }
}
