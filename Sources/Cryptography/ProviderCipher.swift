import COpenSSL

/// One cipher of OpenSSL's default provider, called through the provider's dispatch table.
///
/// Why not EVP: a process's first EVP cipher fetch registers every legacy algorithm name and then
/// constructs every cipher the provider offers into a method store, about 6 M instructions, a
/// quarter of an extension's whole bootstrap (docs/linking.md). Taking the one implementation
/// from `OSSL_PROVIDER_query_operation` costs about 0.1 M. It is the same code (the same AES-NI
/// and CLMUL assembly): EVP_EncryptUpdate ends in these very functions. The dispatch table is
/// OpenSSL 3's provider ABI (core_dispatch.h), which external providers are built against, so it
/// is stable across 3.x. The provider is built into the statically linked libcrypto, so it
/// cannot be missing at run time.
final class ProviderCipher: @unchecked Sendable {
    static let aes256GCM = ProviderCipher(named: "AES-256-GCM")
    static let aes256ECB = ProviderCipher(named: "AES-256-ECB")
    static let aes256CTR = ProviderCipher(named: "AES-256-CTR")

    // core_dispatch.h's function types, spelled as C function pointers: the header's typedefs are
    // of function type, which Swift imports as Swift closures that cannot be handed back to C.
    typealias NewContext = @convention(c) (UnsafeMutableRawPointer?) -> UnsafeMutableRawPointer?
    typealias FreeContext = @convention(c) (UnsafeMutableRawPointer?) -> Void
    typealias Initialize = @convention(c) (UnsafeMutableRawPointer?, UnsafePointer<UInt8>?, Int, UnsafePointer<UInt8>?, Int,
                                           UnsafePointer<OSSL_PARAM>?) -> Int32
    typealias Update = @convention(c) (UnsafeMutableRawPointer?, UnsafeMutablePointer<UInt8>?, UnsafeMutablePointer<Int>?, Int,
                                       UnsafePointer<UInt8>?, Int) -> Int32
    typealias Final = @convention(c) (UnsafeMutableRawPointer?, UnsafeMutablePointer<UInt8>?, UnsafeMutablePointer<Int>?, Int) -> Int32
    typealias GetParameters = @convention(c) (UnsafeMutableRawPointer?, UnsafeMutablePointer<OSSL_PARAM>?) -> Int32
    typealias SetParameters = @convention(c) (UnsafeMutableRawPointer?, UnsafePointer<OSSL_PARAM>?) -> Int32

    let name: String
    let providerContext: UnsafeMutableRawPointer?
    let newContext: NewContext
    let freeContext: FreeContext
    let encryptInit: Initialize
    let decryptInit: Initialize
    let update: Update
    let final: Final
    let getParameters: GetParameters
    let setParameters: SetParameters

    /// The default provider, loaded once per process and never unloaded (the implementations
    /// taken from it are used until exit). `retain_fallbacks` keeps EVP's own behaviour for the
    /// few callers still on EVP (PBKDF2, RAND).
    /// Immutable once made, and OpenSSL provider objects are safe to share between threads.
    private static var provider: OpaquePointer { OpenSSLLibrary.defaultProvider }

    private init(named name: String) {
        self.name = name
        let provider = Self.provider
        var noCache: Int32 = 0
        var table: UnsafePointer<OSSL_DISPATCH>?
        var algorithm = OSSL_PROVIDER_query_operation(provider, OSSL_OP_CIPHER, &noCache)
        // Each entry's names are colon-separated ("AES-256-GCM:id-aes256-GCM:2.16…"); the first is
        // the canonical one.
        while let entry = algorithm?.pointee, let names = entry.algorithm_names {
            if String(cString: names).split(separator: ":").first.map(String.init) == name {
                table = entry.implementation
                break
            }
            algorithm = algorithm.map { $0 + 1 }
        }
        guard let table else { preconditionFailure("OpenSSL's default provider has no \(name)") }
        var newContext: NewContext?, freeContext: FreeContext?, encryptInit: Initialize?, decryptInit: Initialize?
        var update: Update?, final: Final?, getParameters: GetParameters?, setParameters: SetParameters?
        var entry = table
        while entry.pointee.function_id != 0 {
            switch entry.pointee.function_id {
            case OSSL_FUNC_CIPHER_NEWCTX: newContext = OSSL_FUNC_cipher_newctx(entry)
            case OSSL_FUNC_CIPHER_FREECTX: freeContext = OSSL_FUNC_cipher_freectx(entry)
            case OSSL_FUNC_CIPHER_ENCRYPT_INIT: encryptInit = OSSL_FUNC_cipher_encrypt_init(entry)
            case OSSL_FUNC_CIPHER_DECRYPT_INIT: decryptInit = OSSL_FUNC_cipher_decrypt_init(entry)
            case OSSL_FUNC_CIPHER_UPDATE: update = OSSL_FUNC_cipher_update(entry)
            case OSSL_FUNC_CIPHER_FINAL: final = OSSL_FUNC_cipher_final(entry)
            case OSSL_FUNC_CIPHER_GET_CTX_PARAMS: getParameters = OSSL_FUNC_cipher_get_ctx_params(entry)
            case OSSL_FUNC_CIPHER_SET_CTX_PARAMS: setParameters = OSSL_FUNC_cipher_set_ctx_params(entry)
            default: break
            }
            entry += 1
        }
        guard let newContext, let freeContext, let encryptInit, let decryptInit, let update, let final,
              let getParameters, let setParameters else {
            preconditionFailure("OpenSSL's \(name) lacks a cipher function")
        }
        self.providerContext = OSSL_PROVIDER_get0_provider_ctx(provider)
        self.newContext = newContext
        self.freeContext = freeContext
        self.encryptInit = encryptInit
        self.decryptInit = decryptInit
        self.update = update
        self.final = final
        self.getParameters = getParameters
        self.setParameters = setParameters
    }
}

/// A keyed context of a ProviderCipher: what EVP_CIPHER_CTX is to EVP. Not thread-safe.
/// Every call returns whether the provider succeeded, as EVP's functions do.
final class ProviderCipherContext {
    let cipher: ProviderCipher
    private let context: UnsafeMutableRawPointer

    init(_ cipher: ProviderCipher) {
        self.cipher = cipher
        guard let context = cipher.newContext(cipher.providerContext) else {
            fatalError("OpenSSL could not allocate a \(cipher.name) context")
        }
        self.context = context
    }

    deinit { cipher.freeContext(context) }

    /// Sets the direction and the key and/or the IV; nil leaves that one as it was.
    func start(encrypting: Bool, key: UnsafeBufferPointer<UInt8>?, iv: UnsafePointer<UInt8>?, ivLength: Int) -> Bool {
        let initialize = encrypting ? cipher.encryptInit : cipher.decryptInit
        return initialize(context, key?.baseAddress, key?.count ?? 0, iv, iv == nil ? 0 : ivLength, nil) == 1
    }

    /// Encrypts or decrypts `count` bytes of `input` into `output`, which has room for `capacity`;
    /// a nil output passes the input as additional authenticated data (AEAD ciphers), and then
    /// `capacity` must still be `count`, as EVP passes it. Returns the bytes written.
    func update(_ output: UnsafeMutablePointer<UInt8>?, capacity: Int, _ input: UnsafePointer<UInt8>, count: Int) -> Int? {
        var written = 0
        return cipher.update(context, output, &written, capacity, input, count) == 1 ? written : nil
    }

    /// An AEAD message up to its tag, keyed already: the IV, the additional data, then `count`
    /// bytes of `input` into `output` (room for `count`). Sealing and opening differ only in the
    /// direction and in what follows (reading the tag, or expecting one and finishing).
    func process(encrypting: Bool, iv: UnsafePointer<UInt8>, ivLength: Int, additionalData: UnsafeRawBufferPointer,
                 _ input: UnsafePointer<UInt8>?, count: Int, into output: UnsafeMutablePointer<UInt8>?) -> Bool {
        guard start(encrypting: encrypting, key: nil, iv: iv, ivLength: ivLength) else { return false }
        if let data = additionalData.baseAddress, additionalData.count > 0,
           update(nil, capacity: additionalData.count, data.assumingMemoryBound(to: UInt8.self), count: additionalData.count) == nil {
            return false
        }
        guard count > 0 else { return true }
        guard let input else { return false }
        return update(output, capacity: count, input, count: count) == count
    }

    /// Ends the message; for a decrypting AEAD cipher this is where the tag is checked.
    func finish(_ output: UnsafeMutablePointer<UInt8>, capacity: Int) -> Bool {
        var written = 0
        return cipher.final(context, output, &written, capacity) == 1
    }

    func tag(into tag: UnsafeMutablePointer<UInt8>, length: Int) -> Bool {
        tg_cipher_get_tag(cipher.getParameters, context, tag, length) == 1
    }

    func expectTag(_ tag: UnsafeMutablePointer<UInt8>, length: Int) -> Bool {
        tg_cipher_set_tag(cipher.setParameters, context, tag, length) == 1
    }

    func setPadding(_ padding: Bool) -> Bool {
        tg_cipher_set_padding(cipher.setParameters, context, padding ? 1 : 0) == 1
    }
}
