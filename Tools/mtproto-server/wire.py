"""Byte-level helpers the rest of the server shares: TL core constructors Telethon only parses
(rpc_result, msg_container, gzip_packed), integers as TL carries them, and message ids."""
import gzip
import struct
import time
import zlib

from telethon.extensions import BinaryReader
from telethon.tl import types

RPC_RESULT = 0xF35C6D01
MSG_CONTAINER = 0x73F1F8DC
GZIP_PACKED = 0x3072CFA1
VECTOR = 0x1CB5C415

# An inflated gzip_packed larger than this is refused: a client cannot make the server allocate
# without bound.
GZIP_LIMIT = 16 * 1024 * 1024


class ProtocolError(Exception):
    """The peer broke the protocol: the connection is closed and the reason logged."""


class RpcFailure(Exception):
    """A method's rpc_error answer (error_code, error_message as Telegram names it)."""

    def __init__(self, code, message):
        super().__init__('%d %s' % (code, message))
        self.code, self.message = code, message

    def result(self):
        return types.RpcError(error_code=self.code, error_message=self.message)


class Vector(list):
    """A bare TL Vector<T> result (users.getUsers): Telethon's objects serialize one by one."""

    def __bytes__(self):
        return struct.pack('<Ii', VECTOR, len(self)) + b''.join(bytes(item) for item in self)


class Bool:
    """A bare TL Bool result (messages.saveDraft): boolTrue or boolFalse."""
    TRUE, FALSE = 0x997275B5, 0xBC799737

    def __init__(self, value):
        self.value = bool(value)

    def __bytes__(self):
        return struct.pack('<I', self.TRUE if self.value else self.FALSE)


def int128(value):
    """Telethon holds int128/int256 as signed little-endian ints; these are their wire bytes."""
    return value.to_bytes(16, 'little', signed=True)


def int256(value):
    return value.to_bytes(32, 'little', signed=True)


def big(value, length=None):
    """A natural number as TL `bytes` in big-endian order (pq, p, q, dh_prime, g_a)."""
    length = length or max(1, (value.bit_length() + 7) // 8)
    return value.to_bytes(length, 'big')


def rpc_result(req_msg_id, result_bytes):
    return struct.pack('<Iq', RPC_RESULT, req_msg_id) + result_bytes


def container(messages):
    """messages: (msg_id, seqno, body) tuples."""
    out = [struct.pack('<Ii', MSG_CONTAINER, len(messages))]
    for msg_id, seqno, body in messages:
        out.append(struct.pack('<qii', msg_id, seqno, len(body)) + body)
    return b''.join(out)


def gunzip(body):
    """The object inside a gzip_packed (body starts with its constructor)."""
    with BinaryReader(body) as reader:
        reader.read_int(signed=False)
        packed = reader.tgread_bytes()
    try:
        inflater = zlib.decompressobj(16 + zlib.MAX_WBITS)
        data = inflater.decompress(packed, GZIP_LIMIT)
    except zlib.error as error:
        raise ProtocolError('gzip_packed does not inflate: %s' % error)
    if inflater.unconsumed_tail:
        raise ProtocolError('gzip_packed inflates past %d bytes' % GZIP_LIMIT)
    return data


def gzip_packed(data):
    from telethon.tl.tlobject import TLObject
    return struct.pack('<I', GZIP_PACKED) + TLObject.serialize_bytes(gzip.compress(data))


def constructor_of(body):
    if len(body) < 4:
        raise ProtocolError('message body of %d bytes has no constructor' % len(body))
    return struct.unpack_from('<I', body)[0]


def parse_object(body):
    """A TL object parsed by Telethon, with the number of bytes it took."""
    with BinaryReader(body) as reader:
        obj = reader.tgread_object()
        return obj, reader.tell_position()


class MessageIds:
    """Server msg_ids: unix time in the upper 32 bits, rising strictly, the low bits 01 for an
    answer to a client message and 11 otherwise (core.telegram.org/mtproto/description)."""

    def __init__(self, clock):
        self.clock = clock
        self.last = 0

    def next(self, reply=True, seconds_back=0):
        now = self.clock() - seconds_back
        msg_id = (int(now) << 32) | (int((now % 1) * 2 ** 30) << 2)
        msg_id = (msg_id & ~3) | (1 if reply else 3)
        if seconds_back == 0:
            if msg_id <= self.last:
                msg_id = ((self.last + 4) & ~3) | (1 if reply else 3)
            self.last = msg_id
        return msg_id


class Clock:
    """The server's clock: real time plus the `time-offset` misbehaviour's skew."""

    def __init__(self, offset=0.0):
        self.offset = offset

    def __call__(self):
        return time.time() + self.offset
