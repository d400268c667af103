#!/usr/bin/env python3
"""Independent push-payload vectors for Tests/CryptographyTests/PushPayloadVectorTests.swift.

This is the INDEPENDENT implementation of Telegram's push-payload encryption (MTProto 2.0, x = 8,
see /work/shared/reference/telegram-internals.md §5): AES-256-IGE comes from `tgcrypto`
(Pyrogram's C code), SHA-1/SHA-256 from hashlib. Nothing here shares code with Sources/.
As a second check, every tgcrypto IGE result is compared with IGE chained by hand over the
`cryptography` package's AES-ECB, and every vector is decoded again by a Python decoder.

Deterministic (fixed seed), so rerunning reproduces push-vectors.json byte for byte:

    pip install tgcrypto==1.2.5   # only for this script, not for the build
    python3 Tests/CryptographyTests/Vectors/make_push_vectors.py   # writes Vectors/push-vectors.json
"""
import base64
import hashlib
import json
import os
import random
import struct

import tgcrypto
from cryptography.hazmat.primitives.ciphers import Cipher, algorithms, modes

rng = random.Random(20261122)


def rand_bytes(n):
    return bytes(rng.getrandbits(8) for _ in range(n))


def ige_by_hand(data, key, iv, encrypt):
    """IGE over cryptography's AES-ECB, OpenSSL convention: c[-1] = iv[:16], p[-1] = iv[16:]."""
    ecb = Cipher(algorithms.AES(key), modes.ECB())
    op = ecb.encryptor() if encrypt else ecb.decryptor()
    x_in, x_out = (iv[:16], iv[16:]) if encrypt else (iv[16:], iv[:16])
    out = b""
    for i in range(0, len(data), 16):
        block = data[i:i + 16]
        o = bytes(a ^ b for a, b in zip(op.update(bytes(a ^ b for a, b in zip(block, x_in))), x_out))
        out += o
        x_in, x_out = o, block
    return out


def ige_encrypt(data, key, iv):
    ct = tgcrypto.ige256_encrypt(data, key, iv)
    assert ct == ige_by_hand(data, key, iv, True), "tgcrypto and hand-made IGE disagree"
    assert tgcrypto.ige256_decrypt(ct, key, iv) == data == ige_by_hand(ct, key, iv, False)
    return ct


def key_id(secret):
    return hashlib.sha1(secret).digest()[12:20]


def msg_key(secret, plaintext):
    return hashlib.sha256(secret[96:128] + plaintext).digest()[8:24]


def key_iv(secret, mk):
    a = hashlib.sha256(mk + secret[8:44]).digest()
    b = hashlib.sha256(secret[48:84] + mk).digest()
    return a[0:8] + b[8:24] + a[24:32], b[0:8] + a[8:24] + b[24:32]


def seal_plaintext(secret, plaintext):
    """Encrypts a complete plaintext buffer (prefix, message, padding) as the push server does."""
    assert len(plaintext) % 16 == 0
    mk = msg_key(secret, plaintext)
    return key_id(secret) + mk + ige_encrypt(plaintext, *key_iv(secret, mk))


def padding_for(n, want):
    """Padding of about `want` bytes (12...1024) that aligns 4 + n + padding to 16."""
    length = want + (-(4 + n + want)) % 16
    if length > 1024:
        length -= 16
    assert 12 <= length <= 1024 and (4 + n + length) % 16 == 0
    return rand_bytes(length)


def decode(secret, payload):
    """Second decoder: returns the message or a Failure.code. Check order follows Sources/ (msgKey
    before the length prefix); Telegram checks the prefix first but accepts exactly the same set."""
    if len(payload) < 24 + 16:
        return "truncated"
    if payload[:8] != key_id(secret):
        return "unknownKeyId"
    mk, ct = payload[8:24], payload[24:]
    if len(ct) % 16:
        return "misalignedCiphertext"
    pt = ige_by_hand(ct, *key_iv(secret, mk), False)
    if msg_key(secret, pt) != mk:
        return "msgKeyMismatch"
    (length,) = struct.unpack("<i", pt[:4])
    if length < 0 or length > len(pt) - 4:
        return "badLengthPrefix"
    return pt[4:4 + length]


def compact(obj):
    return json.dumps(obj, ensure_ascii=False, separators=(",", ":"))


# --- raw IGE -------------------------------------------------------------------------------
ige = []
for blocks in (1, 2, 3, 7, 16, 64):
    key, iv, pt = rand_bytes(32), rand_bytes(32), rand_bytes(16 * blocks)
    ige.append({"key": key.hex(), "iv": iv.hex(), "plaintext": pt.hex(), "ciphertext": ige_encrypt(pt, key, iv).hex()})

# --- valid payloads ------------------------------------------------------------------------
def message_text(msg_id, body):
    return compact({"loc-key": "MESSAGE_TEXT", "from_id": "777000", "msg_id": str(msg_id),
                    "aps": {"alert": {"title": "Ann", "body": body}, "sound": "default", "category": "r", "thread-id": "777000"}})

# A body that makes 4 + len + 12 a multiple of 16, so one vector has the minimum padding exactly.
body_min_pad = next(b for b in ("hi!", "hey 👋", "ok", "hello", "on my way") if len(message_text(43, b).encode()) % 16 == 0)

long_body = ("Длинное сообщение 🚀 с эмодзи 👨‍👩‍👧 and ASCII \"quotes\", a\nnewline, tabs\t. " * 30)[:2000]
jsons_and_padding = [
    ('{}', 12),
    (message_text(42, "hi"), 20),
    (message_text(43, body_min_pad), 12),
    (compact({"loc-key": "MESSAGE_TEXT", "loc-args": ["Анна", "Привет, как дела?"], "from_id": "123456789", "msg_id": "1001",
              "aps": {"alert": {"title": "Анна", "body": "Привет, как дела?"}, "sound": "default", "category": "r", "thread-id": "123456789"}}), 40),
    (compact({"loc-key": "CHAT_MESSAGE_TEXT", "chat_id": "4000123", "from_id": "55", "msg_id": "77", "silent": "1",
              "aps": {"alert": {"title": "Party 🎉", "subtitle": "Bob 🐶", "body": "🎉🔥 at 8 👍🏽 👨‍👩‍👧‍👦"}, "category": "gr", "thread-id": "-4000123"}}), 100),
    (compact({"loc-key": "READ_HISTORY", "from_id": "777000", "max_id": "4096"}), 13),
    (compact({"loc-key": "MESSAGE_DELETED", "channel_id": "1234567890", "messages": "1,2,3"}), 256),
    (compact({"loc-key": "SESSION_REVOKE"}), 1024),
    (compact({"loc-key": "CHANNEL_MESSAGE_TEXT", "channel_id": "1234567890", "msg_id": "31337", "topic_id": "5", "topic_title": "Новости",
              "aps": {"alert": {"title": "Channel", "body": long_body}, "sound": "default", "category": "r", "thread-id": "1234567890:5"}}), 600),
    (compact({"loc-key": "READ_REACTION", "from_id": "42", "messages": "7,8,9,10"}), 777),
]
payloads = []
secrets = []
for text, want in jsons_and_padding:
    secret = rand_bytes(256)
    secrets.append(secret)
    message = text.encode("utf-8")
    json.loads(text)  # every vector is real JSON
    padding = padding_for(len(message), want)
    payload = seal_plaintext(secret, struct.pack("<i", len(message)) + message + padding)
    assert decode(secret, payload) == message
    payloads.append({
        "secret": secret.hex(), "keyId": key_id(secret).hex(), "json": text, "padding": padding.hex(),
        "payload": payload.hex(), "payloadBase64url": base64.urlsafe_b64encode(payload).rstrip(b"=").decode(),
    })
assert 2800 < len(payloads[8]["json"].encode()) < 3500, "the largest vector should be ~3 KB"
encoded = "".join(p["payloadBase64url"] for p in payloads)
assert "-" in encoded and "_" in encoded and any(len(p["payloadBase64url"]) % 4 for p in payloads)

# --- rejected payloads ---------------------------------------------------------------------
def flip(data, index, bit=0):
    b = bytearray(data)
    b[index] ^= 1 << bit
    return bytes(b)


a, other = secrets[3], secrets[4]
good = bytes.fromhex(payloads[3]["payload"])  # encrypted under `a`
from_other = bytes.fromhex(payloads[4]["payload"])  # encrypted under `other`


def bad_prefix(secret, prefix, n):
    """Correctly encrypted (valid msgKey) plaintext whose Int32 prefix is `prefix`."""
    return seal_plaintext(secret, struct.pack("<i", prefix) + rand_bytes(n - 4))


rejected = [
    (good[:8] + flip(good[8:], 5, 3), "msgKeyMismatch", "bit flipped in msgKey"),
    (flip(good, 24 + 3, 6), "msgKeyMismatch", "bit flipped in the first ciphertext block"),
    (flip(good, len(good) - 1, 0), "msgKeyMismatch", "bit flipped in the last ciphertext block"),
    (key_id(a) + from_other[8:], "msgKeyMismatch", "encrypted under another secret, carrying this secret's keyId"),
    (from_other, "unknownKeyId", "keyId of another secret"),
    (flip(good, 0, 7), "unknownKeyId", "bit flipped in keyId"),
    (good[:39], "truncated", "39 bytes, one short of header + one block"),
    (good[:24], "truncated", "header only"),
    (b"", "truncated", "empty"),
    (good[:-1], "misalignedCiphertext", "last byte cut off"),
    (good + b"\x00", "misalignedCiphertext", "one byte appended"),
    (bad_prefix(a, -1, 48), "badLengthPrefix", "length prefix -1"),
    (bad_prefix(a, -0x80000000, 32), "badLengthPrefix", "length prefix Int32.min"),
    (bad_prefix(a, 64 - 4 + 1, 64), "badLengthPrefix", "length prefix one more than the bytes that follow"),
    (bad_prefix(a, 0x7FFFFFFF, 16), "badLengthPrefix", "length prefix Int32.max"),
]
for payload, reason, _ in rejected:
    assert decode(a, payload) == reason, (reason, decode(a, payload))
# The boundary just inside the rejected one above is accepted (prefix == bytes that follow).
assert isinstance(decode(a, bad_prefix(a, 64 - 4, 64)), bytes)

out = {
    "generator": "Tests/CryptographyTests/Vectors/make_push_vectors.py (tgcrypto 1.2.5 + hashlib)",
    "ige": ige,
    "payloads": payloads,
    "rejected": [{"secret": a.hex(), "payload": p.hex(), "reason": r, "note": n} for p, r, n in rejected],
}
path = os.path.join(os.path.dirname(os.path.abspath(__file__)), "push-vectors.json")
with open(path, "w", encoding="utf-8") as f:
    json.dump(out, f, indent=1, ensure_ascii=False)
    f.write("\n")
print(f"wrote {path}: {len(ige)} ige, {len(payloads)} payloads, {len(rejected)} rejected")
