import Foundation
import Logging
import Testing
@testable import Container
import TestSupport

@Suite("RotatingLogFile")
struct RotatingLogFileTests {
    static var lineShape: Regex<(Substring, tag: Substring, text: Substring)> { #/^\[(?<tag>[^\]]+)\] \d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}\.\d{3} (?<text>.*)$/# }
    static var nameShape: Regex<Substring> { #/^log-\d{4}-\d{2}-\d{2}_\d{2}-\d{2}-\d{2}\.\d{3}\.txt$/# }

    func logFiles(_ dir: String) -> [String] {
        FileSystem.listDirectory(dir).filter { $0.hasPrefix("log-") && $0.hasSuffix(".txt") }.sorted()
    }

    func lines(_ path: String) -> [String] {
        String(decoding: fileBytes(path) ?? [], as: UTF8.self).split(separator: "\n").map(String.init)
    }

    /// A log file of `size` bytes without writing them (sparse), named for an old date.
    func makeOldLog(_ dir: String, day: Int, millisecond: Int = 0, size: Int) throws -> String {
        let name = String(format: "log-2000-01-%02d_00-00-00.%03d.txt", day, millisecond)
        let path = dir + "/" + name
        try writeBytes([], to: path)
        #expect(truncate(path, off_t(size)) == 0)
        return name
    }

    @Test func limitsAreTelegrams() {
        #expect(RotatingLogFile.maxFileSize == 2 * 1024 * 1024)
        #expect(RotatingLogFile.maxFiles == 20)
    }

    @Test func firstLineCreatesADatedFileInTelegramsFormat() throws {
        try withTemporaryDirectory("log") { dir in
            let logDir = dir.sub("logs/app-logs")
            let log = try RotatingLogFile(directory: logDir)
            #expect(FileSystem.isDirectory(logDir))
            log.append(tag: "Launch", text: "phase=storage ms=12")
            log.append(tag: "Net", text: "second")
            let files = logFiles(logDir)
            try #require(files.count == 1)
            #expect(files[0].wholeMatch(of: Self.nameShape) != nil, "\(files[0])")
            #expect(fileMode(logDir + "/" + files[0]) == 0o600)
            let text = lines(logDir + "/" + files[0])
            try #require(text.count == 2)
            let first = try #require(text[0].wholeMatch(of: Self.lineShape))
            #expect(first.tag == "Launch")
            #expect(first.text == "phase=storage ms=12")
            #expect(text[1].wholeMatch(of: Self.lineShape)?.text == "second")
        }
    }

    @Test func newestFileUnderTheLimitIsReused() throws {
        try withTemporaryDirectory("log") { dir in
            try writeBytes(Array("older\n".utf8), to: dir.sub("log-2000-01-01_00-00-00.000.txt"))
            try writeBytes(Array("newest\n".utf8), to: dir.sub("log-2000-01-02_00-00-00.000.txt"))
            let log = try RotatingLogFile(directory: dir.path)
            log.append(tag: "t", text: "appended")
            #expect(logFiles(dir.path) == ["log-2000-01-01_00-00-00.000.txt", "log-2000-01-02_00-00-00.000.txt"])
            let text = lines(dir.sub("log-2000-01-02_00-00-00.000.txt"))
            #expect(text.count == 2)
            #expect(text.first == "newest")
            #expect(text.last?.hasSuffix(" appended") == true)
            #expect(lines(dir.sub("log-2000-01-01_00-00-00.000.txt")) == ["older"])
        }
    }

    @Test func fileOfExactly2MiBIsNotReused() throws {
        try withTemporaryDirectory("log") { dir in
            let full = try makeOldLog(dir.path, day: 1, size: RotatingLogFile.maxFileSize)
            let log = try RotatingLogFile(directory: dir.path)
            log.append(tag: "t", text: "x")
            let files = logFiles(dir.path)
            #expect(files.count == 2)
            #expect(files.first == full)
            #expect(FileSystem.fileSize(dir.sub(full)) == RotatingLogFile.maxFileSize)
        }
    }

    @Test func rotatesOnceTheCurrentFileReaches2MiB() throws {
        try withTemporaryDirectory("log") { dir in
            let start = RotatingLogFile.maxFileSize - 10
            let almost = try makeOldLog(dir.path, day: 1, size: start)
            let log = try RotatingLogFile(directory: dir.path)
            log.append(tag: "t", text: "crosses the limit")
            // That line went into the almost-full file (it was under the limit when chosen)...
            #expect(logFiles(dir.path) == [almost])
            let size = try #require(FileSystem.fileSize(dir.sub(almost)))
            #expect(size > RotatingLogFile.maxFileSize)
            // ...and the next one starts a new file.
            log.append(tag: "t", text: "fresh file")
            let files = logFiles(dir.path)
            try #require(files.count == 2)
            #expect(files[0] == almost)
            #expect(FileSystem.fileSize(dir.sub(almost)) == size)
            let text = lines(dir.sub(files[1]))
            #expect(text.count == 1)
            #expect(text.first?.wholeMatch(of: Self.lineShape)?.text == "fresh file")
        }
    }

    @Test func rotatesWhileWritingInOneProcess() throws {
        try withTemporaryDirectory("log") { dir in
            let log = try RotatingLogFile(directory: dir.path)
            let chunk = String(repeating: "a", count: 256 * 1024)
            for _ in 0..<8 { log.append(tag: "bulk", text: chunk) }
            let first = logFiles(dir.path)
            try #require(first.count == 1)
            #expect(try #require(FileSystem.fileSize(dir.sub(first[0]))) >= RotatingLogFile.maxFileSize)
            // Let the millisecond of the file name move on, then write again.
            usleep(5_000)
            log.append(tag: "bulk", text: "after rotation")
            let files = logFiles(dir.path)
            try #require(files.count == 2)
            #expect(files[0] == first[0])
            #expect(lines(dir.sub(files[1])).count == 1)
        }
    }

    @Test func keepsAtMostTwentyFilesDroppingTheOldest() throws {
        try withTemporaryDirectory("log") { dir in
            var names: [String] = []
            for day in 1...20 { names.append(try makeOldLog(dir.path, day: day, size: RotatingLogFile.maxFileSize)) }
            // Unrelated files are neither counted nor removed.
            try writeBytes([1], to: dir.sub("notes.txt"))
            let log = try RotatingLogFile(directory: dir.path)
            log.append(tag: "t", text: "twenty-first")
            let files = logFiles(dir.path)
            #expect(files.count == RotatingLogFile.maxFiles)
            #expect(!files.contains(names[0]), "the oldest file was kept")
            #expect(Array(files.prefix(19)) == Array(names[1...]))
            #expect(lines(dir.sub(files[19])).first?.hasSuffix(" twenty-first") == true)
            #expect(fileBytes(dir.sub("notes.txt")) == [1])
        }
    }

    @Test func excessFilesFromEarlierRunsAreTrimmed() throws {
        try withTemporaryDirectory("log") { dir in
            var names: [String] = []
            for day in 1...25 { names.append(try makeOldLog(dir.path, day: day, size: RotatingLogFile.maxFileSize)) }
            let log = try RotatingLogFile(directory: dir.path)
            log.append(tag: "t", text: "x")
            let files = logFiles(dir.path)
            #expect(files.count == RotatingLogFile.maxFiles)
            #expect(Array(files.prefix(19)) == Array(names.suffix(19)))
        }
    }

    @Test func concurrentAppendsProduceWholeLines() throws {
        try withTemporaryDirectory("log") { dir in
            let log = try RotatingLogFile(directory: dir.path)
            DispatchQueue.concurrentPerform(iterations: 8) { t in
                for i in 0..<200 { log.append(tag: "T\(t)", text: "line \(i) " + String(repeating: "z", count: 100)) }
            }
            let files = logFiles(dir.path)
            try #require(files.count == 1)
            let text = lines(dir.sub(files[0]))
            #expect(text.count == 1600)
            #expect(text.allSatisfy { $0.wholeMatch(of: Self.lineShape) != nil })
        }
    }

    @Test func timestampFormats() {
        let p = LogTimestamp.Parts(year: 2026, month: 3, day: 4, hour: 5, minute: 6, second: 7, millisecond: 8)
        #expect(LogTimestamp.line(p) == "2026-03-04 05:06:07.008")
        #expect(LogTimestamp.fileName(p) == "log-2026-03-04_05-06-07.008.txt")
        let q = LogTimestamp.Parts(year: 2026, month: 12, day: 31, hour: 23, minute: 59, second: 59, millisecond: 999)
        #expect(LogTimestamp.fileName(p) < LogTimestamp.fileName(q))
    }
}

@Suite("FileLogHandler")
struct FileLogHandlerTests {
    @Test func writesLevelMessageAndSortedMetadata() throws {
        try withTemporaryDirectory("loghandler") { dir in
            let file = try RotatingLogFile(directory: dir.path)
            var logger = Logger(label: "Storage") { FileLogHandler(label: $0, file: file) }
            logger[metadataKey: "z"] = "last"
            logger.info("opened", metadata: ["b": "2", "a": "1"])
            logger.warning("slow")
            logger.debug("hidden at info level")
            let name = try #require(FileSystem.listDirectory(dir.path).first)
            let text = String(decoding: fileBytes(dir.sub(name)) ?? [], as: UTF8.self).split(separator: "\n").map(String.init)
            try #require(text.count == 2)
            #expect(text[0].hasPrefix("[Storage] "))
            #expect(text[0].hasSuffix(" opened a=1 b=2 z=last"))
            #expect(text[1].hasSuffix(" warning: slow z=last"))
        }
    }

    @Test func redactedKeepsOnlyTheLength() {
        #expect(redacted("secret message") == "<redacted 14 bytes>")
        #expect(redacted("Привет") == "<redacted 12 bytes>")
        #expect(!redacted("SecretNeedle").contains("Secret"))
    }
}
