"""updates.getState and updates.getDifference for a signed-in key (core.telegram.org/api/updates):
the box's pts, and the events after a client's pts replayed as new_messages (each in its current
state; a deleted one is left out) and other_updates (edits, deletions, read states, reactions,
pins), with the users and basic groups (chats) they name. qts is always 0 (no secret chats) and
seq always 1 (no seq-ordered updates are sent). Channels have boxes of their own, caught up on by
updates.getChannelDifference (channel_updates.py): a difference only names the channels that
moved since the client's date (updateChannelTooLong) or that it joined since (updateChannel)."""
from telethon.tl import functions, types

import render
from peers import chats_tl, users_tl
from wire import RpcFailure

SEQ = 1
MESSAGE_LIMIT = 100  # new messages in one difference; more pending → differenceSlice
EVENT_WINDOW = 250  # events read for one difference: at most this many in one answer


class Updates:
    def __init__(self, accounts, store, groups, clock, too_long, channels=None, channel_updates=None):
        self.accounts, self.store, self.groups, self.clock = accounts, store, groups, clock
        self.channels, self.channel_updates = channels, channel_updates
        self.too_long = too_long  # --difference-too-long: pts behind beyond which → differenceTooLong
        self.handlers = {
            functions.updates.GetStateRequest: self.get_state,
            functions.updates.GetDifferenceRequest: self.get_difference,
        }

    def handler(self, request):
        return self.handlers.get(type(request))

    def state(self, user_id, pts=None, date=None):
        return types.updates.State(pts=self.store.pts(user_id) if pts is None else pts, qts=0,
                                   date=int(self.clock()) if date is None else date, seq=SEQ,
                                   unread_count=self.store.unread_total(user_id))

    def get_state(self, request, caller):
        return self.state(caller.me.id)

    def get_difference(self, request, caller):
        me, pts = caller.me, request.pts
        current = self.store.pts(me.id)
        if pts <= 0:
            raise RpcFailure(400, 'PERSISTENT_TIMESTAMP_EMPTY')
        notices, channels = self.channel_updates.notices(me.id, request.date) if self.channel_updates else ([], [])
        about_notices = ', %d channel notice(s)' % len(notices) if notices else ''
        if pts == current and not notices:
            return self._log(caller, pts, types.updates.DifferenceEmpty(date=int(self.clock()), seq=SEQ), current)
        if pts >= current:
            # A pts this box never had (a client of a wiped server): the current state, so the
            # client takes it; differenceEmpty could not carry it. Nor can it carry channel
            # notices: at the box's pts with channels to catch up on, this empty difference does.
            return self._log(caller, pts, types.updates.Difference(
                new_messages=[], new_encrypted_messages=[], other_updates=notices, chats=channels,
                users=users_tl(self.accounts, me, [me.id]) if notices else [],
                state=self.state(me.id)), current, ('ahead of the server' if pts > current else 'at the box') + about_notices)
        limit = min(self.too_long, request.pts_total_limit) if request.pts_total_limit else self.too_long
        if current - pts > limit:
            return self._log(caller, pts, types.updates.DifferenceTooLong(pts=current), current)
        # One event past the window says more follow: the answer is then a slice.
        events = self.store.events_after(me.id, pts, EVENT_WINDOW + 1)
        taken = self._slice(events[:EVENT_WINDOW], pts, request.pts_limit)
        new_messages, other_updates = self._render(me.id, taken)
        users = users_tl(self.accounts, me, render.referenced_users(new_messages + other_updates) | {me.id})
        if self.channels is None:
            chats = self.groups.chats_tl(me.id, render.referenced_chats(new_messages + other_updates))
        else:
            chats = chats_tl(self.groups, self.channels, me.id, new_messages + other_updates)
        # Every answer of a catch-up names the channels to catch up on (a slice's next request
        # comes with a later date): updates.getChannelDifference brings their messages.
        other_updates += notices
        chats += [c for c in channels if c.id not in {x.id for x in chats if isinstance(x, types.Channel)}]
        if len(taken) < len(events):
            last = taken[-1]
            answer = types.updates.DifferenceSlice(
                new_messages=new_messages, new_encrypted_messages=[], other_updates=other_updates, chats=chats,
                users=users, intermediate_state=self.state(me.id, last.pts, last.date))
        else:
            answer = types.updates.Difference(
                new_messages=new_messages, new_encrypted_messages=[], other_updates=other_updates, chats=chats,
                users=users, state=self.state(me.id))
        return self._log(caller, pts, answer, current, '%d message(s), %d other update(s)%s' % (
            len(new_messages), len(other_updates) - len(notices), about_notices))

    @staticmethod
    def _slice(events, pts, pts_limit):
        """Events up to MESSAGE_LIMIT new messages and, with pts_limit, up to pts + pts_limit
        (at least one event, so a client always advances)."""
        taken, new = [], 0
        for event in events:
            if taken and (new >= MESSAGE_LIMIT or (pts_limit and event.pts - pts > pts_limit)):
                break
            taken.append(event)
            new += event.kind == 'new'
        return taken

    def _render(self, owner, events):
        new_messages, other_updates, shown = [], [], set()
        fresh = self.store.get_many(owner, [event.data['id'] for event in events if event.kind == 'new'])
        for event in events:
            if event.kind == 'new':
                msg = fresh.get(event.data['id'])
                if msg is not None:
                    new_messages.append(render.message_tl(msg))
                    shown.add(msg.id)
            elif event.kind in ('edit', 'reaction'):
                if event.data['id'] not in shown:  # a message listed above is already current
                    other_updates += render.event_updates(event, self.store.get(owner, event.data['id']))
            else:
                other_updates += render.event_updates(event, None)
        return new_messages, other_updates

    @staticmethod
    def _log(caller, pts, answer, current, detail=''):
        caller.log.info('getDifference user %d from pts %d (box at %d): %s%s', caller.me.id, pts, current,
                        type(answer).__name__, ', ' + detail if detail else '')
        return answer
