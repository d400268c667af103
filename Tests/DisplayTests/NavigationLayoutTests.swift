@testable import Display
import Testing

/// `makeNavigationLayout`: each rule in compact and regular width, the split, the master width.
@Suite("Navigation: the flat list into root and modal containers")
struct NavigationLayoutTests {
    struct Entry: NavigationLayoutEntry, Hashable, Sendable {
        let id: String
        let navigationPresentation: NavigationPresentation
    }

    typealias Modal = ModalContainerLayout<Entry>

    static let compact = ContainerViewLayout(size: Size(width: 80, height: 24))
    static let regular = ContainerViewLayout(size: Size(width: 160, height: 48))
    static let bothWidths = [compact, regular]

    func e(_ id: String, _ presentation: NavigationPresentation = .default) -> Entry {
        Entry(id: id, navigationPresentation: presentation)
    }

    func make(_ controllers: [Entry], _ layout: ContainerViewLayout,
              mode: NavigationControllerMode = .single) -> NavigationLayout<Entry> {
        makeNavigationLayout(mode: mode, layout: layout, controllers: controllers)
    }

    @Test func testLayoutsHaveTheWidthClassesTheirNamesSay() {
        #expect(Self.compact.metrics.widthClass == .compact)
        #expect(Self.regular.metrics.widthClass == .regular)
    }

    @Test(arguments: bothWidths)
    func plainPushesStayOnTheRoot(layout: ContainerViewLayout) {
        let list = [e("a"), e("b"), e("c", .master)]
        #expect(make(list, layout) == NavigationLayout(root: .flat(list), modals: []))
        #expect(make([Entry](), layout) == NavigationLayout(root: .flat([]), modals: []))
    }

    @Test(arguments: bothWidths)
    func modalStartsASheetContainer(layout: ContainerViewLayout) {
        let result = make([e("root"), e("m", .modal)], layout)
        #expect(result.root == .flat([e("root")]))
        #expect(result.modals == [Modal(controllers: [e("m", .modal)], isFlat: false, isStandalone: false)])
    }

    @Test(arguments: bothWidths)
    func flatModalStartsAFlatContainer(layout: ContainerViewLayout) {
        let result = make([e("root"), e("f", .flatModal)], layout)
        #expect(result.modals == [Modal(controllers: [e("f", .flatModal)], isFlat: true, isStandalone: false)])
    }

    @Test(arguments: bothWidths)
    func standaloneModalStartsAStandaloneContainer(layout: ContainerViewLayout) {
        let result = make([e("root"), e("s", .standaloneModal)], layout)
        #expect(result.modals == [Modal(controllers: [e("s", .standaloneModal)], isFlat: false, isStandalone: true)])
    }

    @Test(arguments: bothWidths)
    func standaloneFlatModalStartsAStandaloneFlatContainer(layout: ContainerViewLayout) {
        let result = make([e("root"), e("s", .standaloneFlatModal)], layout)
        #expect(result.modals == [Modal(controllers: [e("s", .standaloneFlatModal)], isFlat: true, isStandalone: true)])
    }

    @Test(arguments: bothWidths)
    func eachStartingModeStartsANewContainerEvenAboveAModal(layout: ContainerViewLayout) {
        let list = [e("root"), e("m1", .modal), e("m2", .modal), e("f", .flatModal), e("s", .standaloneModal)]
        let result = make(list, layout)
        #expect(result.root == .flat([e("root")]))
        #expect(result.modals.map { $0.controllers.map(\.id) } == [["m1"], ["m2"], ["f"], ["s"]])
    }

    @Test(arguments: bothWidths)
    func defaultPushedWhileAModalIsUpJoinsIt(layout: ContainerViewLayout) {
        let list = [e("root"), e("m", .modal), e("d1"), e("d2", .master)]
        let result = make(list, layout)
        #expect(result.root == .flat([e("root")]))
        #expect(result.modals == [Modal(controllers: [e("m", .modal), e("d1"), e("d2", .master)],
                                        isFlat: false, isStandalone: false)])
        // A flat modal is joined the same way.
        let flat = make([e("f", .flatModal), e("d")], layout)
        #expect(flat.modals == [Modal(controllers: [e("f", .flatModal), e("d")], isFlat: true, isStandalone: false)])
    }

    @Test(arguments: bothWidths)
    func defaultPushedAboveAStandaloneModalStartsANewContainer(layout: ContainerViewLayout) {
        for presentation in [NavigationPresentation.standaloneModal, .standaloneFlatModal] {
            let result = make([e("root"), e("s", presentation), e("d1"), e("d2")], layout)
            #expect(result.root == .flat([e("root")]))
            #expect(result.modals.count == 2)
            #expect(result.modals[0].controllers == [e("s", presentation)])
            #expect(result.modals[1] == Modal(controllers: [e("d1"), e("d2")], isFlat: false, isStandalone: false))
        }
    }

    @Test func modalInLargeLayoutIsAPushInCompact() {
        let list = [e("root"), e("x", .modalInLargeLayout)]
        #expect(make(list, Self.compact) == NavigationLayout(root: .flat(list), modals: []))
        // Above a modal it joins it, as any push does.
        let above = make([e("m", .modal), e("x", .modalInLargeLayout)], Self.compact)
        #expect(above.modals.map { $0.controllers.map(\.id) } == [["m", "x"]])
    }

    @Test func modalInLargeLayoutJoinsTheCurrentModalInRegular() {
        let joined = make([e("root"), e("m", .modal), e("x", .modalInLargeLayout)], Self.regular)
        #expect(joined.modals == [Modal(controllers: [e("m", .modal), e("x", .modalInLargeLayout)],
                                        isFlat: false, isStandalone: false)])
        // With no modal up (or a standalone one on top) it starts a plain sheet.
        let alone = make([e("root"), e("x", .modalInLargeLayout)], Self.regular)
        #expect(alone.root == .flat([e("root")]))
        #expect(alone.modals == [Modal(controllers: [e("x", .modalInLargeLayout)], isFlat: false, isStandalone: false)])
        let aboveStandalone = make([e("s", .standaloneModal), e("x", .modalInLargeLayout)], Self.regular)
        #expect(aboveStandalone.modals.map { $0.controllers.map(\.id) } == [["s"], ["x"]])
        #expect(aboveStandalone.modals[1].isStandalone == false)
    }

    @Test func modalInCompactLayoutJoinsTheCurrentModalInCompact() {
        let joined = make([e("root"), e("m", .modal), e("x", .modalInCompactLayout)], Self.compact)
        #expect(joined.modals == [Modal(controllers: [e("m", .modal), e("x", .modalInCompactLayout)],
                                        isFlat: false, isStandalone: false)])
        let alone = make([e("root"), e("x", .modalInCompactLayout)], Self.compact)
        #expect(alone.root == .flat([e("root")]))
        #expect(alone.modals == [Modal(controllers: [e("x", .modalInCompactLayout)], isFlat: false, isStandalone: false)])
        let aboveStandalone = make([e("s", .standaloneModal), e("x", .modalInCompactLayout)], Self.compact)
        #expect(aboveStandalone.modals.map { $0.controllers.map(\.id) } == [["s"], ["x"]])
    }

    @Test func modalInCompactLayoutIsAPushInRegular() {
        let list = [e("root"), e("x", .modalInCompactLayout)]
        #expect(make(list, Self.regular) == NavigationLayout(root: .flat(list), modals: []))
        let above = make([e("m", .modal), e("x", .modalInCompactLayout)], Self.regular)
        #expect(above.modals.map { $0.controllers.map(\.id) } == [["m", "x"]])
    }

    @Test func theClassComesFromTheMetricsNotTheSize() {
        // A container may hand down metrics that differ from what its size alone would give.
        let forced = ContainerViewLayout(size: Size(width: 80, height: 24),
                                         metrics: LayoutMetrics(widthClass: .regular, heightClass: .compact))
        let result = make([e("root"), e("x", .modalInLargeLayout)], forced)
        #expect(result.modals.count == 1)
    }

    @Test func masterDetailSplitsInRegularWidth() {
        let list = [e("chats", .master), e("chat"), e("info"), e("m", .modal), e("d")]
        let result = make(list, Self.regular, mode: .automaticMasterDetail)
        #expect(result.root == .split(master: [e("chats", .master)], detail: [e("chat"), e("info")]))
        #expect(result.modals.map { $0.controllers.map(\.id) } == [["m", "d"]])
        // With no detail yet the right column is empty, not missing.
        #expect(make([e("chats", .master)], Self.regular, mode: .automaticMasterDetail).root
                == .split(master: [e("chats", .master)], detail: []))
    }

    @Test func masterDetailCollapsesToOneStackInCompactWidth() {
        let list = [e("chats", .master), e("chat"), e("info")]
        #expect(make(list, Self.compact, mode: .automaticMasterDetail).root == .flat(list))
    }

    @Test func singleModeNeverSplits() {
        let list = [e("chats", .master), e("chat")]
        #expect(make(list, Self.regular, mode: .single).root == .flat(list))
    }

    @Test(arguments: [(120, 40), (160, 53), (200, 66), (300, 100), (79, 39), (100, 40), (60, 30)])
    func masterWidthIsAThirdBoundedBy40AndHalf(width: Int, expected: Int) {
        #expect(NavigationSplitLayout.masterWidth(forWidth: width) == expected)
    }
}
