"""Auth key creation, the server's half (core.telegram.org/mtproto/auth_key): req_pq(_multi) →
resPQ, req_DH_params → server_DH_params_ok, set_client_DH_params → dh_gen_ok/retry/fail, plus the
misbehaviours that make a correct client refuse the exchange."""
import hashlib
import os
import secrets
import struct

from cryptography.hazmat.primitives import serialization
from telethon import helpers
from telethon.crypto import AES
from telethon.extensions import BinaryReader
from telethon.tl import functions, types
from telethon.tl.tlobject import TLObject

from wire import ProtocolError, big, int128, int256

# Telegram's 2048-bit safe prime (the dh_prime its servers send); g = 3 generates the subgroup
# of order (p-1)/2 because p mod 3 = 2.
SAFE_PRIME = int(
    'c71caeb9c6b1c9048e6c522f70f13f73980d40238e3e21c14934d037563d930f48198a0aa7c14058229493d2'
    '2530f4dbfa336f6e0ac925139543aed44cce7c3720fd51f69458705ac68cd4fe6b6b13abdc9746512969328454'
    'f18faf8c595f642477fe96bb2a941d5bcd1d4ac8cc49880708fa9b378e3c4f3a9060bee67cf9a4a4a69581105190'
    '7e162753b56b0f6b410dba74d8a84b2a14b3144e0ef1284754fd17ed950d5965b4b9dd46582db1178d169c6bc465'
    'b0d6ff9ca3928fef5b9ae4e418fc15e83ebea0f87fa9ff5eed70050ded2849f47bf959d956850ce929851f0d8115'
    'f635b105ee2e4e15d04b2454bf6f4fadf034b10403119cd8e3b92fcc5b', 16)
GENERATOR = 3
# For `unsafe-dh-prime`: a 2048-bit prime, p mod 3 = 2 like the real one so g = 3 passes the
# generator test, but (p-1)/2 is composite. Found once with Miller-Rabin and fixed here.
UNSAFE_PRIME = int(
    'b94774495ba6bfd3de7ca9277aa5a089129095394ccb528698df450693ba1fe821dc352b6f3ac2cb16c9683c80'
    '1ffa1fd9f8ff49bcc135c03694b575fcb5d33a377d5e7efea39cb5519873ece6ca1558501ac5bdc8a6e44fd55e2d'
    '1cd07801a37607f185631e2aff6a0f054106d224f8e945a70af8f4f05932c6dc5497f1c65fdaf3c1d79073224ffe'
    '55e64d06f1bbae35721ae3a9b1414ddd35279f05cf3f521520a65c6790893ab187484a4615481bc8120a6b3e6b8e'
    '961d1350c24dcffc6a689eb142d288ca28d7b483b7f2b19c5a36c3b9e4f4b1c7617bd4e90a2b89aec77f87613c1a'
    '55834e5b14d1f1d0cd31566586e20c28b2a33637714c81aa2ffdfb', 16)
# `unsafe-dh-prime=composite`: an odd 2048-bit multiple of 3 just below the safe prime (no
# primality test can pass it).
COMPOSITE_PRIME = SAFE_PRIME - (SAFE_PRIME % 3)
if COMPOSITE_PRIME % 2 == 0:
    COMPOSITE_PRIME -= 3
SAFETY_MARGIN = 2 ** (2048 - 64)


class RsaKey:
    def __init__(self, path):
        with open(path, 'rb') as f:
            private = serialization.load_pem_private_key(f.read(), password=None)
        numbers = private.private_numbers()
        self.n, self.e, self.d = numbers.public_numbers.n, numbers.public_numbers.e, numbers.d
        self.p, self.q = numbers.p, numbers.q
        if self.n.bit_length() != 2048:
            raise ValueError('the RSA key must be 2048 bits, %s is %d' % (path, self.n.bit_length()))
        digest = hashlib.sha1(TLObject.serialize_bytes(big(self.n)) +
                              TLObject.serialize_bytes(big(self.e))).digest()
        # The lower 64 bits of the SHA1, read as Telegram reads a long: little-endian.
        self.fingerprint = struct.unpack('<q', digest[-8:])[0]

    def decrypt_int(self, value):
        return pow(value, self.d, self.n)


def _aux_hash(auth_key):
    return hashlib.sha1(auth_key).digest()[:8]


def key_id_of(auth_key):
    return struct.unpack('<q', hashlib.sha1(auth_key).digest()[-8:])[0]


def new_nonce_hash(new_nonce, number, auth_key):
    digest = hashlib.sha1(int256(new_nonce) + bytes([number]) + _aux_hash(auth_key)).digest()
    return int.from_bytes(digest[4:20], 'little', signed=True)


def _random_prime31():
    while True:
        candidate = secrets.randbits(31) | (1 << 30) | 1
        if _is_prime32(candidate):
            return candidate


def _is_prime32(n):
    """Deterministic Miller-Rabin for n < 3,215,031,751 (bases 2, 3, 5, 7)."""
    if n < 2:
        return False
    for p in (2, 3, 5, 7):
        if n % p == 0:
            return n == p
    d, s = n - 1, 0
    while d % 2 == 0:
        d, s = d // 2, s + 1
    for a in (2, 3, 5, 7):
        x = pow(a, d, n)
        if x in (1, n - 1):
            continue
        for _ in range(s - 1):
            x = x * x % n
            if x == n - 1:
                break
        else:
            return False
    return True


def _decrypt_inner(rsa, encrypted):
    """p_q_inner_data from req_DH_params' encrypted_data: RSA_PAD (the current scheme), else the
    older sha1(data) + data + padding that Telethon 1.40 still sends and Telegram still accepts."""
    if len(encrypted) != 256:
        raise ProtocolError('encrypted_data is %d bytes, not 256' % len(encrypted))
    value = int.from_bytes(encrypted, 'big')
    if value >= rsa.n:
        raise ProtocolError('encrypted_data is not below the RSA modulus')
    plain = rsa.decrypt_int(value).to_bytes(256, 'big')
    # RSA_PAD: temp_key_xor (32) + AES-256-IGE(reversed(data_with_padding) + sha256(temp_key +
    # data_with_padding)) with a zero IV.
    aes_encrypted = plain[32:]
    temp_key = bytes(a ^ b for a, b in zip(plain[:32], hashlib.sha256(aes_encrypted).digest()))
    data_with_hash = AES.decrypt_ige(aes_encrypted, temp_key, b'\0' * 32)
    data_with_padding = data_with_hash[:192][::-1]
    if hashlib.sha256(temp_key + data_with_padding).digest() == data_with_hash[192:]:
        return _parse_inner(data_with_padding), 'RSA_PAD'
    if plain[0] == 0:
        try:
            with BinaryReader(plain[21:]) as reader:
                inner = reader.tgread_object()
                used = reader.tell_position()
        except Exception:
            inner = None
        if inner is not None and hashlib.sha1(plain[21:21 + used]).digest() == plain[1:21]:
            return inner, 'legacy sha1'
    raise ProtocolError('encrypted_data decrypts to neither RSA_PAD nor the legacy layout')


def _parse_inner(data):
    try:
        with BinaryReader(data) as reader:
            return reader.tgread_object()
    except Exception as error:
        raise ProtocolError('p_q_inner_data does not parse: %s' % error)


class KeyExchange:
    """One connection's key exchange. `handle` takes an unencrypted request and returns the
    answer object (or raises ProtocolError, which closes the connection)."""

    def __init__(self, server, log, dc=None):
        self.server, self.log = server, log
        self.listener_dc = dc  # the datacenter of the address the client came to, if it has its own
        self.nonce = self.server_nonce = self.new_nonce = None
        self.pq = self.p = self.q = None
        self.dh_prime = self.a = None
        self.key_dc = None
        self.temp_expires = None
        self.retry_id = 0

    @property
    def misbehave(self):
        return self.server.misbehave

    def handle(self, request):
        if isinstance(request, (functions.ReqPqMultiRequest, functions.ReqPqRequest)):
            return self._res_pq(request)
        if isinstance(request, functions.ReqDHParamsRequest):
            return self._server_dh_params(request)
        if isinstance(request, functions.SetClientDHParamsRequest):
            return self._dh_gen(request)
        raise ProtocolError('unencrypted %s is not a key-exchange request' % type(request).__name__)

    def _res_pq(self, request):
        self.nonce = request.nonce
        self.server_nonce = int.from_bytes(os.urandom(16), 'little', signed=True)
        p, q = sorted((_random_prime31(), _random_prime31()))
        while p == q:
            q = _random_prime31()
            p, q = sorted((p, q))
        self.p, self.q, self.pq = p, q, p * q
        fingerprint = self.server.rsa.fingerprint
        if 'bad-fingerprint' in self.misbehave:
            fingerprint ^= 0x5A5A5A5A5A5A5A5A
        nonce = self.nonce ^ 1 if 'bad-nonce' in self.misbehave else self.nonce
        return types.ResPQ(nonce=nonce, server_nonce=self.server_nonce, pq=big(self.pq, 8),
                           server_public_key_fingerprints=[fingerprint])

    def _server_dh_params(self, request):
        if self.pq is None:
            raise ProtocolError('req_DH_params before req_pq')
        if request.nonce != self.nonce or request.server_nonce != self.server_nonce:
            raise ProtocolError('req_DH_params with the wrong nonce or server_nonce')
        if int.from_bytes(request.p, 'big') != self.p or int.from_bytes(request.q, 'big') != self.q:
            raise ProtocolError('req_DH_params with a wrong factorisation of pq')
        if request.public_key_fingerprint != self.server.rsa.fingerprint:
            raise ProtocolError('req_DH_params for unknown key fingerprint %d' % request.public_key_fingerprint)
        inner, scheme = _decrypt_inner(self.server.rsa, request.encrypted_data)
        if not isinstance(inner, (types.PQInnerData, types.PQInnerDataDc, types.PQInnerDataTemp,
                                  types.PQInnerDataTempDc)):
            raise ProtocolError('encrypted_data holds %s, not p_q_inner_data' % type(inner).__name__)
        if (inner.nonce != self.nonce or inner.server_nonce != self.server_nonce
                or int.from_bytes(inner.pq, 'big') != self.pq
                or int.from_bytes(inner.p, 'big') != self.p or int.from_bytes(inner.q, 'big') != self.q):
            raise ProtocolError('p_q_inner_data does not match resPQ')
        self.new_nonce = inner.new_nonce
        self.key_dc = self.listener_dc or abs(getattr(inner, 'dc', self.server.dc_id)) % 10000 or self.server.dc_id
        self.temp_expires = getattr(inner, 'expires_in', None)
        self.log.info('req_DH_params: %s, %s, dc %d%s', type(inner).__name__, scheme, self.key_dc,
                      ', temporary for %d s' % self.temp_expires if self.temp_expires else '')

        self.dh_prime = SAFE_PRIME
        unsafe = self.misbehave.get('unsafe-dh-prime')
        if unsafe:
            self.dh_prime = COMPOSITE_PRIME if unsafe == 'composite' else UNSAFE_PRIME
        while True:
            self.a = int.from_bytes(os.urandom(256), 'big')
            g_a = pow(GENERATOR, self.a, self.dh_prime)
            if SAFETY_MARGIN <= g_a <= self.dh_prime - SAFETY_MARGIN:
                break
        bad = self.misbehave.get('bad-g-a')
        if bad:
            g_a = {'p-1': self.dh_prime - 1, 'small': 2 ** 1000}.get(bad, 1)
        server_nonce = self.server_nonce ^ 1 if 'bad-server-nonce' in self.misbehave else self.server_nonce
        answer = bytes(types.ServerDHInnerData(
            nonce=self.nonce, server_nonce=server_nonce, g=GENERATOR, dh_prime=big(self.dh_prime),
            g_a=big(g_a, 256), server_time=int(self.server.clock())))
        with_hash = hashlib.sha1(answer).digest() + answer
        with_hash += os.urandom(-len(with_hash) % 16)
        key, iv = helpers.generate_key_data_from_nonce(self.server_nonce, self.new_nonce)
        return types.ServerDHParamsOk(nonce=self.nonce, server_nonce=server_nonce,
                                      encrypted_answer=AES.encrypt_ige(with_hash, key, iv))

    def _dh_gen(self, request):
        if self.a is None:
            raise ProtocolError('set_client_DH_params before req_DH_params')
        if request.nonce != self.nonce or request.server_nonce != self.server_nonce:
            raise ProtocolError('set_client_DH_params with the wrong nonce or server_nonce')
        if len(request.encrypted_data) % 16:
            raise ProtocolError('set_client_DH_params encrypted_data is not whole AES blocks')
        key, iv = helpers.generate_key_data_from_nonce(self.server_nonce, self.new_nonce)
        plain = AES.decrypt_ige(request.encrypted_data, key, iv)
        try:
            with BinaryReader(plain[20:]) as reader:
                inner = reader.tgread_object()
                used = reader.tell_position()
        except Exception as error:
            raise ProtocolError('client_DH_inner_data does not parse: %s' % error)
        if hashlib.sha1(plain[20:20 + used]).digest() != plain[:20]:
            raise ProtocolError('client_DH_inner_data hash mismatch')
        if not isinstance(inner, types.ClientDHInnerData):
            raise ProtocolError('encrypted_data holds %s, not client_DH_inner_data' % type(inner).__name__)
        if inner.nonce != self.nonce or inner.server_nonce != self.server_nonce:
            raise ProtocolError('client_DH_inner_data nonces do not match')
        if inner.retry_id != self.retry_id:
            self.log.warning('client_DH_inner_data retry_id %d, expected %d', inner.retry_id, self.retry_id)
        nonces = dict(nonce=self.nonce, server_nonce=self.server_nonce)
        g_b = int.from_bytes(inner.g_b, 'big')
        auth_key = big(pow(g_b, self.a, self.dh_prime), 256)
        if not (SAFETY_MARGIN <= g_b <= self.dh_prime - SAFETY_MARGIN):
            self.log.warning('g_b out of range: dh_gen_fail')
            return types.DhGenFail(new_nonce_hash3=new_nonce_hash(self.new_nonce, 3, auth_key), **nonces)
        key_id = key_id_of(auth_key)
        force_retry = 'dh-retry-once' in self.misbehave and not self.server.dh_retry_done
        if force_retry or self.server.keys.get(key_id) is not None:
            self.server.dh_retry_done = True
            # The client retries with a new b and retry_id = this key's auth_key_aux_hash.
            self.retry_id = struct.unpack('<q', _aux_hash(auth_key))[0]
            self.log.info('dh_gen_retry (%s)', 'forced' if force_retry else 'auth_key_id collides')
            return types.DhGenRetry(new_nonce_hash2=new_nonce_hash(self.new_nonce, 2, auth_key), **nonces)
        salt = struct.unpack('<q', bytes(a ^ b for a, b in zip(int256(self.new_nonce)[:8],
                                                                 int128(self.server_nonce)[:8])))[0]
        self.server.keys.add(auth_key, self.key_dc, salt, self.temp_expires)
        self.log.info('auth key %016x created (dc %d)', key_id & (2 ** 64 - 1), self.key_dc)
        nonce_hash = new_nonce_hash(self.new_nonce, 1, auth_key)
        if 'bad-new-nonce-hash' in self.misbehave:
            nonce_hash ^= 1
        self.a = None  # one exchange, one key
        return types.DhGenOk(new_nonce_hash1=nonce_hash, **nonces)
