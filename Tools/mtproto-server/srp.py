"""The two-step password's server half, SRP-2048 as core.telegram.org/api/srp describes it
(passwordKdfAlgoSHA256SHA256PBKDF2HMACSHA512iter100000SHA256ModPow): the verifier v = g^x mod p
kept for an account, and one challenge (b, B) per account.getPassword, checked against the
client's (A, M1). Pure arithmetic: no TL, no state."""
import hashlib
import hmac
import os

from auth import GENERATOR as G, SAFE_PRIME as P, SAFETY_MARGIN

SIZE = 256  # p, g, A, B, S are hashed as 2048-bit big-endian numbers
SALT1_PREFIX, SALT1_RANDOM, SALT2_SIZE = 8, 32, 16  # Telegram's salt sizes (new_algo + client's part)


def H(*parts):
    return hashlib.sha256(b''.join(parts)).digest()


def pad(number):
    return number.to_bytes(SIZE, 'big')


def SH(data, salt):
    return H(salt, data, salt)


def PH2(password, salt1, salt2):
    ph1 = SH(SH(password.encode('utf-8'), salt1), salt2)
    return SH(hashlib.pbkdf2_hmac('sha512', ph1, salt1, 100000), salt2)


def verifier(password, salt1, salt2):
    """v = g^x mod p, all the server keeps of a password."""
    return pow(G, int.from_bytes(PH2(password, salt1, salt2), 'big'), P)


def new_salts():
    """(salt1, salt2) for a password set here: salt1 is new_algo's 8 bytes plus the 32 random
    bytes a client appends when it sets a password, as Telegram's current_algo carries them."""
    return os.urandom(SALT1_PREFIX + SALT1_RANDOM), os.urandom(SALT2_SIZE)


def _in_margin(value):
    """2^1984 < value < p − 2^1984, the spec's check for g^a, g^b (and so for B's g^b part)."""
    return SAFETY_MARGIN < value < P - SAFETY_MARGIN


K_MULTIPLIER = int.from_bytes(H(pad(P), pad(G)), 'big')  # k = H(p | g)


class Challenge:
    """One account.getPassword's srp_B; `check` tells whether (A, M1) proves the password."""

    def __init__(self, v, salt1, salt2):
        self.v, self.salt1, self.salt2 = v, salt1, salt2
        while True:
            self.b = int.from_bytes(os.urandom(SIZE), 'big') % P
            g_b = pow(G, self.b, P)
            self.B = (K_MULTIPLIER * v + g_b) % P
            if _in_margin(g_b) and 0 < self.B < P:
                break

    @property
    def srp_B(self):
        return pad(self.B)

    def check(self, A_bytes, M1):
        if len(A_bytes) > SIZE:
            return False
        A = int.from_bytes(A_bytes, 'big')
        if not 1 < A < P - 1:  # A = 0, 1 or p − 1 would fix S whatever the password
            return False
        u = int.from_bytes(H(pad(A), self.srp_B), 'big')
        if u == 0:
            return False
        S = pow(A * pow(self.v, u, P) % P, self.b, P)
        K = H(pad(S))
        expected = H(bytes(x ^ y for x, y in zip(H(pad(P)), H(pad(G)))),
                     H(self.salt1), H(self.salt2), pad(A), self.srp_B, K)
        return hmac.compare_digest(expected, bytes(M1))
