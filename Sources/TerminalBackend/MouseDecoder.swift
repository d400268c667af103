import CNcursesw
import Display

/// Turns ncurses' mouse reports (`getmouse`: a cell and a button-state mask) into Display's
/// mouse events. It remembers the button held down, because ncurses reports movement only as
/// `REPORT_MOUSE_POSITION`: with a button held that is a drag; without one it is dropped.
/// (Whether movement is reported at all depends on the terminal's mouse mode: xterm's terminfo
/// asks for presses and releases only, so drags arrive on terminals set up for them.)
/// Pure apart from ncurses' mask constants.
public struct MouseDecoder: Sendable {
    private var held: MouseEvent.Button?

    public init() {}

    /// The events for one report at `column`, `row` with ncurses' button `state`.
    public mutating func decode(column: Int, row: Int, state: mmask_t) -> [MouseEvent] {
        let position = Point(column: column, row: row)
        var modifiers: KeyModifiers = []
        if state & tg_BUTTON_SHIFT() != 0 { modifiers.insert(.shift) }
        if state & tg_BUTTON_CTRL() != 0 { modifiers.insert(.control) }
        if state & tg_BUTTON_ALT() != 0 { modifiers.insert(.alt) }
        func event(_ kind: MouseEvent.Kind) -> MouseEvent { MouseEvent(kind, at: position, modifiers: modifiers) }

        // Buttons 4 and 5 are the wheel (NCURSES_MOUSE_VERSION 2): presses only.
        if state & tg_BUTTON_PRESSED(4) != 0 { return [event(.scrollUp)] }
        if state & tg_BUTTON_PRESSED(5) != 0 { return [event(.scrollDown)] }
        var events: [MouseEvent] = []
        for (number, button) in [(Int32(1), MouseEvent.Button.left), (2, .middle), (3, .right)] {
            if state & tg_BUTTON_PRESSED(number) != 0 {
                held = button
                events.append(event(.press(button)))
            }
            if state & tg_BUTTON_RELEASED(number) != 0 {
                if held == button { held = nil }
                events.append(event(.release(button)))
            }
            // A click arrives only with a click interval set; it is a press and a release.
            if state & tg_BUTTON_CLICKED(number) != 0 {
                events.append(event(.press(button)))
                events.append(event(.release(button)))
            }
        }
        if events.isEmpty, state & tg_REPORT_MOUSE_POSITION() != 0, let held {
            events.append(event(.drag(held)))
        }
        return events
    }
}
