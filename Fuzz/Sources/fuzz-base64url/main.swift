import Formats
import FuzzSupport

/// Base64URL, the encoding of a push's `p` (from the push server, through APNs).
/// Properties: decoding is strict and canonical (whatever decodes is exactly what encoding those
/// bytes gives: no padding, no stray bits, no other alphabet), and encoding always decodes back.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    let input = fuzzBytes(start, count)
    let text = String(decoding: input, as: UTF8.self)
    if let bytes = Base64URL.decode(text) {
        let canonical = Base64URL.encode(bytes)
        invariant(canonical == text, "Base64URL.decode accepted \"\(describe(Array(text.utf8)))\", whose canonical form is \"\(canonical)\"")
    }
    let encoded = Base64URL.encode(input)
    invariant(encoded.utf8.allSatisfy { $0 == 0x2D || $0 == 0x5F || (0x30...0x39).contains($0) || (0x41...0x5A).contains($0) || (0x61...0x7A).contains($0) },
              "Base64URL.encode(\(describe(input))) is \"\(encoded)\", outside the base64url alphabet")
    invariant(Base64URL.decode(encoded) == input, "Base64URL.encode(\(describe(input))) = \"\(encoded)\" does not decode back")
    return 0
}

@_cdecl("LLVMFuzzerInitialize")
public func initialize(_ argc: UnsafeMutableRawPointer, _ argv: UnsafeMutableRawPointer) -> CInt {
    Seeds.writeIfRequested {
        [("empty", ""), ("one-byte", "AA"), ("two-bytes", "AAE"), ("three-bytes", "AAEC"),
         ("url-alphabet", "-_-_"), ("payload", Base64URL.encode(FixedKeys.pattern(count: 90, seed: 5))),
         ("padded", "AA=="), ("standard-alphabet", "+/+/"), ("stray-bits", "AB"), ("space", "AA AA"),
        ].map { ($0.0, Array($0.1.utf8)) }
    }
    return 0
}
