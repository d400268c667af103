import COpenSSL

/// One-time OpenSSL set-up, before the first use of any primitive. The system-wide openssl.cnf is
/// not loaded: it costs start-up time in every short-lived extension, and a machine's config
/// should not be able to change which providers seal this app's data. Public for the other modules
/// that call OpenSSL directly (MTProtoKit's BIGNUM and key decoding).
public enum OpenSSLLibrary {
    static let initialized: Bool = {
        OPENSSL_init_crypto(UInt64(OPENSSL_INIT_NO_LOAD_CONFIG), nil) == 1
    }()

    public static func ensureInitialized() { _ = initialized }

    /// The default provider, loaded once per process and never unloaded (the implementations
    /// taken from it are used until exit). `retain_fallbacks` keeps EVP's own behaviour for the
    /// few callers still on EVP (PBKDF2, RAND). OpenSSL's decoders (MTProtoKit's PEM keys) find
    /// nothing until it is loaded. Immutable once made; provider objects are safe to share.
    nonisolated(unsafe) public static let defaultProvider: OpaquePointer = {
        ensureInitialized()
        guard let provider = OSSL_PROVIDER_try_load(nil, "default", 1) else {
            preconditionFailure("OpenSSL's default provider did not load")
        }
        return provider
    }()
}
