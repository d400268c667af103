"""A channel's message box (core.telegram.org/api/updates: "each channel has its own message box,
with its own pts and its own sequence of message ids"): ONE copy of each message, seen by every
participant, and the channel's pts event log that updates.getChannelDifference replays. Nothing
here is per user; the channel's pts and last message id are its `channels` row (channels.py). In
the same sqlite database as the private boxes, so one transaction covers a send's message, its
pts event and its random_id record."""
import json

FIRST_PTS = 1  # a new channel's pts before its first event (pts is never 0)

SCHEMA = '''
CREATE TABLE IF NOT EXISTS channel_messages (
    channel INTEGER NOT NULL, id INTEGER NOT NULL, from_id INTEGER, author INTEGER NOT NULL,
    post INTEGER NOT NULL DEFAULT 0, date INTEGER NOT NULL, text TEXT NOT NULL, reply_to INTEGER,
    edit_date INTEGER, pinned INTEGER NOT NULL DEFAULT 0, reactions TEXT NOT NULL DEFAULT '[]',
    media TEXT, fwd TEXT, action TEXT, views INTEGER, PRIMARY KEY (channel, id));
CREATE TABLE IF NOT EXISTS channel_events (
    channel INTEGER NOT NULL, pts INTEGER NOT NULL, pts_count INTEGER NOT NULL, date INTEGER NOT NULL,
    kind TEXT NOT NULL, data TEXT NOT NULL, PRIMARY KEY (channel, pts));
CREATE INDEX IF NOT EXISTS channel_events_by_date ON channel_events (channel, date);
'''


class ChannelMsg:
    """The one copy of a channel message. from_id: the author shown (None for a broadcast
    channel's post, which is the channel's); author: who really sent it (decides `out`, edits and
    deletions); post: a broadcast post; reactions: [[user, emoticon, date], …]; media, fwd,
    action: as messages.Msg's."""
    FIELDS = ('channel', 'id', 'from_id', 'author', 'post', 'date', 'text', 'reply_to', 'edit_date', 'pinned',
              'reactions', 'media', 'fwd', 'action', 'views')
    JSON_FIELDS = ('reactions', 'media', 'fwd', 'action')

    def __init__(self, **fields):
        for name in self.FIELDS:
            setattr(self, name, fields.get(name))
        self.post, self.pinned = bool(self.post), bool(self.pinned)
        self.reactions = self.reactions or []

    @classmethod
    def from_row(cls, row):
        fields = dict(row)
        for name in cls.JSON_FIELDS:
            fields[name] = json.loads(fields[name]) if fields.get(name) else None
        return cls(**fields)


class ChannelEvent:
    """A pts step of a channel: kind new|edit|delete|reaction|pin, data a dict."""

    def __init__(self, row):
        self.channel, self.pts, self.pts_count, self.date = row['channel'], row['pts'], row['pts_count'], row['date']
        self.kind, self.data = row['kind'], json.loads(row['data'])


class ChannelBox:
    def __init__(self, store):
        self.db = store.db
        self.db.executescript(SCHEMA)

    def _box(self, channel_id):
        row = self.db.execute('SELECT pts, last_id FROM channels WHERE id = ?', (channel_id,)).fetchone()
        return row['pts'], row['last_id']

    def pts(self, channel_id):
        return self._box(channel_id)[0]

    def add(self, channel_id, now, text, author, from_id, post, reply_to=None, media=None, fwd=None, action=None):
        """A new message under the channel's next id, and its pts event 'new'. Inside write().
        (message, pts)."""
        pts, last_id = self._box(channel_id)
        msg = ChannelMsg(channel=channel_id, id=last_id + 1, from_id=from_id, author=author, post=post, date=now,
                         text=text, reply_to=reply_to, media=media, fwd=fwd, action=action)
        self.db.execute('UPDATE channels SET last_id = ? WHERE id = ?', (msg.id, channel_id))
        self.db.execute('INSERT INTO channel_messages (%s) VALUES (%s)' % (
            ', '.join(ChannelMsg.FIELDS), ', '.join('?' * len(ChannelMsg.FIELDS))),
            [json.dumps(getattr(msg, name)) if name in ChannelMsg.JSON_FIELDS and getattr(msg, name) is not None
             else getattr(msg, name) for name in ChannelMsg.FIELDS])
        return msg, self.bump(channel_id, 1, 'new', {'id': msg.id}, now)

    def bump(self, channel_id, count, kind, data, date):
        """Advances the channel's pts by `count` and logs the event under the new pts."""
        pts = self.pts(channel_id) + count
        self.db.execute('UPDATE channels SET pts = ? WHERE id = ?', (pts, channel_id))
        self.db.execute('INSERT INTO channel_events VALUES (?, ?, ?, ?, ?, ?)',
                        (channel_id, pts, count, date, kind, json.dumps(data)))
        return pts

    def events_after(self, channel_id, pts, limit):
        rows = self.db.execute('SELECT * FROM channel_events WHERE channel = ? AND pts > ? ORDER BY pts LIMIT ?',
                               (channel_id, pts, limit))
        return [ChannelEvent(row) for row in rows]

    def first_event_since(self, channel_id, date):
        """The channel's first event at or after `date` (unix time), or None."""
        row = self.db.execute('SELECT * FROM channel_events WHERE channel = ? AND date >= ? ORDER BY pts LIMIT 1',
                              (channel_id, date)).fetchone()
        return ChannelEvent(row) if row else None

    def get(self, channel_id, msg_id):
        row = self.db.execute('SELECT * FROM channel_messages WHERE channel = ? AND id = ?', (channel_id, msg_id)).fetchone()
        return ChannelMsg.from_row(row) if row else None

    def get_many(self, channel_id, msg_ids):
        """{id: ChannelMsg} of those of `msg_ids` the channel still has."""
        found = {}
        for start in range(0, len(msg_ids), 500):
            chunk = msg_ids[start:start + 500]
            rows = self.db.execute('SELECT * FROM channel_messages WHERE channel = ? AND id IN (%s)' % ', '.join('?' * len(chunk)),
                                   [channel_id, *chunk])
            found.update((row['id'], ChannelMsg.from_row(row)) for row in rows)
        return found

    def update(self, channel_id, msg_id, **fields):
        if 'reactions' in fields:
            fields['reactions'] = json.dumps(fields['reactions'])
        assignments = ', '.join('%s = ?' % name for name in fields)
        self.db.execute('UPDATE channel_messages SET %s WHERE channel = ? AND id = ?' % assignments,
                        list(fields.values()) + [channel_id, msg_id])

    def delete(self, channel_id, ids):
        self.db.executemany('DELETE FROM channel_messages WHERE channel = ? AND id = ?', [(channel_id, i) for i in ids])

    def history(self, channel_id):
        """Every message of the channel, newest first."""
        rows = self.db.execute('SELECT * FROM channel_messages WHERE channel = ? ORDER BY id DESC', (channel_id,))
        return [ChannelMsg.from_row(row) for row in rows]

    def latest(self, channel_id, limit):
        rows = self.db.execute('SELECT * FROM channel_messages WHERE channel = ? ORDER BY id DESC LIMIT ?', (channel_id, limit))
        return [ChannelMsg.from_row(row) for row in rows]

    def top(self, channel_id):
        found = self.latest(channel_id, 1)
        return found[0] if found else None

    def newest_at_or_below(self, channel_id, max_id):
        """The newest message id ≤ max_id (max_id ≤ 0: the newest of all), or 0."""
        if max_id <= 0:
            row = self.db.execute('SELECT max(id) FROM channel_messages WHERE channel = ?', (channel_id,)).fetchone()
        else:
            row = self.db.execute('SELECT max(id) FROM channel_messages WHERE channel = ? AND id <= ?',
                                  (channel_id, max_id)).fetchone()
        return row[0] or 0

    def unread(self, channel_id, viewer, after_id):
        """Messages after `after_id` that `viewer` did not send."""
        return self.db.execute('SELECT count(*) FROM channel_messages WHERE channel = ? AND id > ? AND author != ?',
                               (channel_id, after_id, viewer)).fetchone()[0]

    def authors_read(self, channel_id, reader, max_id):
        """{author: the newest of the author's messages ≤ max_id}, for the authors other than
        `reader`: the outbox marks a read up to max_id implies in a supergroup."""
        rows = self.db.execute('SELECT author, max(id) FROM channel_messages WHERE channel = ? AND id <= ? AND author != ? '
                               'AND action IS NULL GROUP BY author', (channel_id, max_id, reader))
        return {row[0]: row[1] for row in rows}
