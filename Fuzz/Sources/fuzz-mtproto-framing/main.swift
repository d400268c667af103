import FuzzSupport
import MTProtoKit

/// A transport's byte stream from the server (or anyone on the path): TransportFraming's decoder
/// for abridged, intermediate and padded intermediate, fed in the chunks the input says.
/// Properties: nothing traps or reads past the input; no packet is larger than the decoder's
/// limit; an error, once thrown, is thrown again (a broken stream never resynchronises); a packet
/// of abridged or intermediate encodes back to a frame that decodes to the same packet.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    let input = fuzzBytes(start, count)
    guard input.count >= 2 else { return 0 }
    let kinds = TransportFraming.Kind.allCases
    let kind = kinds[Int(input[0]) % kinds.count]
    let chunk = max(1, Int(input[1]))
    let limit = 1 << 16
    var decoder = TransportFraming(kind, maximumPacketSize: limit)
    var offset = 2
    var failed: TransportError?
    while offset < input.count {
        let end = min(input.count, offset + chunk)
        do {
            for packet in try decoder.feed(input[offset..<end]) {
                invariant(packet.count <= limit, "a \(packet.count)-byte packet past the \(limit) limit")
                guard kind != .paddedIntermediate else { continue }
                var again = TransportFraming(kind, maximumPacketSize: limit)
                let frame = again.encode(packet)
                let decoded = try? again.feed(frame)
                invariant(decoded == [packet], "\(kind) does not decode its own frame of \(describe(packet))")
            }
        } catch {
            failed = error
            break
        }
        offset = end
    }
    if let failed {
        do {
            _ = try decoder.feed([0, 0, 0, 0])
            invariant(false, "\(kind) went on after \(failed)")
        } catch {}
    }
    return 0
}
