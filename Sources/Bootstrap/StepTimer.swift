import Container

/// Named, timed steps: the bootstrap's and main's launch phases are each measured and reported.
public struct StepTiming: Codable, Sendable, Equatable {
    public let name: String
    public let milliseconds: Double
}

public final class StepTimer {
    public private(set) var steps: [StepTiming] = []
    private let start = Clock.monotonicNanoseconds()

    public init() {}

    public func step<T>(_ name: String, _ body: () throws -> T) rethrows -> T {
        let begin = Clock.monotonicNanoseconds()
        defer { steps.append(StepTiming(name: name, milliseconds: Clock.milliseconds(since: begin))) }
        return try body()
    }

    public func step<T>(_ name: String, _ body: () async throws -> T) async rethrows -> T {
        let begin = Clock.monotonicNanoseconds()
        defer { steps.append(StepTiming(name: name, milliseconds: Clock.milliseconds(since: begin))) }
        return try await body()
    }

    public var totalMilliseconds: Double { Clock.milliseconds(since: start) }
}
