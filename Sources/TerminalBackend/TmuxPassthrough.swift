/// tmux's passthrough: a sequence meant for the terminal outside tmux, wrapped as
/// `ESC P tmux ; <sequence, each ESC doubled> ESC \`. tmux hands it on only where the pane's
/// `allow-passthrough` is on, and drops it otherwise — so a wrapped query that gets an answer
/// has shown that passthrough works. One sequence per wrapper: tmux's buffer for one is limited,
/// which is why kitty's image data goes in chunks of its own.
public enum TmuxPassthrough {
    public static func wrap(_ sequence: [UInt8]) -> [UInt8] {
        var bytes: [UInt8] = Array("\u{1B}Ptmux;".utf8)
        bytes.reserveCapacity(sequence.count + 16)
        for byte in sequence {
            if byte == 27 { bytes.append(27) }
            bytes.append(byte)
        }
        bytes += [27, 0x5C]
        return bytes
    }

    /// Each `ESC _ … ESC \` (application program command) of `bytes` wrapped on its own; anything
    /// between them goes as it is.
    public static func wrapEachCommand(_ bytes: [UInt8]) -> [UInt8] {
        var result: [UInt8] = []
        var index = 0
        while index < bytes.count {
            if bytes[index] == 27, index + 1 < bytes.count, bytes[index + 1] == 0x5F,
               let end = terminator(in: bytes, from: index + 2) {
                result += wrap(Array(bytes[index ..< end]))
                index = end
            } else {
                result.append(bytes[index])
                index += 1
            }
        }
        return result
    }

    /// Just past the `ESC \` that ends the command starting before `start`.
    private static func terminator(in bytes: [UInt8], from start: Int) -> Int? {
        var index = start
        while index + 1 < bytes.count {
            if bytes[index] == 27, bytes[index + 1] == 0x5C { return index + 2 }
            index += 1
        }
        return nil
    }
}
