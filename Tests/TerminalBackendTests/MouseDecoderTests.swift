import CNcursesw
import Display
import Testing
@testable import TerminalBackend

/// ncurses' mouse reports as Display mouse events.
struct MouseDecoderTests {
    @Test func pressDragRelease() {
        var decoder = MouseDecoder()
        #expect(decoder.decode(column: 2, row: 3, state: tg_BUTTON_PRESSED(1))
                == [MouseEvent(.press(.left), at: Point(column: 2, row: 3))])
        #expect(decoder.decode(column: 4, row: 3, state: tg_REPORT_MOUSE_POSITION())
                == [MouseEvent(.drag(.left), at: Point(column: 4, row: 3))])
        #expect(decoder.decode(column: 5, row: 3, state: tg_BUTTON_RELEASED(1))
                == [MouseEvent(.release(.left), at: Point(column: 5, row: 3))])
        // Movement with no button held is not an event.
        #expect(decoder.decode(column: 6, row: 3, state: tg_REPORT_MOUSE_POSITION()).isEmpty)
    }

    @Test func wheelButtonsAndModifiers() {
        var decoder = MouseDecoder()
        #expect(decoder.decode(column: 0, row: 0, state: tg_BUTTON_PRESSED(4)) == [MouseEvent(.scrollUp, at: .zero)])
        #expect(decoder.decode(column: 0, row: 0, state: tg_BUTTON_PRESSED(5)) == [MouseEvent(.scrollDown, at: .zero)])
        #expect(decoder.decode(column: 1, row: 1, state: tg_BUTTON_PRESSED(3) | tg_BUTTON_CTRL())
                == [MouseEvent(.press(.right), at: Point(column: 1, row: 1), modifiers: .control)])
        #expect(decoder.decode(column: 1, row: 1, state: tg_BUTTON_PRESSED(2) | tg_BUTTON_SHIFT() | tg_BUTTON_ALT())
                == [MouseEvent(.press(.middle), at: Point(column: 1, row: 1), modifiers: [.shift, .alt])])
        #expect(decoder.decode(column: 1, row: 1, state: tg_BUTTON_CLICKED(1))
                == [MouseEvent(.press(.left), at: Point(column: 1, row: 1)), MouseEvent(.release(.left), at: Point(column: 1, row: 1))])
    }
}
