"""Login as Telegram serves it (core.telegram.org/api/auth, /api/srp): auth.sendCode, auth.signIn,
auth.signUp, account.getPassword, auth.checkPassword, auth.logOut. Every phone gets the same code
(--login-code). Errors carry Telegram's names. Code hashes, half-done logins and SRP challenges
are kept in memory only (a restart makes a client start its login again, as a lost code would)."""
import collections
import os
import secrets
import struct

from telethon.tl import functions, types

import srp
from accounts import normalize_phone, valid_phone
from wire import RpcFailure

NAME_MAX = 64
REMEMBERED = 1000  # code hashes and SRP challenges kept, oldest dropped first


def _fail(code, message):
    raise RpcFailure(code, message)


def _hex(key_id):
    return '%016x' % (key_id & (2 ** 64 - 1))


def _algo(salt1, salt2):
    return types.PasswordKdfAlgoSHA256SHA256PBKDF2HMACSHA512iter100000SHA256ModPow(
        salt1=salt1, salt2=salt2, g=srp.G, p=srp.pad(srp.P))


class SentCode:
    def __init__(self, phone):
        self.phone = phone
        self.code_checked = False  # a signIn with the right code answered signUpRequired


class Login:
    def __init__(self, accounts, code):
        self.accounts, self.code = accounts, code
        self.codes = collections.OrderedDict()       # phone_code_hash → SentCode
        self.awaiting_password = {}                  # auth_key_id → (user id, phone_code_hash)
        self.challenges = collections.OrderedDict()  # srp_id → (auth_key_id, user id, srp.Challenge)
        self.handlers = {
            functions.auth.SendCodeRequest: self.send_code,
            functions.auth.SignInRequest: self.sign_in,
            functions.auth.SignUpRequest: self.sign_up,
            functions.account.GetPasswordRequest: self.get_password,
            functions.auth.CheckPasswordRequest: self.check_password,
            functions.auth.LogOutRequest: self.log_out,
        }

    def handler(self, request):
        return self.handlers.get(type(request))

    @staticmethod
    def _remember(table, key, value):
        table[key] = value
        while len(table) > REMEMBERED:
            table.popitem(last=False)

    @staticmethod
    def _phone(text):
        phone = normalize_phone(text)
        return phone if valid_phone(phone) else _fail(400, 'PHONE_NUMBER_INVALID')

    def _sent(self, phone, phone_code_hash):
        sent = self.codes.get(phone_code_hash or '')
        return sent if sent is not None and sent.phone == phone else _fail(400, 'PHONE_CODE_EXPIRED')

    def _authorize(self, key_id, user, phone_code_hash, log, event):
        """Binds the key to the user; the hash that got it there is used up (others stay)."""
        self.accounts.bind(key_id, user)
        self.awaiting_password.pop(key_id, None)
        self.codes.pop(phone_code_hash, None)
        log.info('%s user %d key %s', event, user.id, _hex(key_id))
        return types.auth.Authorization(user=user.tl(is_self=True))

    def send_code(self, request, key_id, log):
        phone = self._phone(request.phone_number)
        phone_code_hash = secrets.token_hex(9)
        self._remember(self.codes, phone_code_hash, SentCode(phone))
        log.info('sendCode +%s', phone)
        return types.auth.SentCode(type=types.auth.SentCodeTypeApp(length=len(self.code)),
                                   phone_code_hash=phone_code_hash, timeout=None)

    def sign_in(self, request, key_id, log):
        phone = self._phone(request.phone_number)
        if not request.phone_code:
            _fail(400, 'PHONE_CODE_EMPTY')
        if not request.phone_code_hash:
            _fail(400, 'PHONE_CODE_HASH_EMPTY')
        sent = self._sent(phone, request.phone_code_hash)
        if request.phone_code != self.code:
            _fail(400, 'PHONE_CODE_INVALID')
        user = self.accounts.by_phone(phone)
        if user is None:
            sent.code_checked = True
            log.info('signIn +%s: sign-up required', phone)
            return types.auth.AuthorizationSignUpRequired()
        if user.password:
            self.awaiting_password[key_id] = (user.id, request.phone_code_hash)
            log.info('signIn user %d key %s: password needed', user.id, _hex(key_id))
            _fail(401, 'SESSION_PASSWORD_NEEDED')
        return self._authorize(key_id, user, request.phone_code_hash, log, 'signIn')

    def sign_up(self, request, key_id, log):
        phone = self._phone(request.phone_number)
        sent = self._sent(phone, request.phone_code_hash)
        if not sent.code_checked:  # Telegram takes signUp only after signIn checked the code
            _fail(400, 'PHONE_CODE_EXPIRED')
        first_name, last_name = request.first_name.strip(), request.last_name.strip()
        if not 0 < len(first_name) <= NAME_MAX:
            _fail(400, 'FIRSTNAME_INVALID')
        if len(last_name) > NAME_MAX:
            _fail(400, 'LASTNAME_INVALID')
        if self.accounts.by_phone(phone) is not None:
            _fail(400, 'PHONE_NUMBER_OCCUPIED')
        user = self.accounts.create(phone, first_name, last_name)
        return self._authorize(key_id, user, request.phone_code_hash, log, 'signUp')

    def _password_user(self, key_id):
        """(user, phone_code_hash) a password check is for: the login waiting for one, else the
        key's own account (hash None)."""
        own = (self.accounts.authorizations.get(key_id), None)
        user_id, phone_code_hash = self.awaiting_password.get(key_id, own)
        if user_id is None:
            _fail(401, 'AUTH_KEY_UNREGISTERED')
        return self.accounts.users[user_id], phone_code_hash

    def get_password(self, request, key_id, log):
        user, _ = self._password_user(key_id)
        answer = types.account.Password(
            new_algo=_algo(os.urandom(srp.SALT1_PREFIX), os.urandom(srp.SALT2_SIZE)),
            new_secure_algo=types.SecurePasswordKdfAlgoPBKDF2HMACSHA512iter100000(salt=os.urandom(8)),
            secure_random=os.urandom(32))
        if user.password:
            challenge = srp.Challenge(user.password['v'], user.password['salt1'], user.password['salt2'])
            srp_id = struct.unpack('<q', os.urandom(8))[0]
            self._remember(self.challenges, srp_id, (key_id, user.id, challenge))
            answer.has_password, answer.current_algo = True, _algo(challenge.salt1, challenge.salt2)
            answer.srp_B, answer.srp_id = challenge.srp_B, srp_id
        return answer

    def check_password(self, request, key_id, log):
        user, phone_code_hash = self._password_user(key_id)
        check = request.password
        if not isinstance(check, types.InputCheckPasswordSRP):
            _fail(400, 'PASSWORD_HASH_INVALID')
        issued = self.challenges.pop(check.srp_id, None)  # single use, right or wrong
        if issued is None or issued[:2] != (key_id, user.id):
            _fail(400, 'SRP_ID_INVALID')
        if not issued[2].check(check.A, check.M1):
            log.info('checkPassword invalid user %d key %s', user.id, _hex(key_id))
            _fail(400, 'PASSWORD_HASH_INVALID')
        return self._authorize(key_id, user, phone_code_hash, log, 'checkPassword ok')

    def log_out(self, request, key_id, log):
        self.awaiting_password.pop(key_id, None)
        user_id = self.accounts.unbind(key_id)
        if user_id is None:
            _fail(401, 'AUTH_KEY_UNREGISTERED')
        log.info('logOut user %d key %s', user_id, _hex(key_id))
        return types.auth.LoggedOut()
