@testable import Messaging
import Container
import Cryptography
import Glibc
import RequestChannel
import Storage
import Testing
import TestSupport

/// Sending files: a picture told by its bytes with its sides from its header, a photo's
/// thumbnail in the MediaBox, everything else a file with its name, type and size; one message
/// per file, the caption on the first, all or nothing.
@Suite("OutgoingFile: files sent as media")
struct OutgoingFileTests {
    static let jpeg = FileSystem.parentPath(#filePath) + "/Vectors/photo-64x48.jpg"

    static func png(width: UInt32, height: UInt32) -> [UInt8] {
        func be(_ v: UInt32) -> [UInt8] { [UInt8(v >> 24), UInt8(v >> 16 & 0xFF), UInt8(v >> 8 & 0xFF), UInt8(v & 0xFF)] }
        return [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + be(13) + Array("IHDR".utf8) + be(width) + be(height) + [8, 6, 0, 0, 0]
    }

    static func webp(_ chunk: String, _ body: [UInt8]) -> [UInt8] {
        Array("RIFF".utf8) + [0, 0, 0, 0] + Array("WEBP".utf8) + Array(chunk.utf8) + [0, 0, 0, 0] + body + [UInt8](repeating: 0, count: 16)
    }

    @Test func picturesAreToldByTheirBytesWithTheirSides() throws {
        #expect(PhotoHeader.read(try FileSystem.readFile(Self.jpeg)) == PhotoHeader(mimeType: "image/jpeg", width: 64, height: 48))
        #expect(PhotoHeader.read(Self.png(width: 300, height: 200)) == PhotoHeader(mimeType: "image/png", width: 300, height: 200))
        #expect(PhotoHeader.read(Array("GIF89a".utf8) + [0x40, 0x01, 0xF0, 0x00, 0, 0, 0]) == PhotoHeader(mimeType: "image/gif", width: 320, height: 240))
        // Lossy: a frame tag, the start code, 14-bit sides.
        #expect(PhotoHeader.read(Self.webp("VP8 ", [0, 0, 0, 0x9D, 0x01, 0x2A, 0x80, 0x02, 0xE0, 0x01]))
                == PhotoHeader(mimeType: "image/webp", width: 640, height: 480))
        // Lossless: the signature, then sides less one in 14 bits each.
        let bits: UInt32 = (99) | (49 << 14)
        #expect(PhotoHeader.read(Self.webp("VP8L", [0x2F, UInt8(bits & 0xFF), UInt8(bits >> 8 & 0xFF), UInt8(bits >> 16 & 0xFF), UInt8(bits >> 24)]))
                == PhotoHeader(mimeType: "image/webp", width: 100, height: 50))
        // Extended: the canvas, sides less one in 24 bits each.
        #expect(PhotoHeader.read(Self.webp("VP8X", [0, 0, 0, 0, 0x1F, 0x03, 0x00, 0x57, 0x02, 0x00]))
                == PhotoHeader(mimeType: "image/webp", width: 800, height: 600))
        // Text is no picture, whatever it is called; a header without sides is none either.
        #expect(PhotoHeader.read(Array("not a picture".utf8)) == nil)
        #expect(PhotoHeader.read(Self.png(width: 0, height: 10)) == nil)
    }

    @Test func sendsAPhotoAndFilesAsOneMessageEachCaptionOnTheFirst() throws {
        try withPostbox("outgoing-files") { dir, postbox, peer in
            let box = postbox.mediaBox
            try box.createDirectories()
            try FileSystem.copyFile(from: Self.jpeg, to: box.resourcePath("p"), limit: 1 << 20)
            // Named .jpg but text: a file, typed by its bytes.
            try AtomicFile.write(Array("plain notes\n".utf8), to: box.resourcePath("n"))
            try AtomicFile.write(Array("%PDF-1.4 …".utf8), to: box.resourcePath("d"))
            let files = try [("p", "trip.jpg"), ("n", "notes.jpg"), ("d", "/tmp/x/report.pdf")].map {
                try OutgoingFile.describe(resourceId: $0.0, fileName: $0.1, mediaBox: box)
            }
            #expect(files[0].media == MessageFile(kind: "photo", fileName: "trip.jpg", mimeType: "image/jpeg", size: Int64(FileSystem.fileSize(Self.jpeg)!),
                                                  width: 64, height: 48))
            #expect(files[0].resourceIds == ["p", "p-thumb"])
            let thumbnail = try FileSystem.readFile(box.resourcePath("p-thumb"))
            #expect(PhotoHeader.read(thumbnail) == PhotoHeader(mimeType: "image/png", width: 64, height: 48))
            #expect(files[1].media == MessageFile(kind: "file", fileName: "notes.jpg", mimeType: "text/plain", size: 12))
            #expect(files[2].media.fileName == "report.pdf" && files[2].media.mimeType == "application/pdf")

            let ids = try MessageActions(postbox: postbox, clock: { 5_000 }).send(files: files, caption: "the trip", to: peer)
            let stored = try postbox.read { t in try ids.map { try t.message($0)! } }
            #expect(stored.map(\.text) == ["the trip", "", ""])
            #expect(stored.map(\.contentKind) == [.image, .file, .file])
            #expect(stored.map { $0.extras.file?.fileName } == ["trip.jpg", "notes.jpg", "report.pdf"])
            #expect(stored[0].mediaResourceIds == ["p", "p-thumb"])
            #expect(MessageSummary.text(of: stored[2]) == "📎 report.pdf")
            #expect(MessageSummary.text(of: stored[0]) == "🖼 the trip")
        }
    }

    /// WebP and GIF photos get their thumbnail too (a GIF's first frame), decoded by Drawing.
    @Test func webpAndGIFPhotosGetAThumbnail() throws {
        let vectors = FileSystem.parentPath(FileSystem.parentPath(#filePath)) + "/DrawingTests/Vectors/"
        try withPostbox("outgoing-webp-gif") { dir, postbox, peer in
            let box = postbox.mediaBox
            try box.createDirectories()
            for (id, name, type, width, height) in [("w", "photo-64x48-lossy.webp", "image/webp", 64, 48),
                                                     ("g", "interlaced-16x32.gif", "image/gif", 16, 32)] {
                try FileSystem.copyFile(from: vectors + name, to: box.resourcePath(id), limit: 1 << 20)
                let file = try OutgoingFile.describe(resourceId: id, fileName: name, mediaBox: box)
                #expect(file.media.kind == "photo" && file.media.mimeType == type && file.media.width == Int32(width))
                #expect(file.resourceIds == [id, id + "-thumb"], "\(name)")
                let thumbnail = try FileSystem.readFile(box.resourcePath(id + "-thumb"))
                #expect(PhotoHeader.read(thumbnail) == PhotoHeader(mimeType: "image/png", width: width, height: height), "\(name)")
            }
            // A GIF Drawing refuses (its frame outside its screen) still goes as a photo, without one.
            var hostile = try FileSystem.readFile(vectors + "transparent-16x16.gif")
            let frame = try #require((13..<hostile.count).first { hostile[$0] == 0x2C })
            hostile[frame + 1] = 9
            try AtomicFile.write(hostile, to: box.resourcePath("h"))
            let file = try OutgoingFile.describe(resourceId: "h", fileName: "h.gif", mediaBox: box)
            #expect(file.media.kind == "photo" && file.resourceIds == ["h"])
        }
    }

    /// A chat files cannot go to: nothing of the send is stored.
    @Test func aRefusedSendStoresNothing() throws {
        try withPostbox("outgoing-refused") { dir, postbox, peer in
            try AtomicFile.write(Array("x".utf8), to: postbox.mediaBox.resourcePath("a"))
            let file = try OutgoingFile.describe(resourceId: "a", fileName: "a.txt", mediaBox: postbox.mediaBox)
            let secret = PeerId(namespace: .secretChat, id: 9)
            try postbox.transaction { t in try t.updatePeer(Peer(id: secret, firstName: "Secret")) }
            #expect(throws: (any Error).self) { try MessageActions(postbox: postbox).send(files: [file, file], caption: "c", to: secret) }
            #expect(try postbox.read { try $0.latestMessages(secret, limit: 5) }.isEmpty)
            let eleven = [OutgoingFile](repeating: file, count: ShareLimits.maximumFiles + 1)
            #expect(throws: MessageActionRefusal.self) { try MessageActions(postbox: postbox).send(files: eleven, caption: "", to: peer) }
        }
    }

    /// The composer's checks name what a path is, never opening a FIFO; a cancelled copy leaves nothing.
    @Test func pickedFilesAreCheckedAndACancelledCopyLeavesNothing() throws {
        try withTemporaryDirectory("picked-files") { dir in
            let fifo = dir.sub("pipe")
            #expect(mkfifo(fifo, 0o600) == 0)
            #expect(throws: MessageActionRefusal("\(fifo) is a FIFO (named pipe), not a file")) { try PickedFile.check(fifo) }
            #expect(throws: MessageActionRefusal("\(dir.path) is a directory; send the files in it")) { try PickedFile.check(dir.path) }
            #expect(throws: MessageActionRefusal("\(dir.sub("nope")): no such file")) { try PickedFile.check(dir.sub("nope")) }
            let big = dir.sub("big.bin")
            let fd = open(big, O_CREAT | O_WRONLY, 0o600)
            // Over the share extension's 32 MiB is fine for main's own composer; over Telegram's 2,000 MiB is not.
            #expect(ftruncate(fd, off_t(ShareLimits.maximumFileSize + 1)) == 0)
            #expect(try PickedFile.check(big).size == ShareLimits.maximumFileSize + 1)
            #expect(ftruncate(fd, off_t(ComposerLimits.maximumFileSize + 1)) == 0)
            close(fd)
            #expect(throws: MessageActionRefusal("\(big) is 2001 MiB; files up to 2000 MiB can be sent")) { try PickedFile.check(big) }

            let fine = dir.sub("fine.bin")
            let out = open(fine, O_CREAT | O_WRONLY, 0o600)
            #expect(ftruncate(out, off_t(1 << 20)) == 0)
            close(out)
            let picked = try PickedFile.check(fine)
            #expect(picked.size == 1 << 20 && picked.name == "fine.bin")
            let box = MediaBox(basePath: dir.sub("media"))
            #expect(throws: SystemError.self) { try picked.copy(into: box, as: "r") { $0 < 128 << 10 } }
            #expect(FileSystem.listDirectory(box.basePath).filter { $0 != "cached" }.isEmpty)
            try picked.copy(into: box, as: "r")
            #expect(FileSystem.fileSize(box.resourcePath("r")) == 1 << 20)
        }
    }

    private func withPostbox(_ label: String, _ body: (TemporaryDirectory, Postbox, PeerId) throws -> Void) throws {
        try withTemporaryDirectory(label) { dir in
            let postbox = try Postbox(layout: ContainerLayout(containerPath: dir.path), accountId: 3,
                                      deviceKey: DeviceKey(bytes: (0 ..< 48).map { UInt8($0 &* 3) }), readOnly: false)
            let peer = PeerId(namespace: .cloudUser, id: 7)
            try postbox.transaction { t in try t.updatePeer(Peer(id: peer, firstName: "Ada")) }
            try body(dir, postbox, peer)
        }
    }
}
