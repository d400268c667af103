"""MTProto transports (core.telegram.org/mtproto/mtproto-transports), told apart by a connection's
first bytes as Telegram's servers do: abridged (0xef), intermediate (0xeeeeeeee), padded
intermediate (0xdddddddd), or else the 64-byte obfuscation init whose decrypted bytes 56..60
carry one of those protocol tags."""
import os
import random
import struct

from cryptography.hazmat.primitives.ciphers import Cipher, algorithms, modes

from wire import ProtocolError

ABRIDGED, INTERMEDIATE, PADDED = 'abridged', 'intermediate', 'padded'
TAGS = {b'\xef\xef\xef\xef': ABRIDGED, b'\xee\xee\xee\xee': INTERMEDIATE, b'\xdd\xdd\xdd\xdd': PADDED}

# A frame longer than this is refused before it is read (Telegram's own limit is about 1 MB of
# payload plus headers; uploads' 512 KB parts fit).
MAX_FRAME = 2 * 1024 * 1024

# First words that would make an obfuscation init look like another protocol: a client never
# sends them (HTTP verbs, a TLS record, the plain intermediate tags).
_FORBIDDEN_STARTS = (b'HEAD', b'POST', b'GET ', b'OPTI', b'\x16\x03\x01\x02', b'\xee\xee\xee\xee',
                     b'\xdd\xdd\xdd\xdd')


def _ctr(key, iv):
    cipher = Cipher(algorithms.AES(key), modes.CTR(iv))
    return cipher.encryptor(), cipher.decryptor()


class _PlainStream:
    def __init__(self, reader):
        self.reader = reader

    async def read(self, n):
        return await self.reader.readexactly(n)

    def wrap(self, data):
        return data


class _ObfuscatedStream:
    """AES-256-CTR both ways, each direction one continuous key stream."""

    def __init__(self, reader, decryptor, encryptor):
        self.reader, self.decryptor, self.encryptor = reader, decryptor, encryptor

    async def read(self, n):
        return self.decryptor.update(await self.reader.readexactly(n))

    def wrap(self, data):
        return self.encryptor.update(data)


class Transport:
    def __init__(self, kind, stream, obfuscated=False, dc_id=None):
        self.kind, self.stream, self.obfuscated, self.dc_id = kind, stream, obfuscated, dc_id

    @property
    def name(self):
        return ('obfuscated-' if self.obfuscated else '') + self.kind

    async def read_packet(self):
        """One frame's payload (padding of the padded transport removed). The quick-ack flag
        (the length's top bit) is accepted and not answered."""
        read = self.stream.read
        if self.kind == ABRIDGED:
            first = (await read(1))[0] & 0x7F
            words = int.from_bytes(await read(3), 'little') if first == 0x7F else first
            length = words * 4
        else:
            length = struct.unpack('<I', await read(4))[0] & 0x7FFFFFFF
            if self.kind == INTERMEDIATE and length % 4:
                raise ProtocolError('intermediate frame length %d is not a multiple of 4' % length)
        if length < 8 or length > MAX_FRAME:
            raise ProtocolError('frame length %d out of range' % length)
        data = await read(length)
        if self.kind == PADDED:
            data = _strip_padding(data)
            if len(data) < 8:
                raise ProtocolError('padded frame of %d bytes holds no message' % length)
        return data

    def frame(self, payload, pad=True):
        """payload framed (and encrypted, when obfuscated) for the wire. A 4-byte transport
        error goes unpadded: a client could not tell its padding from its code."""
        if self.kind == PADDED and pad:
            payload += os.urandom(random.randint(0, 15))
        if self.kind == ABRIDGED:
            words = len(payload) // 4
            header = bytes([words]) if words < 0x7F else b'\x7f' + words.to_bytes(3, 'little')
        else:
            header = struct.pack('<I', len(payload))
        return self.stream.wrap(header + payload)


def _strip_padding(data):
    """The padded transport's 0..15 random bytes carry no length of their own: an unencrypted
    message says its length, an encrypted one is 24 bytes plus whole AES blocks."""
    if data[:8] == b'\0' * 8 and len(data) >= 20:
        return data[:20 + struct.unpack_from('<i', data, 16)[0]]
    return data[:24 + (len(data) - 24) // 16 * 16]


async def detect(reader):
    """Reads the connection's opening bytes and returns its Transport."""
    first = await reader.readexactly(1)
    if first == b'\xef':
        return Transport(ABRIDGED, _PlainStream(reader))
    head = first + await reader.readexactly(3)
    if head in (b'\xee\xee\xee\xee', b'\xdd\xdd\xdd\xdd'):
        return Transport(TAGS[head], _PlainStream(reader))
    init = head + await reader.readexactly(60)
    if head in _FORBIDDEN_STARTS or init[4:8] == b'\0\0\0\0':
        raise ProtocolError('unsupported transport (first bytes %s; the full transport and HTTP '
                            'are not served)' % init[:8].hex())
    # The client encrypts with init[8:40]/init[40:56]; the server's key and iv are those 48
    # bytes reversed.
    reversed_ = init[8:56][::-1]
    _, decryptor = _ctr(init[8:40], init[40:56])
    encryptor, _ = _ctr(reversed_[:32], reversed_[32:48])
    plain = decryptor.update(init)
    tag = plain[56:60]
    if tag not in TAGS:
        raise ProtocolError('obfuscated init carries unknown protocol tag %s' % tag.hex())
    dc_id = struct.unpack_from('<h', plain, 60)[0]
    return Transport(TAGS[tag], _ObfuscatedStream(reader, decryptor, encryptor), True, dc_id)
