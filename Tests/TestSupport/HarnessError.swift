/// A test harness's failure, with everything a reader of the log needs to see why.
public struct HarnessError: Error, CustomStringConvertible {
    public let description: String
    public init(_ description: String) { self.description = description }
}
