"""MTProto 2.0's message encryption (core.telegram.org/mtproto/description): the key and IV
from msg_key (kdf), a server's message sealed (encrypt, x = 8) and a client's opened and checked
(decrypt, x = 0). Pushes (pushes.py) seal their payload with the same scheme, keyed by the
device's notification secret."""
import hashlib
import os
import random
import struct

from telethon.crypto import AES

from wire import ProtocolError


def kdf(auth_key, msg_key, x):
    """aes_key, aes_iv for MTProto 2.0; x = 0 client→server, 8 server→client."""
    a = hashlib.sha256(msg_key + auth_key[x:x + 36]).digest()
    b = hashlib.sha256(auth_key[40 + x:76 + x] + msg_key).digest()
    return a[:8] + b[8:24] + a[24:32], b[:8] + a[8:24] + b[24:32]


def encrypt(auth_key, key_id, plain):
    padding = 12 + (-(len(plain) + 12) % 16) + 16 * random.randint(0, 3)
    plain += os.urandom(padding)
    msg_key = hashlib.sha256(auth_key[96:128] + plain).digest()[8:24]
    aes_key, aes_iv = kdf(auth_key, msg_key, 8)
    return struct.pack('<q', key_id) + msg_key + AES.encrypt_ige(plain, aes_key, aes_iv)


def decrypt(auth_key, packet):
    """(salt, session_id, msg_id, seqno, body) of a client's encrypted message, or ProtocolError."""
    encrypted = packet[24:]
    if len(encrypted) < 48 or len(encrypted) % 16:
        raise ProtocolError('encrypted message of %d bytes is not whole AES blocks' % len(encrypted))
    msg_key = packet[8:24]
    aes_key, aes_iv = kdf(auth_key, msg_key, 0)
    plain = AES.decrypt_ige(encrypted, aes_key, aes_iv)
    if hashlib.sha256(auth_key[88:120] + plain).digest()[8:24] != msg_key:
        raise ProtocolError('msg_key does not match the decrypted message')
    salt, session_id, msg_id, seqno, length = struct.unpack_from('<qqqii', plain)
    padding = len(plain) - 32 - length
    if length < 4 or length % 4 or not 12 <= padding <= 1024:
        raise ProtocolError('message_data_length %d leaves %d bytes of padding' % (length, padding))
    return salt, session_id, msg_id, seqno, plain[32:32 + length]
