"""Live updates (core.telegram.org/api/updates): what a call changed goes, as a server-initiated
message (not an rpc_result), to every connected session of each user it touched that asked for
updates — a session does by calling any API method not wrapped in invokeWithoutUpdates — except
the calling session itself, which gets its share in the answer. A session without a connection
misses the push and catches up with updates.getDifference, as a client offline would."""
from telethon.tl import types

import render
from peers import chats_tl, users_tl


class Caller:
    """Who is asking: the signed-in user, its auth key, the session (skipped when pushing) and
    the connection's logger."""

    def __init__(self, me, key_id, session, log, key_dc=None):
        self.me, self.key_id, self.session, self.log = me, key_id, session, log
        self.key_dc = key_dc  # the datacenter the auth key was made for (None: not known)


class Delivery:
    def __init__(self, server):
        self.server = server
        # --misbehave drop-pushes=N: the first N updates pushed are not sent (a connection that
        # lost them): a client notices the gap in pts at the next push and catches up.
        self.to_drop = int(server.misbehave.get('drop-pushes', 0))
        # --misbehave drop-channel-pushes=N: the same for the first N pushes of channel updates
        # only, so a client can be tested on a gap in a channel's own pts.
        self.channel_to_drop = int(server.misbehave.get('drop-channel-pushes', 0))

    def updates(self, owner, updates, date):
        """`updates` for `owner` with every user (and the owner), basic group and channel they name."""
        accounts = self.server.accounts
        ids = render.referenced_users(updates) | {owner.id}
        chats = chats_tl(self.server.groups, self.server.channels, owner.id, updates)
        return types.Updates(updates=updates, users=users_tl(accounts, owner, ids), chats=chats,
                             date=date, seq=render.SEQ)

    def sessions(self, user_id, skip=None):
        """The user's sessions that asked for updates and have an open connection."""
        for key_id, owner in list(self.server.accounts.authorizations.items()):
            entry = self.server.keys.get(key_id) if owner == user_id else None
            for session in list(entry.sessions.values()) if entry else ():
                connection = session.connection
                if session is not skip and session.wants_updates and connection and not connection.closed:
                    yield session

    def push(self, user_id, updates, caller, what, channel=False):
        """Sends the Updates object to the user's sessions but the caller's; logs one line.
        `channel`: it carries a channel's pts updates (drop-channel-pushes counts those)."""
        body = bytes(updates)
        count = 0
        sessions = list(self.sessions(user_id, skip=caller.session))
        if self.to_drop and sessions:
            self.to_drop -= 1
            caller.log.info('push %s to user %d: dropped (drop-pushes)', what, user_id)
            return
        if channel and self.channel_to_drop and sessions:
            self.channel_to_drop -= 1
            caller.log.info('push %s to user %d: dropped (drop-channel-pushes)', what, user_id)
            return
        for session in sessions:
            session.connection.encrypted.push(body)
            count += 1
        caller.log.info('push %s to user %d: %d session(s)', what, user_id, count)
