"""Catching up on a channel (core.telegram.org/api/updates#subscribing-to-updates-of-channels-supergroups,
/method/updates.getChannelDifference): the channel's pts events after a client's pts, replayed
from the channel's own log as new_messages (each as it is now; deleted ones left out) and
other_updates (edits, reactions, pins, deletions), `limit` events at a time (`final` says
whether more follow), or channelDifferenceTooLong (the dialog with the channel's pts and its
latest messages) when the client is too far behind to replay. updates.getDifference does not
replay channel messages: it only tells a client which channels to catch up on (notices())."""
from telethon.tl import functions, types

import channel_render
import render
from dialogs import unix
from peers import channel_of, users_tl
from wire import RpcFailure

TIMEOUT = 30  # seconds: when a client viewing the channel should ask again (the spec's `timeout`)
DEFAULT_LIMIT, MAX_LIMIT = 100, 100000  # limit 0 → 100; "max 100000" (users pass 10..100)
TOO_LONG_MESSAGES = 100  # latest messages a channelDifferenceTooLong carries at most


class ChannelUpdates:
    def __init__(self, accounts, store, channels, box, clock, too_long):
        self.accounts, self.store, self.channels, self.box, self.clock = accounts, store, channels, box, clock
        self.too_long = too_long  # --channel-difference-too-long: events behind beyond which → TooLong
        self.handlers = {functions.updates.GetChannelDifferenceRequest: self.get_channel_difference}

    def handler(self, request):
        return self.handlers.get(type(request))

    def get_channel_difference(self, request, caller):
        me = caller.me
        channel = channel_of(self.channels, me, request.channel)
        pts, current = request.pts, channel.pts
        if pts <= 0:
            raise RpcFailure(400, 'PERSISTENT_TIMESTAMP_EMPTY')
        limit = DEFAULT_LIMIT if request.limit <= 0 else min(request.limit, MAX_LIMIT)
        if pts == current:
            return self._log(caller, channel, pts, types.updates.ChannelDifferenceEmpty(pts=current, final=True, timeout=TIMEOUT))
        if pts > current or current - pts > self.too_long:
            # Ahead (a client of a wiped server) or too far behind: what is stored there is not
            # to be trusted or too much to replay; the client starts the channel again from here.
            return self._log(caller, channel, pts, self._too_long(me, channel, limit),
                             'ahead of the channel' if pts > current else '')
        events = self.box.events_after(channel.id, pts, limit + 1)
        taken = events[:limit]
        final = len(events) <= limit
        new_messages, other_updates = self._render(me.id, channel, taken, request.filter)
        objects = new_messages + other_updates
        chats = [channel.tl(me.id)] + [c for c in self.channels.chats_tl(me.id, render.referenced_channels(objects))
                                       if c.id != channel.id]
        answer = types.updates.ChannelDifference(
            pts=current if final else taken[-1].pts, new_messages=new_messages, other_updates=other_updates,
            chats=chats, users=users_tl(self.accounts, me, render.referenced_users(objects) | {me.id}),
            final=final or None, timeout=TIMEOUT if final else None)
        return self._log(caller, channel, pts, answer, '%d event(s), %d message(s), %d other update(s)%s' % (
            len(taken), len(new_messages), len(other_updates), ', final' if final else ', more follow'))

    def _render(self, viewer, channel, events, message_filter):
        """new_messages: the new-message events' messages as they are now (within the filter's
        ranges, none with exclude_new_messages); other_updates: the rest (an edit or reaction of a
        message already listed is left out: it is current)."""
        fresh = self.box.get_many(channel.id, [e.data['id'] for e in events if e.kind == 'new'])
        new_messages, other_updates, shown = [], [], set()
        for event in events:
            if event.kind == 'new':
                msg = fresh.get(event.data['id'])
                if msg is not None and _wanted(message_filter, msg.id):
                    new_messages.append(channel_render.message_tl(msg, viewer))
                    shown.add(msg.id)
            elif event.kind in ('edit', 'reaction'):
                if event.data['id'] not in shown:
                    other_updates += channel_render.event_updates(event, self.box.get(channel.id, event.data['id']), viewer)
            else:
                other_updates += channel_render.event_updates(event, None, viewer)
        return new_messages, other_updates

    def _too_long(self, me, channel, limit):
        participant = channel.participants[me.id]
        latest = self.box.latest(channel.id, min(limit, TOO_LONG_MESSAGES))
        messages = [channel_render.message_tl(m, me.id) for m in latest]
        dialog = channel_render.dialog_tl(channel, participant, latest[0].id if latest else 0,
                                          self.box.unread(channel.id, me.id, participant.read_inbox_max_id),
                                          self.store.dialog(me.id, channel.key), channel.pts)
        return types.updates.ChannelDifferenceTooLong(
            dialog=dialog, messages=messages, chats=[channel.tl(me.id)],
            users=users_tl(self.accounts, me, render.referenced_users(messages) | {me.id}), final=True, timeout=TIMEOUT)

    def notices(self, user_id, since):
        """What updates.getDifference tells a client about its channels since its state's date
        (`since`, a TL date): updateChannel for a channel it joined (or was invited to), whose rights in it changed, or that it left since, and
        updateChannelTooLong for one whose box moved since, its pts the channel's before the first
        such event (where a client that never had the channel's pts starts). Telegram sends the
        latter to make the client call getChannelDifference; the messages themselves are never in
        the account's difference. (updates, channels named)."""
        since = unix(since)
        updates, named = [], []
        for channel in self.channels.of_user(user_id):
            participant = channel.participants[user_id]
            # Joined, or its rights changed (promoted, demoted): the channel must be fetched again.
            joined = participant.date >= since or participant.changed >= since
            first = self.box.first_event_since(channel.id, since)
            if joined:
                updates.append(types.UpdateChannel(channel_id=channel.id))
            if first is not None:
                updates.append(types.UpdateChannelTooLong(channel_id=channel.id, pts=first.pts - first.pts_count))
            if joined or first is not None:
                named.append(channel.tl(user_id))
        for channel in self.channels.left_since(user_id, since):  # left on another device: `left` to it now
            updates.append(types.UpdateChannel(channel_id=channel.id))
            named.append(channel.tl(user_id))
        return updates, named

    @staticmethod
    def _log(caller, channel, pts, answer, detail=''):
        caller.log.info('getChannelDifference user %d channel %d from pts %d (channel at %d): %s%s', caller.me.id,
                        channel.id, pts, channel.pts, type(answer).__name__, ', ' + detail if detail else '')
        return answer


def _wanted(message_filter, msg_id):
    if not isinstance(message_filter, types.ChannelMessagesFilter):
        return True
    if message_filter.exclude_new_messages:
        return False
    return any(r.min_id <= msg_id <= r.max_id for r in message_filter.ranges)
