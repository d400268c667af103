import Display

#if canImport(Glibc)
import Glibc
#endif

/// Times frames of `FrameScene` and the reference, per frame, and summarises them.
@MainActor
struct FrameBenchmark {
    let scene: FrameScene

    init(width: Int, height: Int) {
        scene = FrameScene(width: width, height: height)
    }

    struct Result {
        let size: Size
        let frames: Int
        let frame: Summary
        let draw: Summary
        let diff: Summary
        let reference: Summary
        let changedCells: Int

        var ratio: Double { frame.median / reference.median }

        var json: String {
            """
            {"width":\(size.width),"height":\(size.height),"frames":\(frames),\
            "frameMicroseconds":\(frame.json),"drawMicroseconds":\(draw.json),"diffMicroseconds":\(diff.json),\
            "referenceMicroseconds":\(reference.json),"ratio":\(format(ratio)),"changedCellsPerFrame":\(changedCells)}
            """
        }

        var text: String {
            """
            \(size.width)x\(size.height), \(frames) frames, \(changedCells) cells changed per frame
              frame (layout + draw + diff)  median \(format(frame.median)) µs  p90 \(format(frame.p90)) µs
                of which layout + draw       median \(format(draw.median)) µs
                of which diff                median \(format(diff.median)) µs
              reference (copy of the cells) median \(format(reference.median)) µs
              ratio                         \(format(ratio)) x reference
            """
        }
    }

    struct Summary {
        let median: Double
        let p90: Double
        init(_ samples: [Double]) {
            let sorted = samples.sorted()
            median = sorted[sorted.count / 2]
            p90 = sorted[min(sorted.count * 9 / 10, sorted.count - 1)]
        }
        var json: String { "{\"median\":\(format(median)),\"p90\":\(format(p90))}" }
    }

    func run(frames: Int) -> Result {
        var surface = Surface(width: 0, height: 0)
        var previous = Surface(width: 0, height: 0)
        for index in 0 ..< 100 {
            scene.frame(index, into: &surface)
            _ = surface.diff(from: previous)
            swap(&surface, &previous)
        }
        var frameTimes: [Double] = [], drawTimes: [Double] = [], diffTimes: [Double] = [], referenceTimes: [Double] = []
        var changed = 0
        var sink = 0
        for index in 0 ..< frames {
            let start = now()
            scene.frame(100 + index, into: &surface)
            let drawn = now()
            let runs = surface.diff(from: previous)
            let end = now()
            frameTimes.append(end - start)
            drawTimes.append(drawn - start)
            diffTimes.append(end - drawn)
            changed = runs.reduce(0) { $0 + $1.cells.count }
            // The reference: every cell of the same frame copied once, as a renderer that kept
            // no state would.
            let referenceStart = now()
            var copy: [Cell] = []
            copy.reserveCapacity(surface.width * surface.height)
            for row in 0 ..< surface.height { copy.append(contentsOf: surface.row(row)) }
            referenceTimes.append(now() - referenceStart)
            sink &+= copy.count
            swap(&surface, &previous)
        }
        precondition(sink > 0)
        return Result(size: scene.size, frames: frames, frame: Summary(frameTimes), draw: Summary(drawTimes),
                      diff: Summary(diffTimes), reference: Summary(referenceTimes), changedCells: changed)
    }
}

/// Microseconds on the monotonic clock.
func now() -> Double {
    var time = timespec()
    clock_gettime(CLOCK_MONOTONIC, &time)
    return Double(time.tv_sec) * 1_000_000 + Double(time.tv_nsec) / 1000
}

func format(_ value: Double) -> String {
    let hundredths = Int((value * 100).rounded())
    let fraction = hundredths % 100
    return "\(hundredths / 100).\(fraction < 10 ? "0" : "")\(fraction)"
}
