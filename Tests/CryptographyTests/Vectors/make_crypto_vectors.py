#!/usr/bin/env python3
"""Independent crypto test vectors for Tests/CryptographyTests/CryptoVectorTests.swift.

Computed with the Python `cryptography` package (not with the code under test), so the Swift
tests compare Sources/Cryptography against a second implementation. Deterministic: every input
is fixed or derived from a fixed counter pattern, so rerunning the script reproduces the file.

    python3 Tests/CryptographyTests/Vectors/make_crypto_vectors.py > Tests/CryptographyTests/Vectors/crypto-vectors.json
"""
import hashlib
import json

import cryptography
from cryptography.hazmat.primitives import hashes, hmac
from cryptography.hazmat.primitives.ciphers.aead import AESGCM
from cryptography.hazmat.primitives.kdf.hkdf import HKDF
from cryptography.hazmat.primitives.kdf.pbkdf2 import PBKDF2HMAC


def pattern(n, start=0, step=1):
    """n bytes: start, start+step, ... mod 256."""
    return bytes((start + i * step) % 256 for i in range(n))


def hx(b):
    return b.hex()


def sha1(data):
    h = hashes.Hash(hashes.SHA1())
    h.update(data)
    return h.finalize()


def sha256(data):
    h = hashes.Hash(hashes.SHA256())
    h.update(data)
    return h.finalize()


def hmac_sha256(key, data):
    h = hmac.HMAC(key, hashes.SHA256())
    h.update(data)
    return h.finalize()


def hkdf(ikm, salt, info, length):
    # salt=b"" is passed as None: RFC 5869 treats a missing salt as HashLen zero bytes, which is
    # what an HMAC with an empty key computes too.
    return HKDF(algorithm=hashes.SHA256(), length=length, salt=salt if salt else None, info=info).derive(ikm)


def pbkdf2(password, salt, iterations, length):
    return PBKDF2HMAC(algorithm=hashes.SHA256(), length=length, salt=salt, iterations=iterations).derive(password)


def aes_gcm(key, nonce, aad, plaintext):
    return AESGCM(key).encrypt(nonce, plaintext, aad if aad else None)


# Inputs for the hash functions. The long ones cross SHA block boundaries (55/56/64 bytes).
digest_inputs = [
    b"",
    b"abc",
    b"The quick brown fox jumps over the lazy dog",
    pattern(55),
    pattern(56),
    pattern(64),
    pattern(1000, 7, 13),
    "Привет, мир".encode("utf-8"),
]

digests = [{"input": hx(m), "sha1": hx(sha1(m)), "sha256": hx(sha256(m))} for m in digest_inputs]
# Cross-check the cryptography package against hashlib so a broken vector file is caught here.
for m, d in zip(digest_inputs, digests):
    assert d["sha1"] == hashlib.sha1(m).hexdigest()
    assert d["sha256"] == hashlib.sha256(m).hexdigest()

hmac_cases = [
    (b"", b""),
    (b"key", b"The quick brown fox jumps over the lazy dog"),
    (bytes([0x0B] * 20), b"Hi There"),               # RFC 4231 test case 1
    (b"Jefe", b"what do ya want for nothing?"),      # RFC 4231 test case 2
    (pattern(32, 1), pattern(100, 3, 5)),
    (pattern(64, 9), b"exactly one block key"),
    (pattern(131, 0xAA, 0), b"key longer than one block"),  # hashed first
]
hmacs = [{"key": hx(k), "data": hx(d), "mac": hx(hmac_sha256(k, d))} for k, d in hmac_cases]

hkdf_cases = [
    # RFC 5869 A.1
    (bytes([0x0B] * 22), pattern(13, 0x00), pattern(10, 0xF0), 42),
    # RFC 5869 A.2 (long inputs)
    (pattern(80, 0x00), pattern(80, 0x60), pattern(80, 0xB0), 82),
    # RFC 5869 A.3 (empty salt and info)
    (bytes([0x0B] * 22), b"", b"", 42),
    # The shape the app uses: 32-byte device key, 16-byte salt, purpose string, 32 bytes out.
    (pattern(32, 0x11, 7), pattern(16, 0x22, 3), b"telegram-linux/v1/postbox/1", 32),
    (pattern(32, 0x11, 7), pattern(16, 0x22, 3), b"telegram-linux/v1/account-manager", 32),
    (b"short", b"salt", b"info", 1),
    (b"short", b"salt", b"info", 32),
    (b"short", b"salt", b"info", 33),
    (b"short", b"salt", b"info", 64),
    (b"short", b"salt", b"info", 100),
]
hkdfs = [
    {"ikm": hx(i), "salt": hx(s), "info": hx(n), "length": l, "okm": hx(hkdf(i, s, n, l))}
    for i, s, n, l in hkdf_cases
]

pbkdf2_cases = [
    (b"password", b"salt", 1, 32),
    (b"password", b"salt", 2, 32),
    (b"password", b"salt", 4096, 32),
    (b"passwordPASSWORDpassword", b"saltSALTsaltSALTsaltSALTsaltSALTsalt", 4096, 40),
    (b"1234", pattern(16, 0x42, 11), 10000, 32),
    (b"", b"salt", 3, 32),
    (b"pass\x00word", b"sa\x00lt", 4096, 16),
    ("пароль".encode("utf-8"), pattern(32, 5), 1000, 64),
]
pbkdf2s = [
    {"password": hx(p), "salt": hx(s), "iterations": it, "length": l, "dk": hx(pbkdf2(p, s, it, l))}
    for p, s, it, l in pbkdf2_cases
]
for v, (p, s, it, l) in zip(pbkdf2s, pbkdf2_cases):
    assert v["dk"] == hashlib.pbkdf2_hmac("sha256", p, s, it, l).hex()

gcm_cases = [
    (bytes(32), bytes(12), b"", b""),
    (bytes(32), bytes(12), b"", bytes(16)),
    (pattern(32, 1), pattern(12, 0xA0), b"", b"hello"),
    (pattern(32, 1), pattern(12, 0xA0), pattern(8, 0x30), b"hello"),
    (pattern(32, 0xFF, 0xFF), pattern(12, 3, 7), bytes([0, 0, 0, 5]) + b"peer-key", pattern(15, 9)),
    (pattern(32, 0x10, 3), pattern(12, 0x77, 5), bytes([0, 0, 0, 0]) + b"__key-check", b"telegram-linux value box"),
    (pattern(32, 0x20, 9), pattern(12, 0x01, 1), pattern(37, 0x40), pattern(1000, 11, 17)),
    (pattern(32, 0x55), pattern(12, 0x66), b"aad only", b""),
]
gcms = []
for key, nonce, aad, pt in gcm_cases:
    ct_tag = aes_gcm(key, nonce, aad, pt)
    assert len(ct_tag) == len(pt) + 16
    gcms.append({
        "key": hx(key), "nonce": hx(nonce), "aad": hx(aad), "plaintext": hx(pt),
        "ciphertext": hx(ct_tag[:-16]), "tag": hx(ct_tag[-16:]),
    })

print(json.dumps({
    "generator": "Tests/CryptographyTests/Vectors/make_crypto_vectors.py",
    "cryptography": cryptography.__version__,
    "digests": digests,
    "hmacSHA256": hmacs,
    "hkdfSHA256": hkdfs,
    "pbkdf2SHA256": pbkdf2s,
    "aes256gcm": gcms,
}, indent=2, sort_keys=True))
