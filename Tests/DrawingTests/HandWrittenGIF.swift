/// A GIF written byte by byte, for the decoder's hostile cases: a screen, an optional global
/// colour map, an optional graphics control block with a transparent index, and one frame. Its
/// pixels are coded with a clear code before each, so every LZW code stays 3 bits wide and no
/// string table is needed (pixel values 0…3, whatever the colour map holds).
struct HandWrittenGIF {
    var screen: (width: Int, height: Int)
    /// RGB triples; a power of two, 2…256 of them; nil: no global colour map.
    var colours: [[UInt8]]? = [[0, 0, 0], [255, 255, 255]]
    var transparent: UInt8?
    var frame: (left: Int, top: Int, width: Int, height: Int)
    /// Row by row, top to bottom (reordered into the four passes when `interlaced`).
    var pixels: [UInt8]
    var interlaced = false
    /// No frame at all: the screen, then the trailer.
    var withoutFrame = false

    var bytes: [UInt8] {
        var out = Array("GIF89a".utf8) + le16(screen.width) + le16(screen.height)
        if let colours {
            let sizeBits = UInt8(colours.count.trailingZeroBitCount - 1)
            out += [0x80 | sizeBits, 0, 0] + colours.flatMap { $0 }
        } else {
            out += [0, 0, 0]
        }
        if let transparent { out += [0x21, 0xF9, 4, 1, 0, 0, transparent, 0] }
        guard !withoutFrame else { return out + [0x3B] }
        out += [0x2C] + le16(frame.left) + le16(frame.top) + le16(frame.width) + le16(frame.height) + [interlaced ? 0x40 : 0]
        out += [2] + subBlocks(lzw(orderedPixels)) + [0x3B]
        return out
    }

    private var orderedPixels: [UInt8] {
        guard interlaced, frame.width > 0 else { return pixels }
        let rows = stride(from: 0, to: pixels.count, by: frame.width).map { Array(pixels[$0..<min($0 + frame.width, pixels.count)]) }
        let order = [(0, 8), (4, 8), (2, 4), (1, 2)].flatMap { stride(from: $0.0, to: rows.count, by: $0.1) }
        return order.flatMap { rows[$0] }
    }

    /// Clear (4), pixel, clear, pixel, …, end (5): 3-bit codes packed from the low bit.
    private func lzw(_ pixels: [UInt8]) -> [UInt8] {
        let codes = pixels.flatMap { [4, Int($0)] } + [5]
        var out: [UInt8] = []
        var accumulator = 0, bits = 0
        for code in codes {
            accumulator |= code << bits
            bits += 3
            while bits >= 8 { out.append(UInt8(accumulator & 0xFF)); accumulator >>= 8; bits -= 8 }
        }
        if bits > 0 { out.append(UInt8(accumulator & 0xFF)) }
        return out
    }

    private func subBlocks(_ data: [UInt8]) -> [UInt8] {
        stride(from: 0, to: data.count, by: 255).flatMap { start -> [UInt8] in
            let block = data[start..<min(start + 255, data.count)]
            return [UInt8(block.count)] + block
        } + [0]
    }

    private func le16(_ value: Int) -> [UInt8] { [UInt8(value & 0xFF), UInt8(value >> 8 & 0xFF)] }
}
