import RequestChannel
import Testing

/// One rule for how far a background command is, read by the interface's title ("Importing…
/// N%"), the issuing process's bar and the app's answer to a status request.
@Suite("BackgroundProgress")
struct BackgroundProgressTests {
    @Test("The fraction and percent: part way, past the end, nothing to do, a bad count")
    func fractionAndPercent() {
        func progress(_ done: Int, _ total: Int) -> BackgroundProgress { BackgroundProgress(label: "Importing", done: done, total: total) }
        #expect(progress(0, 200).fraction == 0 && progress(0, 200).percent == 0)
        #expect(progress(50, 200).fraction == 0.25 && progress(50, 200).percent == 25)
        #expect(progress(199, 200).percent == 99, "not rounded up to done before it is")
        #expect(progress(200, 200).percent == 100)
        #expect(progress(300, 200).fraction == 1, "never past the end")
        #expect(progress(0, 0).fraction == 1 && progress(0, 0).percent == 100, "nothing to do is all done")
        #expect(progress(-5, 200).fraction == 0, "never below the start")
    }
}
