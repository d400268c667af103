import COpenSSL

/// One-time OpenSSL set-up, before the first use of any primitive. The system-wide openssl.cnf is
/// not loaded: it costs start-up time in every short-lived extension, and a machine's config
/// should not be able to change which providers seal this app's data.
enum OpenSSLLibrary {
    static let initialized: Bool = {
        OPENSSL_init_crypto(UInt64(OPENSSL_INIT_NO_LOAD_CONFIG), nil) == 1
    }()

    static func ensureInitialized() { _ = initialized }
}
