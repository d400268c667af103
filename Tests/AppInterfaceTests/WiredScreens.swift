@testable import AppInterface
import Display
import TelegramUI

/// The app's window built by the wiring over a fake host, laid out in memory and read as text.
@MainActor
struct WiredScreens {
    let host: FakeAppHost
    let screens: AppScreens

    init(_ host: FakeAppHost = FakeAppHost(), width: Int = 100, height: Int = 30) {
        self.host = host
        screens = AppScreens(app: host, depth: .monochrome, reducedMotion: true)
        screens.window.layout(size: Size(width: width, height: height))
    }

    /// The current account's screens (nil on the login).
    var account: AccountScreens? { screens.account }

    /// A frame as a person sees it, after the step every frame takes first.
    func frame() -> String {
        screens.loadPagesIfNeeded()
        var surface = Surface(width: 0, height: 0)
        screens.window.render(into: &surface)
        screens.frameDrawn()
        return surface.textLines.joined(separator: "\n")
    }

    func type(_ text: String) {
        for character in text { screens.window.handle(.key(.character(character))) }
    }

    func press(_ event: InputEvent) { screens.window.handle(event) }
}
