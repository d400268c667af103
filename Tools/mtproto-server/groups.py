"""Basic groups (Telegram's `chat`, peerChat; not channels): who is in which group, kept in the
message store's sqlite database (so --state keeps them with the messages they hold). A group has
no box of its own: core.telegram.org/api/updates — a basic group's messages live in each
member's box, with that member's ids and pts, as private messages do (messages.py keeps one copy
per member). Chat ids come from their own counter, from 4000001, so they never meet a user id
(1000001…); in the message store a group is the peer -chat_id (Bot API style)."""
from telethon.tl import types

FIRST_CHAT_ID = 4000001

SCHEMA = '''
CREATE TABLE IF NOT EXISTS chats (
    id INTEGER PRIMARY KEY, title TEXT NOT NULL, date INTEGER NOT NULL, creator INTEGER NOT NULL,
    version INTEGER NOT NULL DEFAULT 1);
CREATE TABLE IF NOT EXISTS members (
    chat INTEGER NOT NULL, user INTEGER NOT NULL, inviter INTEGER NOT NULL, date INTEGER NOT NULL,
    PRIMARY KEY (chat, user));
CREATE INDEX IF NOT EXISTS members_by_user ON members (user, chat);
'''


class Group:
    """One basic group as its members see it. `key`: how the message store names it as a peer
    (users are their id, groups the negative chat id)."""
    is_group = True

    def __init__(self, row, members):
        self.id, self.title, self.date = row['id'], row['title'], row['date']
        self.creator, self.version = row['creator'], row['version']
        self.members = members  # [(user, inviter, date)], the creator first, then by join date

    @property
    def key(self):
        return -self.id

    @property
    def member_ids(self):
        return [user for user, _, _ in self.members]

    def has(self, user_id):
        return any(user == user_id for user, _, _ in self.members)

    def tl(self, viewer):
        """types.Chat as `viewer` sees it (creator flag; a non-member sees chatForbidden, as
        Telegram shows a group one has left or been removed from)."""
        if not self.has(viewer):
            return types.ChatForbidden(id=self.id, title=self.title)
        return types.Chat(id=self.id, title=self.title, photo=types.ChatPhotoEmpty(),
                          participants_count=len(self.members), date=self.date, version=self.version,
                          creator=viewer == self.creator or None)

    def participants_tl(self):
        return types.ChatParticipants(
            chat_id=self.id, version=self.version,
            participants=[types.ChatParticipantCreator(user_id=user) if user == self.creator
                          else types.ChatParticipant(user_id=user, inviter_id=inviter, date=date)
                          for user, inviter, date in self.members])


class GroupStore:
    """The chats and members tables, on the message store's connection: a change made inside
    MessageStore.write() commits with the messages it goes with."""

    def __init__(self, store, log):
        self.db = store.db
        self.db.executescript(SCHEMA)
        if store.path:
            count = self.db.execute('SELECT count(*) FROM chats').fetchone()[0]
            if count:
                log.info('loaded %d basic group(s) from %s', count, store.path)

    def create(self, title, creator, users, now):
        """A new group of `creator` and `users` (each once), invited by the creator. Inside write()."""
        row = self.db.execute('SELECT max(id) FROM chats').fetchone()
        chat_id = max(row[0] or 0, FIRST_CHAT_ID - 1) + 1
        self.db.execute('INSERT INTO chats (id, title, date, creator) VALUES (?, ?, ?, ?)', (chat_id, title, now, creator))
        for user in dict.fromkeys([creator] + list(users)):
            self.db.execute('INSERT INTO members VALUES (?, ?, ?, ?)', (chat_id, user, creator, now))
        return self.get(chat_id)

    def add(self, chat_id, user, inviter, now):
        """`user` joins the group, invited by `inviter`; its version moves on. Inside write()."""
        self.db.execute('INSERT INTO members VALUES (?, ?, ?, ?)', (chat_id, user, inviter, now))
        self.db.execute('UPDATE chats SET version = version + 1 WHERE id = ?', (chat_id,))

    def remove(self, chat_id, user):
        """`user` leaves the group (or is removed); its version moves on. Inside write()."""
        self.db.execute('DELETE FROM members WHERE chat = ? AND user = ?', (chat_id, user))
        self.db.execute('UPDATE chats SET version = version + 1 WHERE id = ?', (chat_id,))

    def get(self, chat_id):
        row = self.db.execute('SELECT * FROM chats WHERE id = ?', (chat_id,)).fetchone()
        if row is None:
            return None
        members = self.db.execute('SELECT user, inviter, date FROM members WHERE chat = ? '
                                  'ORDER BY user != ?, date, rowid', (chat_id, row['creator'])).fetchall()
        return Group(row, [tuple(m) for m in members])

    def of_member(self, chat_id, user_id):
        """The group if `user_id` is in it, else None."""
        group = self.get(chat_id)
        return group if group is not None and group.has(user_id) else None

    def chats_tl(self, viewer, chat_ids):
        """Chat objects for these ids as `viewer` sees them, each once, in id order."""
        return [group.tl(viewer) for group in (self.get(i) for i in sorted(set(chat_ids))) if group is not None]
