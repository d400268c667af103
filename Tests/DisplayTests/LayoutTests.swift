@testable import Display
import Testing

/// `LayoutMetrics` thresholds and `ContainerViewLayout`'s helpers.
@Suite("Layout: size classes and the container layout")
struct LayoutTests {
    @Test func widthClassTurnsRegularAtTheThreshold() {
        let w = LayoutMetrics.regularWidthThreshold
        #expect(w == 120)
        #expect(LayoutMetrics(size: Size(width: w - 1, height: 40)).widthClass == .compact)
        #expect(LayoutMetrics(size: Size(width: w, height: 40)).widthClass == .regular)
        #expect(LayoutMetrics(size: Size(width: 80, height: 24)).widthClass == .compact)
    }

    @Test func heightClassTurnsRegularAtTheThreshold() {
        let h = LayoutMetrics.regularHeightThreshold
        #expect(h == 32)
        #expect(LayoutMetrics(size: Size(width: 80, height: h - 1)).heightClass == .compact)
        #expect(LayoutMetrics(size: Size(width: 80, height: h)).heightClass == .regular)
        #expect(LayoutMetrics(size: Size(width: 80, height: 24)).heightClass == .compact)
    }

    @Test func layoutDerivesItsMetricsFromItsSizeUnlessGiven() {
        #expect(ContainerViewLayout(size: Size(width: 160, height: 50)).metrics
                == LayoutMetrics(widthClass: .regular, heightClass: .regular))
        let forced = LayoutMetrics(widthClass: .compact, heightClass: .regular)
        #expect(ContainerViewLayout(size: Size(width: 160, height: 50), metrics: forced).metrics == forced)
    }

    @Test func withoutInputHeightDropsOnlyTheInput() {
        let layout = ContainerViewLayout(size: Size(width: 80, height: 24), safeInsets: Insets(left: 1),
                                         statusBarHeight: 1, inputHeight: 3, additionalInsets: Insets(bottom: 1))
        let stripped = layout.withoutInputHeight()
        #expect(stripped.inputHeight == nil)
        #expect(stripped.size == layout.size && stripped.safeInsets == layout.safeInsets)
        #expect(stripped.statusBarHeight == 1 && stripped.additionalInsets == layout.additionalInsets)
        #expect(stripped.contentRect == Rect(column: 1, row: 1, width: 79, height: 22))
    }

    @Test func contentRectTakesEveryInset() {
        let bare = ContainerViewLayout(size: Size(width: 80, height: 24))
        #expect(bare.contentRect == Rect(column: 0, row: 0, width: 80, height: 24))

        // Status bar adds to the top; safe and additional insets add up.
        let layout = ContainerViewLayout(size: Size(width: 80, height: 24),
                                         safeInsets: Insets(top: 1, left: 2, bottom: 1, right: 2),
                                         statusBarHeight: 1, additionalInsets: Insets(bottom: 2))
        #expect(layout.insets == Insets(top: 2, left: 2, bottom: 3, right: 2))
        #expect(layout.contentRect == Rect(column: 2, row: 2, width: 76, height: 19))
    }

    @Test func inputCoversTheBottomInsetRatherThanAddingToIt() {
        var layout = ContainerViewLayout(size: Size(width: 80, height: 24), safeInsets: Insets(bottom: 1),
                                         inputHeight: 3)
        #expect(layout.insets.bottom == 3)
        layout.inputHeight = 0
        #expect(layout.insets.bottom == 1)
    }

    @Test func insetsLargerThanTheSizeGiveAnEmptyRect() {
        let layout = ContainerViewLayout(size: Size(width: 4, height: 3), safeInsets: Insets(top: 2, left: 3, bottom: 2, right: 3))
        #expect(layout.contentRect.isEmpty)
        #expect(layout.contentRect.width == 0 && layout.contentRect.height == 0)
    }
}
