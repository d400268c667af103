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
        scene.type("jj")
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
