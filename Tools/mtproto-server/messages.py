"""The message store: one box per user (core.telegram.org/api/updates: private chats and basic
groups share one pts and one sequence of message ids per user), holding that user's copy of every
message, dialog read states and drafts, the pts event log getDifference replays, and the (sender,
random_id) records that make sendMessage happen once. sqlite3 from the standard library: with
--state DIR in DIR/messages.sqlite3 (WAL, synchronous=FULL: a commit is on disk before the answer
goes out), else in memory. A message between two users is two rows, one per box, each naming the
other as its twin; a basic group's message is one row per member, its peer the negative chat id
(groups.py), all sharing one `grp` key so any copy finds the others. Channels keep their messages
in a box of their own (channel_box.py, the same database); the random_id records here cover
their sends too (`channel` names the channel), so a random_id is once-only per sender anywhere."""
import contextlib
import json
import os
import sqlite3

from wire import RpcFailure

FIRST_PTS = 1  # an empty box's pts: Telegram's pts are never 0 (0 means "unknown" to clients)

SCHEMA = '''
CREATE TABLE IF NOT EXISTS boxes (
    owner INTEGER PRIMARY KEY, pts INTEGER NOT NULL, last_id INTEGER NOT NULL);
CREATE TABLE IF NOT EXISTS messages (
    owner INTEGER NOT NULL, id INTEGER NOT NULL, peer INTEGER NOT NULL, from_id INTEGER NOT NULL,
    out INTEGER NOT NULL, date INTEGER NOT NULL, text TEXT NOT NULL, reply_to INTEGER,
    edit_date INTEGER, pinned INTEGER NOT NULL DEFAULT 0, twin_owner INTEGER, twin_id INTEGER,
    reactions TEXT NOT NULL DEFAULT '[]', media TEXT, fwd TEXT, grp TEXT, action TEXT, PRIMARY KEY (owner, id));
CREATE INDEX IF NOT EXISTS messages_by_chat ON messages (owner, peer, id);
CREATE INDEX IF NOT EXISTS messages_incoming ON messages (owner, peer, out, id);
CREATE TABLE IF NOT EXISTS dialogs (
    owner INTEGER NOT NULL, peer INTEGER NOT NULL,
    read_inbox_max_id INTEGER NOT NULL DEFAULT 0, read_outbox_max_id INTEGER NOT NULL DEFAULT 0,
    draft TEXT, draft_date INTEGER, draft_reply_to INTEGER, pinned INTEGER, mute_until INTEGER NOT NULL DEFAULT 0,
    PRIMARY KEY (owner, peer));
CREATE TABLE IF NOT EXISTS events (
    owner INTEGER NOT NULL, pts INTEGER NOT NULL, pts_count INTEGER NOT NULL, date INTEGER NOT NULL,
    kind TEXT NOT NULL, data TEXT NOT NULL, PRIMARY KEY (owner, pts));
CREATE TABLE IF NOT EXISTS sent (
    sender INTEGER NOT NULL, random_id INTEGER NOT NULL, id INTEGER NOT NULL, pts INTEGER NOT NULL,
    date INTEGER NOT NULL, channel INTEGER, PRIMARY KEY (sender, random_id));
'''


class Msg:
    """One user's copy of a message. reactions: [[user_id, emoticon, date], …] in the order given;
    media: None or the file it carries (files.py: {'kind', 'id', 'access_hash', 'name', …});
    fwd: None or where a forward came from ({'from_id', 'date'}: the first origin's);
    grp: None for a private message, else the key every member's copy of a group message shares;
    action: None, or a service message's action ({'kind': 'chat_create', 'title', 'users'})."""
    FIELDS = ('owner', 'id', 'peer', 'from_id', 'out', 'date', 'text', 'reply_to', 'edit_date',
              'pinned', 'twin_owner', 'twin_id', 'reactions', 'media', 'fwd', 'grp', 'action')
    JSON_FIELDS = ('reactions', 'media', 'fwd', 'action')

    def __init__(self, **fields):
        for name in self.FIELDS:
            setattr(self, name, fields.get(name))
        self.out, self.pinned = bool(self.out), bool(self.pinned)
        self.reactions = self.reactions or []

    @classmethod
    def from_row(cls, row):
        fields = dict(row)
        fields['reactions'] = json.loads(fields['reactions'])
        fields['media'] = json.loads(fields['media']) if fields.get('media') else None
        fields['fwd'] = json.loads(fields['fwd']) if fields.get('fwd') else None
        fields['action'] = json.loads(fields['action']) if fields.get('action') else None
        return cls(**fields)

    @property
    def twin(self):
        return (self.twin_owner, self.twin_id) if self.twin_owner is not None else None


class Event:
    """A pts step of one box: kind new|edit|delete|read_inbox|read_outbox|reaction|pin, data a dict."""

    def __init__(self, row):
        self.owner, self.pts, self.pts_count, self.date = row['owner'], row['pts'], row['pts_count'], row['date']
        self.kind, self.data = row['kind'], json.loads(row['data'])


class MessageStore:
    def __init__(self, state_dir, log):
        self.path = os.path.join(state_dir, 'messages.sqlite3') if state_dir else None
        if self.path:
            os.makedirs(state_dir, exist_ok=True)
        self.db = sqlite3.connect(self.path or ':memory:', isolation_level=None)
        self.db.row_factory = sqlite3.Row
        if self.path:
            self.db.execute('PRAGMA journal_mode=WAL')
            self.db.execute('PRAGMA synchronous=FULL')
        self.db.executescript(SCHEMA)
        columns = [row[1] for row in self.db.execute('PRAGMA table_info(messages)')]
        if 'media' not in columns:  # a state directory from before files
            self.db.execute('ALTER TABLE messages ADD COLUMN media TEXT')
        if 'fwd' not in columns:  # from before forwards
            self.db.execute('ALTER TABLE messages ADD COLUMN fwd TEXT')
        if 'grp' not in columns:  # from before basic groups
            self.db.execute('ALTER TABLE messages ADD COLUMN grp TEXT')
            self.db.execute('ALTER TABLE messages ADD COLUMN action TEXT')
        self.db.execute('CREATE INDEX IF NOT EXISTS messages_by_grp ON messages (grp)')
        dialog_columns = [row[1] for row in self.db.execute('PRAGMA table_info(dialogs)')]
        if 'pinned' not in dialog_columns:  # from before pinned and muted dialogs
            self.db.execute('ALTER TABLE dialogs ADD COLUMN pinned INTEGER')
            self.db.execute('ALTER TABLE dialogs ADD COLUMN mute_until INTEGER NOT NULL DEFAULT 0')
        if 'channel' not in [row[1] for row in self.db.execute('PRAGMA table_info(sent)')]:  # from before channels
            self.db.execute('ALTER TABLE sent ADD COLUMN channel INTEGER')
        if self.path:
            count = self.db.execute('SELECT count(*) FROM messages').fetchone()[0]
            boxes = self.db.execute('SELECT count(*) FROM boxes').fetchone()[0]
            log.info('loaded %d message copies in %d box(es) from %s', count, boxes, self.path)

    @contextlib.contextmanager
    def write(self):
        """One transaction: everything inside is committed (and synced) together, or not at all."""
        self.db.execute('BEGIN IMMEDIATE')
        try:
            yield
        except BaseException:
            self.db.execute('ROLLBACK')
            raise
        self.db.execute('COMMIT')

    def _one(self, sql, *args):
        return self.db.execute(sql, args).fetchone()

    # Boxes: pts and message ids.

    def box(self, owner):
        """(pts, last message id) of a user's box."""
        row = self._one('SELECT pts, last_id FROM boxes WHERE owner = ?', owner)
        return (row['pts'], row['last_id']) if row else (FIRST_PTS, 0)

    def pts(self, owner):
        return self.box(owner)[0]

    def next_id(self, owner):
        pts, last_id = self.box(owner)
        self.db.execute('INSERT OR REPLACE INTO boxes VALUES (?, ?, ?)', (owner, pts, last_id + 1))
        return last_id + 1

    def bump(self, owner, count, kind, data, date):
        """Advances the box's pts by `count` and logs the event under the new pts."""
        pts, last_id = self.box(owner)
        pts += count
        self.db.execute('INSERT OR REPLACE INTO boxes VALUES (?, ?, ?)', (owner, pts, last_id))
        self.db.execute('INSERT INTO events VALUES (?, ?, ?, ?, ?, ?)',
                        (owner, pts, count, date, kind, json.dumps(data)))
        return pts

    def events_after(self, owner, pts, limit):
        """The box's first `limit` events after `pts` (a difference is served in windows: all of a
        box far behind would be read again for every slice)."""
        rows = self.db.execute('SELECT * FROM events WHERE owner = ? AND pts > ? ORDER BY pts LIMIT ?', (owner, pts, limit))
        return [Event(row) for row in rows]

    # Messages.

    def insert(self, msg):
        # Columns named: a state directory's columns come in the order they were added.
        self.db.execute('INSERT INTO messages (%s) VALUES (%s)' % (', '.join(Msg.FIELDS), ', '.join('?' * len(Msg.FIELDS))),
                        [json.dumps(getattr(msg, name)) if name in Msg.JSON_FIELDS and getattr(msg, name) is not None
                         else getattr(msg, name) for name in Msg.FIELDS])
        self.db.execute('INSERT OR IGNORE INTO dialogs (owner, peer) VALUES (?, ?)', (msg.owner, msg.peer))

    def add_private(self, sender, receiver, text, now, replied=None, media=None, fwd=None, action=None):
        """A private message sender → receiver: the sender's copy and, unless it is Saved Messages
        (a chat with oneself), the receiver's, each with its id and pts event. Inside `write`.
        `replied`: the sender's copy of the message it answers. (mine, my_pts, theirs, their_pts)."""
        mine = Msg(owner=sender, id=self.next_id(sender), peer=receiver, from_id=sender, out=True,
                   date=now, text=text, reply_to=replied.id if replied else None, media=media, fwd=fwd, action=action)
        theirs, their_pts = None, None
        if receiver != sender:
            twin_reply = replied.twin_id if replied and replied.twin_owner == receiver else None
            theirs = Msg(owner=receiver, id=self.next_id(receiver), peer=sender, from_id=sender, out=False, date=now,
                         text=text, reply_to=twin_reply, twin_owner=sender, twin_id=mine.id, media=media, fwd=fwd, action=action)
            mine.twin_owner, mine.twin_id = receiver, theirs.id
            self.insert(theirs)
            their_pts = self.bump(receiver, 1, 'new', {'id': theirs.id}, now)
        self.insert(mine)
        my_pts = self.bump(sender, 1, 'new', {'id': mine.id}, now)
        return mine, my_pts, theirs, their_pts

    def add_group(self, sender, group, text, now, replied=None, media=None, fwd=None, action=None):
        """A basic group's message: one copy in each member's box (the sender's first), each with
        its own id and pts event 'new', all sharing one grp key. Inside `write`. `replied`: the
        sender's copy of the message it answers (each copy replies to its owner's copy of it).
        [(copy, pts)], the sender's first."""
        sender_id = self.next_id(sender)
        grp = '%d/%d' % (sender, sender_id)
        reply_ids = {c.owner: c.id for c in self.copies(replied)} if replied else {}
        made = []
        for owner in [sender] + [m for m in group.member_ids if m != sender]:
            copy = Msg(owner=owner, id=sender_id if owner == sender else self.next_id(owner), peer=group.key,
                       from_id=sender, out=owner == sender, date=now, text=text, reply_to=reply_ids.get(owner),
                       media=media, fwd=fwd, grp=grp, action=action)
            self.insert(copy)
            made.append((copy, self.bump(owner, 1, 'new', {'id': copy.id}, now)))
        return made

    def copies(self, msg):
        """Every copy of the message, `msg` (current) among them: a private message and its twin
        (if the other side still has it), or every member's copy of a group message."""
        if msg.grp is not None:
            rows = self.db.execute('SELECT * FROM messages WHERE grp = ? ORDER BY owner', (msg.grp,))
            return [Msg.from_row(row) for row in rows]
        twin = self.get(*msg.twin) if msg.twin else None
        return [msg] + ([twin] if twin else [])

    def group_read_marks(self, owner, peer, max_id):
        """For a group read up to `max_id` in `owner`'s box: {author: the newest of the author's
        own copies among the incoming messages read}, the authors' outbox marks it implies."""
        rows = self.db.execute(
            'SELECT a.owner, max(a.id) FROM messages m JOIN messages a ON a.grp = m.grp AND a.owner = m.from_id '
            'WHERE m.owner = ? AND m.peer = ? AND m.out = 0 AND m.id <= ? AND m.grp IS NOT NULL GROUP BY a.owner',
            (owner, peer, max_id))
        return {row[0]: row[1] for row in rows}

    def get_many(self, owner, msg_ids):
        """{id: Msg} of those of `msg_ids` still in the owner's box, in one query."""
        found = {}
        for start in range(0, len(msg_ids), 500):  # SQLite's host parameters are limited
            chunk = msg_ids[start:start + 500]
            rows = self.db.execute('SELECT * FROM messages WHERE owner = ? AND id IN (%s)' % ', '.join('?' * len(chunk)),
                                   [owner, *chunk])
            found.update((row['id'], Msg.from_row(row)) for row in rows)
        return found

    def get(self, owner, msg_id):
        row = self._one('SELECT * FROM messages WHERE owner = ? AND id = ?', owner, msg_id)
        return Msg.from_row(row) if row else None

    def update(self, owner, msg_id, **fields):
        if 'reactions' in fields:
            fields['reactions'] = json.dumps(fields['reactions'])
        assignments = ', '.join('%s = ?' % name for name in fields)
        self.db.execute('UPDATE messages SET %s WHERE owner = ? AND id = ?' % assignments,
                        list(fields.values()) + [owner, msg_id])

    def delete(self, owner, ids):
        self.db.executemany('DELETE FROM messages WHERE owner = ? AND id = ?', [(owner, i) for i in ids])

    def chat(self, owner, peer):
        """The chat with `peer` in `owner`'s box, newest first."""
        rows = self.db.execute('SELECT * FROM messages WHERE owner = ? AND peer = ? ORDER BY id DESC', (owner, peer))
        return [Msg.from_row(row) for row in rows]

    def top_messages(self, owner):
        """{peer: newest Msg} over the owner's chats that still have messages."""
        rows = self.db.execute(
            'SELECT m.* FROM messages m JOIN (SELECT peer, max(id) AS top FROM messages WHERE owner = ? '
            'GROUP BY peer) t ON m.peer = t.peer AND m.id = t.top WHERE m.owner = ?', (owner, owner))
        return {row['peer']: Msg.from_row(row) for row in rows}

    def unread(self, owner, peer, after_id):
        """Incoming messages in the chat newer than `after_id`."""
        return self._one('SELECT count(*) FROM messages WHERE owner = ? AND peer = ? AND out = 0 AND id > ?',
                         owner, peer, after_id)[0]

    # Dialogs: read states and drafts.

    def dialog(self, owner, peer):
        row = self._one('SELECT * FROM dialogs WHERE owner = ? AND peer = ?', owner, peer)
        return dict(row) if row else {'owner': owner, 'peer': peer, 'read_inbox_max_id': 0,
                                      'read_outbox_max_id': 0, 'draft': None, 'draft_date': None,
                                      'draft_reply_to': None, 'pinned': None, 'mute_until': 0}

    def pinned_dialogs(self, owner):
        """The owner's pinned chats, the last pinned first (as Telegram lists them)."""
        rows = self.db.execute('SELECT peer FROM dialogs WHERE owner = ? AND pinned IS NOT NULL ORDER BY pinned DESC', (owner,))
        return [row['peer'] for row in rows]

    def set_dialog(self, owner, peer, **fields):
        self.db.execute('INSERT OR IGNORE INTO dialogs (owner, peer) VALUES (?, ?)', (owner, peer))
        assignments = ', '.join('%s = ?' % name for name in fields)
        self.db.execute('UPDATE dialogs SET %s WHERE owner = ? AND peer = ?' % assignments,
                        list(fields.values()) + [owner, peer])

    def unread_total(self, owner):
        # Per dialog, on an index that holds what is counted: the join over every message
        # read each row (tens of ms per call with 100,000 unread).
        return self._one('SELECT coalesce(sum((SELECT count(*) FROM messages m WHERE m.owner = d.owner AND m.peer = d.peer '
                         'AND m.out = 0 AND m.id > d.read_inbox_max_id)), 0) FROM dialogs d WHERE d.owner = ?', owner)[0]

    # sendMessage's once-only records.

    def sent(self, sender, random_id):
        """(id, pts, date) of the box message this random_id made, or None (a channel's: see sent_in)."""
        row = self._one('SELECT id, pts, date FROM sent WHERE sender = ? AND random_id = ? AND channel IS NULL',
                        sender, random_id)
        return tuple(row) if row else None

    def sent_in(self, sender, random_id):
        """(channel or None, id, pts, date) of whatever message this random_id made, or None."""
        row = self._one('SELECT channel, id, pts, date FROM sent WHERE sender = ? AND random_id = ?', sender, random_id)
        return tuple(row) if row else None

    def record_sent(self, sender, random_id, msg_id, pts, date, channel=None):
        """Inside write(). A random_id its sender already used elsewhere (a box's message against a
        channel's, or the other way) is 500 RANDOM_ID_DUPLICATE, as Telegram names it; the
        transaction is then undone."""
        try:
            self.db.execute('INSERT INTO sent (sender, random_id, id, pts, date, channel) VALUES (?, ?, ?, ?, ?, ?)',
                            (sender, random_id, msg_id, pts, date, channel))
        except sqlite3.IntegrityError:
            raise RpcFailure(500, 'RANDOM_ID_DUPLICATE')
