import CNcursesw

/// ncurses colour pairs for (foreground, background) numbers, made on first use with
/// `init_extended_pair` (ncurses 6: int pair and colour numbers, so direct colours and more than
/// 32767 pairs work) and kept in a dictionary.
///
/// Numbered here rather than by `alloc_pair`, which recycles the oldest pair when the table is
/// full and would silently recolour cells already on screen. When every pair is taken the table
/// starts over and `pair(for:)` says so: the renderer then redraws the whole screen, so no cell
/// keeps a pair that now means other colours.
@MainActor
final class ColorPairs {
    private var numbers: [Key: Int32] = [:]
    private var next: Int32 = 1
    /// Pairs the terminal has (COLOR_PAIRS); pair 0 is the default colours and is never redefined.
    private let capacity: Int32

    struct Key: Hashable { var foreground: Int32; var background: Int32 }

    /// The default pair's colours, for terminals without `use_default_colors`: white on black
    /// stand in for -1.
    private let defaultForeground: Int32
    private let defaultBackground: Int32

    init(capacity: Int32, hasDefaultColors: Bool) {
        self.capacity = capacity
        defaultForeground = hasDefaultColors ? -1 : 7
        defaultBackground = hasDefaultColors ? -1 : 0
    }

    /// The pair number for `foreground` on `background` (-1 each for the default), and whether the
    /// table was reset to make room.
    func pair(foreground: Int32, background: Int32) -> (pair: Int32, reset: Bool) {
        let key = Key(foreground: foreground < 0 ? defaultForeground : foreground,
                      background: background < 0 ? defaultBackground : background)
        if key.foreground == -1 && key.background == -1 { return (0, false) }
        if let number = numbers[key] { return (number, false) }
        var reset = false
        if next >= capacity {
            numbers.removeAll(keepingCapacity: true)
            next = 1
            reset = true
        }
        guard next < capacity, init_extended_pair(next, key.foreground, key.background) != ERR else {
            return (0, reset)
        }
        numbers[key] = next
        next += 1
        return (numbers[key]!, reset)
    }

    /// Forgets every pair (after the screen has been reset).
    func removeAll() {
        numbers.removeAll()
        next = 1
    }
}
