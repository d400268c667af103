import Display
import TerminalBackend

/// display-demo's screen: a box titled "display-demo" with the terminal's size, colour depth and
/// the last event, a colour strip and a line of wide clusters to check drawing by eye.
@MainActor
final class DemoApp: TerminalApplication {
    private let colours: String
    private let animation: Bool
    private let processID: Int32
    private var size = Size(width: 0, height: 0)
    private var lastEvent = "none"
    private(set) var shouldQuit = false

    init(depth: ColorDepth, colorCount: Int, animation: Bool, processID: Int32) {
        switch depth {
        case .monochrome: colours = "monochrome"
        case .trueColor: colours = "truecolor"
        case .ansi16, .palette256: colours = "\(colorCount) colours"
        }
        self.animation = animation
        self.processID = processID
    }

    func layout(size: Size) { self.size = size }

    func handle(_ event: InputEvent) {
        lastEvent = Self.describe(event)
        if case .key(let key) = event {
            if key.plainCharacter == "q" { shouldQuit = true }
            if key.key == .character("c"), key.modifiers == .control { shouldQuit = true }
        }
    }

    var wantsAnimationFrame: Bool { false }
    func advanceAnimationFrame() {}

    func render(into surface: inout Surface) {
        let accent = Style(foreground: .palette(4), attributes: .bold)
        surface.drawBox(surface.bounds, title: "display-demo", titleStyle: accent)
        let lines = [
            "size: \(size.width)x\(size.height)",
            "colours: \(colours)",
            "animation: \(animation ? "on" : "off")",
            "pid: \(processID)",
            "last event: \(lastEvent)",
            "",
            "wide: 漢字 👩‍👩‍👧 🇺🇦 ❤️ é̃ |",
            "q or Ctrl-C quits",
        ]
        for (index, line) in lines.enumerated() {
            surface.put(line, column: 2, row: 1 + index, maxWidth: surface.width - 4)
        }
        let swatches: [Color] = [.palette(1), .palette(2), .palette(3), .palette(4), .palette(5), .palette(6),
                                 .rgb(255, 128, 0), .rgb(0, 128, 255), .rgb(128, 128, 128)]
        var column = 2
        for color in swatches where column + 3 < surface.width - 1 {
            surface.put("   ", column: column, row: 1 + lines.count, style: Style(background: color))
            column += 4
        }
    }

    /// The event as one line of text.
    static func describe(_ event: InputEvent) -> String {
        switch event {
        case .key(let key):
            var name = ""
            if key.modifiers.contains(.control) { name += "Ctrl-" }
            if key.modifiers.contains(.alt) { name += "Alt-" }
            if key.modifiers.contains(.shift) { name += "Shift-" }
            switch key.key {
            case .character(let character):
                name += String(character)
                // A cluster of several scalars (an emoji sequence) also by code points, since a
                // terminal may draw it as its parts: the test reads these to see it arrived whole.
                let scalars = character.unicodeScalars
                if scalars.count > 1 {
                    name += " (" + scalars.map { "U+" + String($0.value, radix: 16, uppercase: true) }.joined(separator: " ") + ")"
                }
            case .function(let number): name += "F\(number)"
            default: name += "\(key.key)"
            }
            return "key \(name)"
        case .paste(let text):
            return "paste \(text.count) characters: \(text)"
        case .mouse(let mouse):
            return "mouse \(mouse.kind) at \(mouse.position.column),\(mouse.position.row)"
        case .resize(let size):
            return "resize \(size.width)x\(size.height)"
        }
    }
}
