import Container
import Foundation
import Testing
import TestSupport
@testable import MTProtoKit

/// TransportConnection over loopback TCP against a peer in Python built from Telethon's codecs
/// and `cryptography`'s AES-CTR (not this client's code), over every transport kind; and the socket's typed
/// errors, timeouts and cancellation.
@Suite("transport: connections")
struct TransportConnectionTests {
    /// Serves one command per packet (its first 4 bytes): ECHO answers the packet (padded with
    /// 0…15 random bytes on the padded transport), E404 a transport error, HUGE a frame header
    /// announcing 32 MiB, TRNC half a frame then the end, SHUT the end, STAL nothing.
    static let peerScript = #"""
import asyncio, os, random, struct, sys
from cryptography.hazmat.primitives.ciphers import Cipher, algorithms, modes
from telethon.network.connection.tcpabridged import AbridgedPacketCodec
from telethon.network.connection.tcpintermediate import IntermediatePacketCodec

class Plain:
    def __init__(self, reader): self.reader = reader
    async def readexactly(self, n): return await self.reader.readexactly(n)
    def wrap(self, data): return data

class Obfuscated:
    def __init__(self, reader, init):
        reversed_ = init[8:56][::-1]
        self.reader = reader
        # AES-256-CTR from `cryptography` (Telethon's pyaes is too slow for megabyte frames).
        self.decrypt = Cipher(algorithms.AES(bytes(init[8:40])), modes.CTR(bytes(init[40:56]))).encryptor()
        self.encrypt = Cipher(algorithms.AES(bytes(reversed_[:32])), modes.CTR(bytes(reversed_[32:48]))).encryptor()
        self.tag = self.decrypt.update(bytes(init))[56:60]
    async def readexactly(self, n): return self.decrypt.update(await self.reader.readexactly(n))
    def wrap(self, data): return self.encrypt.update(data)

async def handle(reader, writer):
    try:
        first = await reader.readexactly(1)
        if first == b'\xef':
            stream, kind = Plain(reader), 'abridged'
        else:
            head = first + await reader.readexactly(3)
            if head == b'\xee\xee\xee\xee': stream, kind = Plain(reader), 'intermediate'
            elif head == b'\xdd\xdd\xdd\xdd': stream, kind = Plain(reader), 'padded'
            else:
                stream = Obfuscated(reader, head + await reader.readexactly(60))
                kind = {b'\xef\xef\xef\xef': 'abridged', b'\xee\xee\xee\xee': 'intermediate', b'\xdd\xdd\xdd\xdd': 'padded'}[stream.tag]
        codec = AbridgedPacketCodec(None) if kind == 'abridged' else IntermediatePacketCodec(None)
        while True:
            packet = await codec.read_packet(stream)
            if kind == 'padded':
                packet = packet[:24 + (len(packet) - 24) // 16 * 16]
            command = packet[:4]
            if command == b'ECHO':
                body = packet + (os.urandom(random.randint(0, 15)) if kind == 'padded' else b'')
                writer.write(stream.wrap(codec.encode_packet(body)))
            elif command == b'E404':
                writer.write(stream.wrap(codec.encode_packet(struct.pack('<i', -404))))
            elif command == b'HUGE':
                header = b'\x7f\x00\x00\x80' if kind == 'abridged' else struct.pack('<I', 32 << 20)
                writer.write(stream.wrap(header))
            elif command == b'TRNC':
                writer.write(stream.wrap(codec.encode_packet(packet)[:len(packet) // 2]))
                await writer.drain()
                break
            elif command == b'SHUT':
                break
            await writer.drain()
    except (asyncio.IncompleteReadError, ConnectionError):
        pass
    writer.close()

async def main():
    server = await asyncio.start_server(handle, '127.0.0.1', 0)
    print(server.sockets[0].getsockname()[1], flush=True)
    await server.serve_forever()

asyncio.run(main())
"""#

    /// The Python peer, running until the test ends.
    final class Peer {
        let process: ChildProcess
        let directory: TemporaryDirectory
        let port: UInt16

        init() throws {
            let python = try PackagePaths.requireVenvPython()
            directory = try TemporaryDirectory("mtproto-peer")
            process = try ChildProcess(python, ["-c", TransportConnectionTests.peerScript],
                                       stdout: directory.sub("port"), stderr: directory.sub("err"))
            let deadline = Container.Clock.monotonicNanoseconds() + 20_000_000_000
            var port: UInt16?
            while port == nil && Container.Clock.monotonicNanoseconds() < deadline && process.isRunning {
                port = (try? String(contentsOfFile: directory.sub("port"), encoding: .utf8))
                    .flatMap { $0.hasSuffix("\n") ? UInt16($0.dropLast()) : nil }
                if port == nil { usleep(20_000) }
            }
            guard let port else {
                let err = (try? String(contentsOfFile: directory.sub("err"), encoding: .utf8)) ?? ""
                throw HarnessError("the Python peer did not start: \(err)")
            }
            self.port = port
        }

        deinit {
            process.send(SIGKILL)
            _ = process.waitUntilExit()
            directory.remove()
        }

        func connect(_ kind: TransportKind, timeout: Double = 5, maximumPacketSize: Int = TransportFraming.defaultMaximumPacketSize) throws -> TransportConnection {
            try TransportConnection.connect(to: DatacenterAddress(host: "127.0.0.1", port: port), kind: kind, timeout: timeout,
                                            datacenterId: 2, maximumPacketSize: maximumPacketSize)
        }
    }

    static func command(_ word: String, blocks: Int, rng: inout SeededGenerator) -> [UInt8] {
        Array(word.utf8) + rng.bytes(20 + 16 * blocks)
    }

    @Test(arguments: TransportKind.allCases)
    func packetsRoundTripOverEveryKind(_ kind: TransportKind) async throws {
        try await onOwnThread { () throws -> Void in
            let peer = try Peer()
            let connection = try peer.connect(kind)
            defer { connection.close() }
            var rng = SeededGenerator(seed: 41)
            for blocks in [0, 1, 31, 300, 70_000] {
                let packet = Self.command("ECHO", blocks: blocks, rng: &rng)
                try connection.send(packet)
                #expect(try connection.receive(timeout: 10) == packet)
            }
            // Several in flight at once come back in order.
            let burst = (0..<20).map { Self.command("ECHO", blocks: $0, rng: &rng) }
            for packet in burst { try connection.send(packet) }
            for packet in burst { #expect(try connection.receive(timeout: 10) == packet) }
            // The server's transport error ends the connection with its code.
            try connection.send(Self.command("E404", blocks: 0, rng: &rng))
            #expect(throws: TransportError.serverError(code: -404)) { try connection.receive(timeout: 10) }
        }
    }

    @Test(arguments: [TransportKind.intermediate, .obfuscatedPadded])
    func theServersMisbehaviourIsTyped(_ kind: TransportKind) async throws {
        try await onOwnThread { () throws -> Void in
            let peer = try Peer()
            var rng = SeededGenerator(seed: 42)
            // Nothing within the timeout: TransportTimeout, and the connection still works.
            let quiet = try peer.connect(kind)
            try quiet.send(Self.command("STAL", blocks: 0, rng: &rng))
            #expect(throws: TransportTimeout(seconds: 0.2)) { try quiet.receive(timeout: 0.2) }
            let echo = Self.command("ECHO", blocks: 2, rng: &rng)
            try quiet.send(echo)
            #expect(try quiet.receive(timeout: 10) == echo)
            quiet.close()
            // A frame header announcing 32 MiB is refused before its body.
            let huge = try peer.connect(kind)
            try huge.send(Self.command("HUGE", blocks: 0, rng: &rng))
            #expect(throws: TransportError.frameTooLarge(32 << 20, limit: 16 << 20)) { try huge.receive(timeout: 10) }
            huge.close()
            // Half a frame and the end of the stream; the end alone.
            let truncated = try peer.connect(kind)
            try truncated.send(Self.command("TRNC", blocks: 4, rng: &rng))
            #expect(throws: TransportError.closedByPeer) { try truncated.receive(timeout: 10) }
            truncated.close()
            let shut = try peer.connect(kind)
            try shut.send(Self.command("SHUT", blocks: 0, rng: &rng))
            #expect(throws: TransportError.closedByPeer) { try shut.receive(timeout: 10) }
            shut.close()
        }
    }

    @Test func closeFromAnotherThreadEndsABlockedReceive() throws {
        let peer = try Peer()
        let connection = try peer.connect(.obfuscated)
        let outcome = OutcomeBox()
        let reader = try #require(JoinableThread.start {
            let started = Container.Clock.monotonicNanoseconds()
            do {
                _ = try connection.receive(timeout: 30)
                outcome.set("received", started)
            } catch {
                outcome.set("\(error)", started)
            }
        })
        usleep(200_000)
        connection.close()
        reader.join()
        let (result, milliseconds) = outcome.get()
        #expect(result == "\(TransportError.closed)")
        #expect(milliseconds < 5000)
        #expect(throws: TransportError.closed) { try connection.send([1, 2, 3, 4]) }
        #expect(throws: TransportError.closed) { try connection.receive(timeout: 1) }
        connection.close()  // again: nothing happens
    }

    final class OutcomeBox: @unchecked Sendable {
        private let lock = NSLock()
        private var value: (String, Double) = ("none", 0)
        func set(_ result: String, _ started: UInt64) {
            lock.withLock { value = (result, Container.Clock.milliseconds(since: started)) }
        }
        func get() -> (String, Double) { lock.withLock { value } }
    }

    /// A TCP socket bound to 127.0.0.1 on a port the kernel picks, and that port.
    static func boundLoopbackSocket() -> (Int32, UInt16) {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &address) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, length) } }
        _ = withUnsafeMutablePointer(to: &address) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) } }
        return (fd, UInt16(bigEndian: address.sin_port))
    }

    @Test func connectErrorsAreTyped() throws {
        // A port nobody listens on: bind one, note it, close it.
        let (fd, port) = Self.boundLoopbackSocket()
        close(fd)
        #expect(throws: TransportError.refused(address: "127.0.0.1:\(port)")) {
            try TCPSocket.connect(host: "127.0.0.1", port: port, timeout: 2)
        }
        // IPv6 loopback: refused, or unreachable where the machine has no IPv6.
        do {
            _ = try TCPSocket.connect(host: "::1", port: port, timeout: 2)
            Issue.record("[::1]:\(port) accepted")
        } catch {
            switch error {
            case .refused(let address): #expect(address == "[::1]:\(port)")
            case .unreachable: break
            default: Issue.record("\(error)")
            }
        }
        do {
            _ = try TCPSocket.connect(host: "host.invalid", port: 443, timeout: 2)
            Issue.record("host.invalid resolved")
        } catch {
            guard case .hostNotFound(let host, _) = error else { Issue.record("\(error)"); return }
            #expect(host == "host.invalid")
        }
    }

    @Test func connectTimesOutWhenNoHandshakeAnswers() throws {
        // A listener whose backlog is full drops further SYNs: connect() waits until its deadline.
        let (listener, port) = Self.boundLoopbackSocket()
        defer { close(listener) }
        listen(listener, 0)
        var fillers: [TCPSocket] = []
        var outcome: TransportError?
        for _ in 0..<8 where outcome == nil {
            let started = Container.Clock.monotonicNanoseconds()
            do {
                fillers.append(try TCPSocket.connect(host: "127.0.0.1", port: port, timeout: 0.5))
            } catch {
                outcome = error
                #expect(Container.Clock.milliseconds(since: started) >= 450)
            }
        }
        #expect(outcome == .timedOut(operation: "connecting to 127.0.0.1:\(port)", seconds: 0.5))
        fillers.forEach { $0.close() }
    }

    @Test func aNameIsResolvedAndConnected() throws {
        let (listener, port) = Self.boundLoopbackSocket()
        defer { close(listener) }
        listen(listener, 4)
        let socket = try TCPSocket.connect(host: "localhost", port: port, timeout: 5)
        defer { socket.close() }
        #expect(socket.peer == "127.0.0.1:\(port)" || socket.peer == "[::1]:\(port)")
    }

    @Test func aResolutionPastTheDeadlineTimesOut() throws {
        // A resolver that answers after 3 s (getaddrinfo with a dead DNS server): the connect's
        // 0.3 s deadline holds, and the lookup is left to finish on its own thread.
        let slow: HostResolver.Lookup = { _, _, numericOnly in
            if numericOnly { return .failure(.hostNotFound(host: "slow.example", reason: "not a literal")) }
            usleep(3_000_000)
            return .failure(.hostNotFound(host: "slow.example", reason: "too late"))
        }
        let started = Container.Clock.monotonicNanoseconds()
        #expect(throws: TransportError.timedOut(operation: "resolving slow.example", seconds: 0.3)) {
            try HostResolver.resolve(host: "slow.example", port: 443, deadline: started + 300_000_000, timeout: 0.3, lookup: slow)
        }
        let elapsed = Container.Clock.milliseconds(since: started)
        // Under the 3 s the lookup takes: the deadline, not the resolver, ended the wait (a
        // tighter bound would measure the machine's load, not the code).
        #expect(elapsed >= 290 && elapsed < 2900)
        // A literal never goes to a thread or waits.
        let literal = try HostResolver.resolve(host: "127.0.0.1", port: 443, deadline: started, timeout: 0)
        #expect(literal.map(\.description) == ["127.0.0.1:443"])
    }
}
