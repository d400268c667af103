import Display
import TOMLKit

/// The file's pictures and bell:
/// ```toml
/// graphics = "auto"        # or "kitty", "sixel", "symbols", "none"
/// [notifications]
/// bell = true              # the terminal's bell on a new message while the window is not in front
/// ```
/// `TELEGRAM_GRAPHICS` beats `graphics` (the interface decides, see GraphicsDetection). Other keys
/// of `[notifications]` are the desktop notifications' to read.
extension ConfigurationReader.Reading {
    mutating func readGraphics(_ root: TOMLTable, into configuration: inout AppConfiguration) {
        if let value = root["graphics"] {
            if let name = value.string, name == "auto" || GraphicsMode(rawValue: name) != nil {
                configuration.graphics = GraphicsMode(rawValue: name)
            } else {
                let names = (["auto"] + GraphicsMode.allCases.map(\.rawValue)).map { "\"\($0)\"" }.joined(separator: ", ")
                problem([], "graphics", "graphics is one of \(names), not \(value.debugDescription)")
            }
        }
        guard let notifications = table(root, "notifications", in: []), let value = notifications["bell"] else { return }
        if let bell = value.bool {
            configuration.bell = bell
        } else {
            problem(["notifications"], "bell", "bell is true or false")
        }
    }
}
