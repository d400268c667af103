import Display

/// The screen the frame budget is about (Benchmarks/budgets.toml): a 200×60 terminal, the
/// split root with a chat list and a chat history, each a full column of rows, and a sheet with
/// a list of its own over them; each frame moves a selection, as a key held down does.
@MainActor
struct FrameScene {
    let window: Window
    let master: ListController
    let sheet: ListController
    let size: Size

    init(width: Int, height: Int) {
        size = Size(width: width, height: height)
        master = ListController(title: "Chats", items: (1 ... 1000).map {
            ListItem(title: "Chat \($0) 中文 👩‍👩‍👧", detail: "12:\($0 % 60)", badge: $0 % 7 == 0 ? "\($0 % 100)" : nil)
        })
        master.navigationPresentation = .master
        let history = ListController(title: "Ada Lovelace", items: (1 ... 1000).map {
            ListItem(title: "Message \($0): the engine weaves algebraic patterns 🇺🇦", detail: "10:\($0 % 60)")
        })
        sheet = ListController(title: "Forward to…", items: (1 ... 200).map { ListItem(title: "Recipient \($0)", detail: "online") })
        sheet.navigationPresentation = .modal
        let navigation = NavigationController(mode: .automaticMasterDetail, root: master)
        navigation.reducedMotion = true
        navigation.pushViewController(history)
        navigation.pushViewController(sheet)
        window = Window(rootController: navigation, context: PresentationContext(theme: Theme(.night, depth: .palette256)))
        window.statusText = "Telegram"
    }

    /// One frame's work before the terminal: the tree laid out for the size, a selection moved in
    /// the sheet and in the list under it, the whole screen drawn.
    func frame(_ index: Int, into surface: inout Surface) {
        window.layout(size: size)
        sheet.select(index % sheet.items.count)
        master.select(index % master.items.count)
        window.render(into: &surface)
    }
}
