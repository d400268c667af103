"""Users and authorizations (which auth key is signed in as which user), in memory and, with
--state DIR, in DIR/accounts.json, written atomically, so a restarted server still knows who each
key belongs to. A password is kept only as its SRP verifier and salts (srp.py), never as text."""
import json
import os
import re
import struct

from telethon.tl import types

import srp

FIRST_USER_ID = 1000001
# Telegram's usernames: 5..32 characters, a letter first, then letters, digits and underscores.
USERNAME = re.compile(r'[A-Za-z][A-Za-z0-9_]{4,31}')


def normalize_phone(phone):
    """Digits only: '+99966 1 0001' → '9996610001'; None if anything but digits, '+' and spaces."""
    digits = re.sub(r'[\s+]', '', phone or '')
    return digits if digits.isdigit() else None


def valid_phone(digits):
    return digits is not None and 5 <= len(digits) <= 15


class User:
    is_group = False  # beside groups.Group: what peers.chat_peer returns

    def __init__(self, user_id, access_hash, phone, first_name, last_name, password=None, username=None, listed=True):
        self.id, self.access_hash, self.phone = user_id, access_hash, phone
        # False: in nobody's contact list (--public-account), found only by its username.
        self.listed = listed
        self.first_name, self.last_name = first_name, last_name
        self.password = password  # None or {'salt1', 'salt2', 'v'} (bytes, bytes, int)
        self.chosen_username = username  # None: the default user<id>

    @property
    def key(self):
        """How the message store names the private chat with this user (groups: -chat_id)."""
        return self.id

    @property
    def username(self):
        return self.chosen_username or 'user%d' % self.id

    def set_password(self, text):
        if not text:
            self.password = None
            return
        salt1, salt2 = srp.new_salts()
        self.password = {'salt1': salt1, 'salt2': salt2, 'v': srp.verifier(text, salt1, salt2)}

    def tl(self, is_self, status=None):
        # Every other listed account is in everyone's contact list (contacts.getContacts), so
        # others come as mutual contacts, phone included, as Telegram shows a contact; an unlisted
        # one as a stranger, without its phone.
        contact = None if is_self or not self.listed else True
        return types.User(id=self.id, is_self=is_self or None, contact=contact, mutual_contact=contact,
                          access_hash=self.access_hash, first_name=self.first_name,
                          last_name=self.last_name or None, username=self.username,
                          phone=self.phone if is_self or self.listed else None, status=status)

    def to_json(self):
        password = self.password and {'salt1': self.password['salt1'].hex(),
                                      'salt2': self.password['salt2'].hex(),
                                      'v': '%x' % self.password['v']}
        return {'id': self.id, 'access_hash': self.access_hash, 'phone': self.phone,
                'first_name': self.first_name, 'last_name': self.last_name, 'password': password,
                'username': self.chosen_username, 'listed': self.listed}

    @classmethod
    def from_json(cls, item):
        password = item.get('password')
        if password:
            password = {'salt1': bytes.fromhex(password['salt1']),
                        'salt2': bytes.fromhex(password['salt2']), 'v': int(password['v'], 16)}
        return cls(item['id'], item['access_hash'], item['phone'], item['first_name'],
                   item.get('last_name', ''), password, item.get('username'), item.get('listed', True))


def parse_account(value):
    """--account PHONE:FIRST:LAST[:PASSWORD[:USERNAME]] → (phone digits, first, last, password or
    None, username or None). An empty PASSWORD means none."""
    parts = value.split(':', 4)
    if len(parts) < 3:
        raise SystemExit('--account expects PHONE:FIRST:LAST[:PASSWORD[:USERNAME]], not %r' % value)
    phone = normalize_phone(parts[0])
    if not valid_phone(phone):
        raise SystemExit('--account %r: the phone must be 5..15 digits' % value)
    if not parts[1].strip():
        raise SystemExit('--account %r: the first name is empty' % value)
    username = parts[4].strip().lstrip('@') if len(parts) == 5 else None
    if username is not None and not USERNAME.fullmatch(username):
        raise SystemExit('--account %r: a username is 5..32 letters, digits or _, a letter first' % value)
    password = parts[3] if len(parts) >= 4 and parts[3] else None
    return phone, parts[1].strip(), parts[2].strip(), password, username


class Accounts:
    def __init__(self, state_dir, log):
        # presence.py's status of a user for other users' User objects (None: none said)
        self.status_of = lambda user_id: None
        self.log = log
        self.path = os.path.join(state_dir, 'accounts.json') if state_dir else None
        self.users = {}           # id → User
        self.authorizations = {}  # auth_key_id (signed int64) → user id
        self.devices = {}         # auth_key_id → {'token', 'secret' (bytes), 'no_muted'}: devices.py
        if self.path and os.path.exists(self.path):
            with open(self.path) as f:
                data = json.load(f)
            for item in data['users']:
                user = User.from_json(item)
                self.users[user.id] = user
            self.authorizations = {int(a['auth_key_id']): a['user_id'] for a in data['authorizations']
                                   if a['user_id'] in self.users}
            self.devices = {int(d['auth_key_id']): {'token': d['token'], 'secret': bytes.fromhex(d['secret']),
                                                    'no_muted': d.get('no_muted', False)}
                            for d in data.get('devices', []) if int(d['auth_key_id']) in self.authorizations}
            log.info('loaded %d account(s), %d authorization(s) from %s',
                     len(self.users), len(self.authorizations), self.path)

    def by_phone(self, phone):
        return next((u for u in self.users.values() if u.phone == phone), None)

    def by_username(self, username):
        """Case-insensitive, as Telegram resolves usernames."""
        wanted = username.lower()
        return next((u for u in self.users.values() if u.username.lower() == wanted), None)

    def user_of_key(self, key_id):
        user_id = self.authorizations.get(key_id)
        return self.users.get(user_id) if user_id is not None else None

    def create(self, phone, first_name, last_name, password=None):
        user = User(max(self.users, default=FIRST_USER_ID - 1) + 1,
                    struct.unpack('<q', os.urandom(8))[0], phone, first_name, last_name)
        user.set_password(password)
        self.users[user.id] = user
        self.save()
        return user

    def preload(self, phone, first_name, last_name, password, username=None, listed=True):
        """--account (--public-account: listed False): a stored account with that phone keeps its
        id and access_hash (so a restart with the same options changes nothing a client holds);
        names, password, username and whether it is listed are the options'."""
        taken = username and self.by_username(username)
        if taken and taken.phone != phone:
            raise SystemExit('--account %s: username %s is taken by +%s' % (phone, username, taken.phone))
        user = self.by_phone(phone)
        if user is None:
            user = self.create(phone, first_name, last_name, password)
        else:
            user.first_name, user.last_name = first_name, last_name
            user.set_password(password)
        user.chosen_username = username
        user.listed = listed
        self.save()
        return user

    def bind(self, key_id, user):
        self.authorizations[key_id] = user.id
        self.save()

    def unbind(self, key_id):
        """Signs the key out; the device it registered goes with it."""
        user_id = self.authorizations.pop(key_id, None)
        self.devices.pop(key_id, None)
        if user_id is not None:
            self.save()
        return user_id

    def register_device(self, key_id, token, secret, no_muted):
        """One device per key: registering again replaces its token and secret. Another key's
        registration of the same token moves the token to this key, as Telegram does."""
        for other in [k for k, d in self.devices.items() if d['token'] == token and k != key_id]:
            del self.devices[other]
        self.devices[key_id] = {'token': token, 'secret': bytes(secret), 'no_muted': no_muted}
        self.save()

    def unregister_device(self, key_id, token):
        device = self.devices.get(key_id)
        if device is None or device['token'] != token:
            return False
        del self.devices[key_id]
        self.save()
        return True

    def devices_of(self, user_id, skip_key=None):
        """(key id, device) of each device a user's keys registered, but `skip_key`'s."""
        return [(k, d) for k, d in list(self.devices.items())
                if k != skip_key and self.authorizations.get(k) == user_id]

    def save(self):
        if not self.path:
            return
        os.makedirs(os.path.dirname(self.path), exist_ok=True)
        data = {'users': [u.to_json() for u in self.users.values()],
                'authorizations': [{'auth_key_id': k, 'auth_key_id_hex': '%016x' % (k & (2 ** 64 - 1)),
                                    'user_id': u} for k, u in self.authorizations.items()],
                'devices': [{'auth_key_id': k, 'token': d['token'], 'secret': d['secret'].hex(),
                             'no_muted': d['no_muted']} for k, d in self.devices.items()]}
        temporary = self.path + '.tmp'
        with open(temporary, 'w') as f:
            json.dump(data, f, indent=1)
            f.flush()
            os.fsync(f.fileno())
        os.replace(temporary, self.path)
        # The rename itself survives a crash only once the directory is synced.
        directory = os.open(os.path.dirname(self.path) or '.', os.O_RDONLY)
        try:
            os.fsync(directory)
        finally:
            os.close(directory)
