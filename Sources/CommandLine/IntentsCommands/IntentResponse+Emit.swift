import ArgumentParser
import CommandLineSupport
import Formats
import SiriIntents

extension IntentResponse {
    /// Prints the answer; a code other than success, inProgress or continueInApp ends the
    /// process with its exit status.
    func emit(json: Bool) throws {
        json ? StandardStreams.writeJSON(try JSONFile.text(self)) : StandardStreams.writeLines(lines)
        if code.exitStatus != 0 { throw ExitCode(code.exitStatus) }
    }
}
