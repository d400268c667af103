import ArgumentParser
import BroadcastUpload
import CommandLineSupport

// The broadcast's option values, read by the `init?(argument:)` each type declares.
extension FrameSize: ExpressibleByArgument {}
extension FrameSourceChoice: ExpressibleByArgument {}
