"""Auth keys and their server salts, kept in memory and, with --state DIR, in DIR/auth_keys.json
so that a restarted server still knows its clients' keys (sessions are not kept: a restarted
server answers a known key's unknown session with new_session_created, as Telegram may)."""
import json
import os
import struct

from auth import key_id_of

SALT_PERIOD = 1800   # a new salt every 30 minutes…
SALT_LIFETIME = 3600  # …each valid for an hour, so two overlap


def _random_salt():
    return struct.unpack('<q', os.urandom(8))[0]


class AuthKeyEntry:
    def __init__(self, key, dc, salts, temp_expires=None):
        self.key, self.dc, self.temp_expires = key, dc, temp_expires
        self.key_id = key_id_of(key)
        self.salts = salts  # [valid_since, valid_until, salt], oldest first
        self.sessions = {}  # session_id → Session (in memory only)
        self.messages_since_salt_change = 0
        self.container_salt_changed = False  # `salt-change-on-container` did its one change

    def _extend(self, now):
        while self.salts[-1][0] < now + 2 * SALT_LIFETIME:
            since = self.salts[-1][0] + SALT_PERIOD
            self.salts.append([since, since + SALT_LIFETIME, _random_salt()])
        self.salts = [s for s in self.salts if s[1] > now - SALT_LIFETIME]

    def current_salt(self, now):
        self._extend(now)
        return [s for s in self.salts if s[0] <= now][-1][2]

    def salt_valid(self, salt, now):
        self._extend(now)
        return any(s[0] <= now < s[1] and s[2] == salt for s in self.salts)

    def future_salts(self, now, count):
        self._extend(now + count * SALT_PERIOD)
        return [s for s in self.salts if s[1] > now][:count]

    def replace_salts(self, now):
        """`salt-changes`: every salt known so far stops being valid."""
        self.salts = [[int(now) - 1, int(now) + SALT_LIFETIME, _random_salt()]]
        return self.salts[0][2]

    def to_json(self):
        return {'auth_key': self.key.hex(), 'dc': self.dc, 'salts': self.salts,
                'temp_expires': self.temp_expires}


class KeyStore:
    def __init__(self, state_dir, clock, log):
        self.clock, self.log = clock, log
        self.path = os.path.join(state_dir, 'auth_keys.json') if state_dir else None
        self.entries = {}
        if self.path and os.path.exists(self.path):
            with open(self.path) as f:
                for item in json.load(f)['keys']:
                    entry = AuthKeyEntry(bytes.fromhex(item['auth_key']), item['dc'], item['salts'],
                                         item.get('temp_expires'))
                    self.entries[entry.key_id] = entry
            log.info('loaded %d auth key(s) from %s', len(self.entries), self.path)

    def get(self, key_id):
        return self.entries.get(key_id)

    def add(self, key, dc, first_salt, temp_expires=None):
        now = int(self.clock())
        entry = AuthKeyEntry(key, dc, [[now - 1, now + SALT_LIFETIME, first_salt]], temp_expires)
        self.entries[entry.key_id] = entry
        self.save()
        return entry

    def save(self):
        if not self.path:
            return
        os.makedirs(os.path.dirname(self.path), exist_ok=True)
        temporary = self.path + '.tmp'
        with open(temporary, 'w') as f:
            json.dump({'keys': [e.to_json() for e in self.entries.values()]}, f)
        os.replace(temporary, self.path)
