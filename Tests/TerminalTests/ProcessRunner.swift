import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Runs a built executable to its end for a terminal test, without holding one of the test run's
/// two pool threads: the process is waited for on a thread of its own, and its output goes to
/// files, not pipes. (A pipe's reader waits for every writer to close it, and a process spawned
/// meanwhile by another test, a tmux server, could inherit it: a pool thread blocked there and
/// another in a blocking test starved the run until CI's limit.)
enum ProcessRunner {
    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    static func run(_ executable: String, _ arguments: [String], input: String? = nil,
                    timeout: Double = 180) async throws -> (status: Int32, output: String, errors: String) {
        let base = FileManager.default.temporaryDirectory.appendingPathComponent("tg-run-\(getpid())-\(UInt32.random(in: 0 ... .max))").path
        let (outputPath, errorsPath, inputPath) = (base + ".out", base + ".err", base + ".in")
        defer { for path in [outputPath, errorsPath, inputPath] { unlink(path) } }
        FileManager.default.createFile(atPath: outputPath, contents: nil)
        FileManager.default.createFile(atPath: errorsPath, contents: nil)
        FileManager.default.createFile(atPath: inputPath, contents: Data((input ?? "").utf8))
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        process.standardOutput = FileHandle(forWritingAtPath: outputPath)
        process.standardError = FileHandle(forWritingAtPath: errorsPath)
        process.standardInput = input == nil ? FileHandle.nullDevice : FileHandle(forReadingAtPath: inputPath)
        try process.run()
        let finished = await onOwnThread { () -> Bool in
            // Polled: waitUntilExit() can spin forever on Linux when the child hangs.
            let deadline = Date().addingTimeInterval(timeout)
            while process.isRunning {
                if Date() > deadline {
                    kill(process.processIdentifier, SIGKILL)
                    while process.isRunning { usleep(5_000) }
                    return false
                }
                usleep(5_000)
            }
            return true
        }
        let output = (try? String(contentsOfFile: outputPath, encoding: .utf8)) ?? ""
        let errors = (try? String(contentsOfFile: errorsPath, encoding: .utf8)) ?? ""
        guard finished else {
            throw Failure(description: "\(executable) \(arguments.joined(separator: " ")) still running after \(timeout) s, killed: \(errors)")
        }
        return (process.terminationStatus, output, errors)
    }

    /// `body` on a pthread of its own, not the test pool.
    static func onOwnThread<T: Sendable>(_ body: @escaping @Sendable () -> T) async -> T {
        await withCheckedContinuation { continuation in
            let thread = Thread { continuation.resume(returning: body()) }
            thread.start()
        }
    }
}
