import Display
import Testing

@MainActor
@Suite("ListController")
struct ListControllerTests {
    static func list(_ count: Int) -> ListController {
        ListController(title: "Chats", items: (1 ... count).map { ListItem(title: "Chat \($0)", detail: "12:0\($0 % 10)") })
    }

    @Test func selectionScrollsToStayInView() {
        let list = Self.list(50)
        let scene = Scene(width: 40, height: 12, root: list)
        #expect(list.visibleRowCount == 10)
        for _ in 0 ..< 12 { scene.press(.down) }
        #expect(list.selectedIndex == 12 && list.scrollOffset == 3)
        #expect(scene.surface().textLines[2].hasPrefix(" Chat 4 "))
        scene.press(.end)
        #expect(list.selectedIndex == 49 && list.scrollOffset == 40)
        scene.press(.pageUp)
        #expect(list.selectedIndex == 40)
        scene.press(.home)
        #expect(list.selectedIndex == 0 && list.scrollOffset == 0)
        scene.press(.up)
        #expect(list.selectedIndex == 0)
    }

    @Test func enterAndClickOpen() {
        let list = Self.list(5)
        var opened: [Int] = []
        list.onOpen = { opened.append($0) }
        let scene = Scene(width: 40, height: 12, root: list)
        scene.press(.down)
        scene.press(.down)
        scene.press(.enter)
        scene.window.handle(.mouse(MouseEvent(.press(.left), at: Point(column: 5, row: 6))))
        #expect(opened == [2, 4])
    }

    @Test func shrinkingKeepsSelectionInRangeAndDetailsRightAligned() {
        let list = Self.list(30)
        let scene = Scene(width: 30, height: 12, root: list)
        scene.press(.end)
        list.items = Array(list.items.prefix(3))
        #expect(list.selectedIndex == 2)
        let row = scene.surface().textLines[2]
        #expect(row.hasSuffix("12:01 "))
        scene.resize(30, 4)
        #expect(list.visibleRowCount == 2)
    }
}

/// A leading picture in two-line rows (a chat list's avatars): the columns the list reserves,
/// transparent halves over the row's own background (selected or not), wide text beside it, and
/// no picture column on a narrow list.
@MainActor
@Suite("ListController: leading pictures")
struct ListLeadingPictureTests {
    static let violet = Color.rgb(0x66, 0x5f, 0xff)

    /// A round 4×2 picture in half blocks: corners transparent (▄ ▀ over the row), middle solid.
    static let picture: CellGrid = {
        var grid = CellGrid(width: 4, height: 2, fill: .init("▀", foreground: violet, background: violet))
        for column in [0, 3] {
            grid[column, 0] = .init("▄", foreground: violet)
            grid[column, 1] = .init("▀", foreground: violet)
        }
        return grid
    }()

    /// Initials on a colour, as TelegramUI's fallback makes them.
    static func initials(_ letters: String, _ color: Color) -> CellGrid {
        var grid = CellGrid(width: 4, height: 2, fill: .init(" ", background: color))
        for (offset, letter) in letters.enumerated() {
            grid[1 + offset, 0] = .init(letter, foreground: .rgb(255, 255, 255), background: color, attributes: .bold)
        }
        return grid
    }

    static func list() -> ListController {
        let list = ListController(title: "Chats", items: [
            ListItem(title: "Ada Lovelace", subtitle: "The engine weaves algebraic patterns", detail: "12:04", badge: "3",
                     leading: picture),
            ListItem(title: "Engine Club 📌", subtitle: "Grace: done", detail: "Tue", leading: initials("EC", .rgb(0xff, 0x51, 0x6a))),
            ListItem(title: "李小龍的功夫俱樂部 and a very long title", subtitle: "👩‍👩‍👧 family photo", detail: "12.03.24",
                     leading: initials("李", .rgb(0x54, 0xcb, 0x68))),
            ListItem(title: "No picture", subtitle: "the column is kept"),
        ])
        list.showsSubtitles = true
        list.leadingColumns = 4
        return list
    }

    @Test func picturesTakeTheReservedColumns() throws {
        let list = Self.list()
        let scene = Scene(width: 60, height: 12, root: list, theme: Theme(.day, depth: .trueColor))
        // The first row is selected: the picture's transparent corners take the selection's background.
        try Snapshot.check(scene.surface(), named: "list-leading-pictures", styles: true)
        let lines = scene.surface().textLines
        #expect(lines[2].hasPrefix(" ▄▀▀▄ Ada Lovelace"))
        #expect(lines[8].hasPrefix("      No picture"), "a row without a picture keeps the column")
        #expect(scene.surface()[1, 2].style == Style(foreground: Self.violet, background: Theme(.day, depth: .trueColor).selection.background))
    }

    @Test func narrowListsDrawNoPictures() throws {
        let list = Self.list()
        let scene = Scene(width: 40, height: 12, root: list)
        try Snapshot.check(scene.surface(), named: "list-leading-narrow")
        #expect(scene.surface().textLines[2].hasPrefix(" Ada Lovelace"))
        #expect(list.leadingWidth(in: 49) == 0 && list.leadingWidth(in: 50) == 4)
    }
}
