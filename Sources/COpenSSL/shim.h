#include <openssl/evp.h>
#include <openssl/rand.h>
#include <openssl/sha.h>
#include <openssl/hmac.h>
#include <openssl/aes.h>
#include <openssl/kdf.h>
#include <openssl/err.h>
#include <openssl/core_names.h>
#include <openssl/params.h>
#include <openssl/provider.h>
#include <openssl/core_dispatch.h>

// SHA-1 and SHA-256 through OpenSSL's low-level functions: the same code (and the same SHA-NI and
// AVX2 assembly) as the EVP digests, without the provider. A process's first EVP fetch activates
// the default provider and builds a method store, about a third of a short-lived extension's own
// instructions when all it needs is HMAC-SHA256 to derive and check its keys (docs/linking.md).
// Deprecated in OpenSSL 3 in favour of EVP, but present in every 3.x; kept to this one place.
#include <openssl/sha.h>
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wdeprecated-declarations"
static inline int tg_sha256(const void *data, size_t length, unsigned char *out) {
    SHA256_CTX context;
    return SHA256_Init(&context) && SHA256_Update(&context, data, length) && SHA256_Final(out, &context);
}
static inline int tg_sha1(const void *data, size_t length, unsigned char *out) {
    SHA_CTX context;
    return SHA1_Init(&context) && SHA1_Update(&context, data, length) && SHA1_Final(out, &context);
}
#pragma GCC diagnostic pop

// AEAD tag and padding parameters for a cipher called through its provider's dispatch table
// (Cryptography/ProviderCipher.swift). Built here because an OSSL_PARAM keeps its key's pointer:
// these keys are C string literals, which live as long as the process.
static inline int tg_cipher_get_tag(OSSL_FUNC_cipher_get_ctx_params_fn *get, void *context, unsigned char *tag, size_t length) {
    OSSL_PARAM params[2] = { OSSL_PARAM_construct_octet_string(OSSL_CIPHER_PARAM_AEAD_TAG, tag, length), OSSL_PARAM_construct_end() };
    return get(context, params);
}
static inline int tg_cipher_set_tag(OSSL_FUNC_cipher_set_ctx_params_fn *set, void *context, unsigned char *tag, size_t length) {
    OSSL_PARAM params[2] = { OSSL_PARAM_construct_octet_string(OSSL_CIPHER_PARAM_AEAD_TAG, tag, length), OSSL_PARAM_construct_end() };
    return set(context, params);
}
static inline int tg_cipher_set_padding(OSSL_FUNC_cipher_set_ctx_params_fn *set, void *context, unsigned int padding) {
    OSSL_PARAM params[2] = { OSSL_PARAM_construct_uint(OSSL_CIPHER_PARAM_PADDING, &padding), OSSL_PARAM_construct_end() };
    return set(context, params);
}

// Big numbers for MTProto (MTProtoKit/Crypto): raw RSA and Diffie-Hellman over BIGNUM.
#include <openssl/bn.h>
