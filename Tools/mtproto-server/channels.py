"""Channels — broadcast channels and supergroups (megagroups) — and who is in them, kept in the
message store's sqlite database (so --state keeps them with everything else). Unlike a basic
group, a channel is one message box of its own (core.telegram.org/api/channel, /api/updates): its
messages, message ids and pts are the channel's, shared by every participant (channel_box.py),
not copied into each member's box. What is per participant lives here: the role (creator, admin,
member), who invited them and when, and their read marks. Channel ids come from their own
counter, from 5000001, never a user's or a basic group's id; each channel has one access_hash
(Telegram's differs per user; one is enough to check an InputChannel here)."""
import random

from telethon.tl import types

import render

FIRST_CHANNEL_ID = 5000001
CREATOR, ADMIN, MEMBER = 'creator', 'admin', 'member'

SCHEMA = '''
CREATE TABLE IF NOT EXISTS channels (
    id INTEGER PRIMARY KEY, access_hash INTEGER NOT NULL, title TEXT NOT NULL, about TEXT NOT NULL DEFAULT '',
    broadcast INTEGER NOT NULL, creator INTEGER NOT NULL, date INTEGER NOT NULL,
    pts INTEGER NOT NULL, last_id INTEGER NOT NULL DEFAULT 0);
CREATE TABLE IF NOT EXISTS channel_participants (
    channel INTEGER NOT NULL, user INTEGER NOT NULL, role TEXT NOT NULL, date INTEGER NOT NULL,
    inviter INTEGER, read_inbox_max_id INTEGER NOT NULL DEFAULT 0, read_outbox_max_id INTEGER NOT NULL DEFAULT 0,
    PRIMARY KEY (channel, user));
CREATE INDEX IF NOT EXISTS channel_participants_by_user ON channel_participants (user, channel);
CREATE TABLE IF NOT EXISTS channel_departures (
    channel INTEGER NOT NULL, user INTEGER NOT NULL, date INTEGER NOT NULL, PRIMARY KEY (channel, user));
'''

# What an admin may do (the creator has every right): Telegram's defaults for a new admin.
ADMIN_RIGHTS = dict(change_info=True, post_messages=True, edit_messages=True, delete_messages=True, ban_users=True,
                    invite_users=True, pin_messages=True, manage_call=True, other=True)


def admin_rights_tl(broadcast):
    rights = dict(ADMIN_RIGHTS)
    if not broadcast:  # post/edit are a broadcast's rights: everyone writes in a supergroup
        del rights['post_messages'], rights['edit_messages']
    return types.ChatAdminRights(**rights, add_admins=True)


class Participant:
    def __init__(self, row):
        self.user, self.role, self.date, self.inviter = row['user'], row['role'], row['date'], row['inviter']
        self.changed = row['changed']  # when the role last changed (0: never)
        self.read_inbox_max_id, self.read_outbox_max_id = row['read_inbox_max_id'], row['read_outbox_max_id']

    @property
    def is_admin(self):
        return self.role in (CREATOR, ADMIN)


class Channel:
    """One channel and its participants. `key`: how the store names it as a peer (render.py)."""
    is_group = False
    is_channel = True

    def __init__(self, row, participants):
        self.id, self.access_hash, self.title, self.about = row['id'], row['access_hash'], row['title'], row['about']
        self.broadcast, self.creator, self.date = bool(row['broadcast']), row['creator'], row['date']
        self.pts, self.last_id = row['pts'], row['last_id']
        self.participants = participants  # {user: Participant}, the creator first, then by join date

    @property
    def megagroup(self):
        return not self.broadcast

    @property
    def key(self):
        return render.channel_key(self.id)

    @property
    def member_ids(self):
        return list(self.participants)

    def has(self, user_id):
        return user_id in self.participants

    def is_admin(self, user_id):
        participant = self.participants.get(user_id)
        return participant is not None and participant.is_admin

    def can_post(self, user_id):
        """A broadcast channel takes posts from its creator and admins; a supergroup from anyone in it."""
        return self.has(user_id) and (self.megagroup or self.is_admin(user_id))

    def tl(self, viewer):
        """types.Channel as `viewer` sees it: creator/admin rights, or `left` when not (or no
        longer) in it, as Telegram shows a channel one left."""
        participant = self.participants.get(viewer)
        rights = admin_rights_tl(self.broadcast) if participant is not None and participant.is_admin else None
        return types.Channel(
            id=self.id, title=self.title, photo=types.ChatPhotoEmpty(),
            date=participant.date if participant is not None else self.date,
            creator=viewer == self.creator and participant is not None or None, left=participant is None or None,
            broadcast=self.broadcast or None, megagroup=self.megagroup or None, access_hash=self.access_hash,
            admin_rights=rights, participants_count=len(self.participants))

    def participant_tl(self, user_id, viewer):
        """channelParticipant* for `user_id` as `viewer` sees it (the viewer's own row as Self)."""
        p = self.participants[user_id]
        if p.role == CREATOR:
            return types.ChannelParticipantCreator(user_id=user_id, admin_rights=admin_rights_tl(self.broadcast))
        if p.role == ADMIN:
            return types.ChannelParticipantAdmin(user_id=user_id, promoted_by=self.creator, date=p.date,
                                                 admin_rights=admin_rights_tl(self.broadcast),
                                                 is_self=user_id == viewer or None, inviter_id=p.inviter)
        if user_id == viewer:
            return types.ChannelParticipantSelf(user_id=user_id, inviter_id=p.inviter or self.creator, date=p.date)
        return types.ChannelParticipant(user_id=user_id, date=p.date)


class ChannelStore:
    """The channels and channel_participants tables, on the message store's connection: a change
    made inside MessageStore.write() commits with the messages it goes with."""

    def __init__(self, store, log):
        self.db = store.db
        self.db.executescript(SCHEMA)
        if 'changed' not in [row[1] for row in self.db.execute('PRAGMA table_info(channel_participants)')]:  # from before roles changed
            self.db.execute('ALTER TABLE channel_participants ADD COLUMN changed INTEGER NOT NULL DEFAULT 0')
        if store.path:
            count = self.db.execute('SELECT count(*) FROM channels').fetchone()[0]
            if count:
                log.info('loaded %d channel(s) from %s', count, store.path)

    def create(self, title, about, broadcast, creator, now, first_pts):
        """A new channel with its creator as its only participant. Inside write()."""
        row = self.db.execute('SELECT max(id) FROM channels').fetchone()
        channel_id = max(row[0] or 0, FIRST_CHANNEL_ID - 1) + 1
        self.db.execute('INSERT INTO channels (id, access_hash, title, about, broadcast, creator, date, pts) '
                        'VALUES (?, ?, ?, ?, ?, ?, ?, ?)',
                        (channel_id, random.randrange(1, 2 ** 63), title, about, int(broadcast), creator, now, first_pts))
        self.add(channel_id, creator, CREATOR, None, now)
        return self.get(channel_id)

    def add(self, channel_id, user, role, inviter, now):
        """`user` joins (or is invited) as `role`. Inside write()."""
        self.db.execute('INSERT INTO channel_participants (channel, user, role, date, inviter) VALUES (?, ?, ?, ?, ?)',
                        (channel_id, user, role, now, inviter))

    def remove(self, channel_id, user, now):
        """The user is no longer in the channel; when it left is kept, so its next getDifference
        says so (updateChannel, the channel `left`) to a client that was not connected."""
        self.db.execute('DELETE FROM channel_participants WHERE channel = ? AND user = ?', (channel_id, user))
        self.db.execute('INSERT OR REPLACE INTO channel_departures (channel, user, date) VALUES (?, ?, ?)', (channel_id, user, now))

    def left_since(self, user_id, since):
        """The channels `user_id` left (and is not in again) since `since`, by id."""
        rows = self.db.execute('SELECT d.channel FROM channel_departures d WHERE d.user = ? AND d.date >= ? AND NOT EXISTS '
                               '(SELECT 1 FROM channel_participants p WHERE p.channel = d.channel AND p.user = d.user) '
                               'ORDER BY d.channel', (user_id, since))
        return [self.get(row[0]) for row in rows.fetchall()]

    def set_role(self, channel_id, user, role, now):
        """The participant's role, and when it changed (getDifference tells them with updateChannel)."""
        self.db.execute('UPDATE channel_participants SET role = ?, changed = ? WHERE channel = ? AND user = ?',
                        (role, now, channel_id, user))

    def set_read(self, channel_id, user, **marks):
        """read_inbox_max_id and/or read_outbox_max_id of one participant."""
        assignments = ', '.join('%s = ?' % name for name in marks)
        self.db.execute('UPDATE channel_participants SET %s WHERE channel = ? AND user = ?' % assignments,
                        list(marks.values()) + [channel_id, user])

    def get(self, channel_id):
        row = self.db.execute('SELECT * FROM channels WHERE id = ?', (channel_id,)).fetchone()
        if row is None:
            return None
        rows = self.db.execute('SELECT * FROM channel_participants WHERE channel = ? ORDER BY user != ?, date, rowid',
                               (channel_id, row['creator'])).fetchall()
        return Channel(row, {r['user']: Participant(r) for r in rows})

    def of_user(self, user_id):
        """The channels `user_id` is in, by id."""
        rows = self.db.execute('SELECT channel FROM channel_participants WHERE user = ? ORDER BY channel', (user_id,))
        return [self.get(row[0]) for row in rows.fetchall()]

    def chats_tl(self, viewer, channel_ids):
        """Channel objects for these ids as `viewer` sees them, each once, in id order."""
        return [c.tl(viewer) for c in (self.get(i) for i in sorted(set(channel_ids))) if c is not None]
