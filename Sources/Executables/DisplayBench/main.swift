// display-bench: how long one full frame takes, for Scripts/bench (the budget in Benchmarks/budgets.toml).
// Not shipped to users; a measuring tool like hello-reference.
import Display
#if canImport(Glibc)
import Glibc
#endif

let usage = """
    display-bench — time Display's full frame: layout, drawing and the diff a backend sends.

    Usage: display-bench [--frames N] [--size WxH] [--json]

    Each frame lays the whole tree out for the size (200x60 by default), moves a selection in a
    sheet and in the 1,000-row list under it, draws every cell into the surface, and diffs it
    against the previous frame (what the terminal backend writes). The reference is a plain copy
    of the same cells, timed in the same process: the ratio does not depend on the machine.

      --frames N   frames to time after 100 of warm-up (default 2000)
      --size WxH   the terminal size in cells (default 200x60)
      --json       one JSON object on stdout instead of text
      --help       this text
    """

func fail(_ message: String) -> Never {
    let line = "display-bench: error: \(message)\n"
    _ = line.withCString { write(2, $0, strlen($0)) }
    exit(2)
}

var frames = 2000, width = 200, height = 60, json = false
var arguments = CommandLine.arguments.dropFirst()
while let argument = arguments.popFirst() {
    switch argument {
    case "--help", "-h": print(usage); exit(0)
    case "--json": json = true
    case "--frames":
        guard let value = arguments.popFirst().flatMap({ Int($0) }), (1 ... 1_000_000).contains(value) else {
            fail("--frames needs a number from 1 to 1000000")
        }
        frames = value
    case "--size":
        let parts = arguments.popFirst()?.split(separator: "x").compactMap { Int($0) } ?? []
        guard parts.count == 2, (10 ... 1000).contains(parts[0]), (5 ... 1000).contains(parts[1]) else {
            fail("--size needs WxH, each 10 to 1000 (5 for the height)")
        }
        (width, height) = (parts[0], parts[1])
    default: fail("unknown argument \(argument) (see --help)")
    }
}

let result = MainActor.assumeIsolated { FrameBenchmark(width: width, height: height).run(frames: frames) }
if json {
    print(result.json)
} else {
    print(result.text)
}
