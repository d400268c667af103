import COpenSSL
import Cryptography

/// An unsigned OpenSSL BIGNUM for the key exchange's arithmetic (raw RSA, Diffie-Hellman), made
/// from and turned into big-endian bytes, as MTProto writes large numbers. Cleared when freed:
/// some hold secrets (the exponent b, the shared key).
final class BigNumber {
    let pointer: OpaquePointer

    private init(taking pointer: OpaquePointer?) {
        // BN_new fails only when malloc does.
        guard let pointer else { fatalError("OpenSSL could not allocate a BIGNUM") }
        self.pointer = pointer
    }

    /// The unsigned big-endian number `bytes` (leading zeros allowed).
    convenience init(_ bytes: [UInt8]) {
        OpenSSLLibrary.ensureInitialized()
        self.init(taking: bytes.withUnsafeBufferPointer { BN_bin2bn($0.baseAddress, Int32($0.count), nil) })
    }

    convenience init(word: UInt) {
        OpenSSLLibrary.ensureInitialized()
        self.init(taking: BN_new())
        precondition(BN_set_word(pointer, UInt(word)) == 1, "OpenSSL BN_set_word failed")
    }

    /// 2^exponent.
    convenience init(powerOfTwo exponent: Int) {
        self.init(word: 0)
        precondition(BN_set_bit(pointer, Int32(exponent)) == 1, "OpenSSL BN_set_bit failed")
    }

    deinit { BN_clear_free(pointer) }

    var bitCount: Int { Int(BN_num_bits(pointer)) }

    /// Big-endian bytes, left-padded with zeros to `width`; nil when the number needs more.
    func bytes(width: Int) -> [UInt8]? {
        var out = [UInt8](repeating: 0, count: width)
        let written = out.withUnsafeMutableBufferPointer { BN_bn2binpad(pointer, $0.baseAddress, Int32(width)) }
        return written == width ? out : nil
    }

    /// Big-endian bytes without leading zeros (empty for zero), as TL strings carry numbers.
    var minimalBytes: [UInt8] { bytes(width: (bitCount + 7) / 8) ?? [] }

    /// Marks the number as secret: exponentiations with it as the exponent take constant time.
    func markSecret() { BN_set_flags(pointer, BN_FLG_CONSTTIME) }

    func compare(_ other: BigNumber) -> Int { Int(BN_cmp(pointer, other.pointer)) }

    func subtracting(_ other: BigNumber) -> BigNumber {
        let result = BigNumber(word: 0)
        precondition(BN_sub(result.pointer, pointer, other.pointer) == 1, "OpenSSL BN_sub failed")
        return result
    }

    func shiftedRight(by bits: Int) -> BigNumber {
        let result = BigNumber(word: 0)
        precondition(BN_rshift(result.pointer, pointer, Int32(bits)) == 1, "OpenSSL BN_rshift failed")
        return result
    }

    /// self mod `word`.
    func remainder(dividingBy word: UInt) -> UInt {
        let r = BN_mod_word(pointer, UInt(word))
        precondition(r != UInt.max, "OpenSSL BN_mod_word failed")
        return UInt(r)
    }

    func adding(_ other: BigNumber) -> BigNumber {
        let result = BigNumber(word: 0)
        precondition(BN_add(result.pointer, pointer, other.pointer) == 1, "OpenSSL BN_add failed")
        return result
    }

    func multiplied(by other: BigNumber) -> BigNumber {
        let result = BigNumber(word: 0)
        let ok = Self.withContext { BN_mul(result.pointer, pointer, other.pointer, $0) }
        precondition(ok == 1, "OpenSSL BN_mul failed")
        return result
    }

    /// (self · other) mod modulus, in 0 ..< modulus.
    func multiplied(by other: BigNumber, modulo modulus: BigNumber) -> BigNumber {
        let result = BigNumber(word: 0)
        let ok = Self.withContext { BN_mod_mul(result.pointer, pointer, other.pointer, modulus.pointer, $0) }
        precondition(ok == 1, "OpenSSL BN_mod_mul failed")
        return result
    }

    /// (self − other) mod modulus, in 0 ..< modulus (never negative).
    func subtracting(_ other: BigNumber, modulo modulus: BigNumber) -> BigNumber {
        let result = BigNumber(word: 0)
        let ok = Self.withContext { BN_mod_sub(result.pointer, pointer, other.pointer, modulus.pointer, $0) }
        precondition(ok == 1, "OpenSSL BN_mod_sub failed")
        return result
    }

    var isZero: Bool { BN_is_zero(pointer) == 1 }

    /// self^exponent mod modulus; nil when OpenSSL refuses (a zero or even modulus where it needs odd).
    func power(_ exponent: BigNumber, modulo modulus: BigNumber) -> BigNumber? {
        let result = BigNumber(word: 0)
        let ok = Self.withContext { BN_mod_exp(result.pointer, pointer, exponent.pointer, modulus.pointer, $0) }
        return ok == 1 ? result : nil
    }

    /// Whether the number is prime, by OpenSSL's BN_check_prime (Miller–Rabin with enough rounds
    /// for an error below 2^-128). Costs a fraction of a second at 2048 bits.
    func isProbablePrime() -> Bool {
        Self.withContext { BN_check_prime(pointer, $0, nil) } == 1
    }

    private static func withContext<T>(_ body: (OpaquePointer) -> T) -> T {
        guard let context = BN_CTX_secure_new() ?? BN_CTX_new() else { fatalError("OpenSSL could not allocate a BN_CTX") }
        defer { BN_CTX_free(context) }
        return body(context)
    }
}
