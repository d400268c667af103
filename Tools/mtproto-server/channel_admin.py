"""Making channels and changing who is in them (core.telegram.org/api/channel): channels.createChannel,
inviteToChannel, joinChannel, leaveChannel, editAdmin, and describing them: getChannels,
getFullChannel, getParticipants. A new channel's first message is the service message
messageActionChannelCreate in the channel's own box; in a supergroup, invites, joins and leaves
are service messages too (messageActionChatAddUser / ChatDeleteUser), a broadcast channel posts
none. Whoever joins or is invited hears updateChannel with the channel in `chats`. What a channel
is lives in channels.py, its messages in channel_box.py."""
from telethon.tl import functions, types

import channel_render
from channel_box import FIRST_PTS
from channels import ADMIN, MEMBER
from peers import channel_of, input_user, users_tl
from wire import RpcFailure

MEGAGROUP_SIZE_MAX = 200000  # megagroup_size_max in help.getConfig
ABOUT_MAX = 255


class ChannelAdmin:
    def __init__(self, accounts, store, channels, box, delivery, clock):
        self.accounts, self.store, self.channels, self.box = accounts, store, channels, box
        self.delivery, self.clock = delivery, clock
        self.handlers = {
            functions.channels.CreateChannelRequest: self.create_channel,
            functions.channels.InviteToChannelRequest: self.invite_to_channel,
            functions.channels.JoinChannelRequest: self.join_channel,
            functions.channels.LeaveChannelRequest: self.leave_channel,
            functions.channels.EditAdminRequest: self.edit_admin,
            functions.channels.GetChannelsRequest: self.get_channels,
            functions.channels.GetFullChannelRequest: self.get_full_channel,
            functions.channels.GetParticipantsRequest: self.get_participants,
        }

    def handler(self, request):
        return self.handlers.get(type(request))

    def _announce(self, channel, msg, pts, caller, now, extra=(), what='updateNewChannelMessage(service)'):
        """A service message (or just `extra`, with no message) to every participant's sessions but
        the caller's, each seen as its own; the caller's share is answered."""
        channel = self.channels.get(channel.id)  # as it is now (a leaver is no longer in it)
        for user_id in channel.member_ids:
            updates = list(extra) + ([channel_render.new_message(msg, pts, user_id)] if msg else [])
            self.delivery.push(user_id, self.delivery.updates(self.accounts.users[user_id], updates, now), caller, what,
                               channel=msg is not None)
        updates = list(extra) + ([channel_render.new_message(msg, pts, caller.me.id)] if msg else [])
        return self.delivery.updates(caller.me, updates, now)

    # channels.createChannel

    def create_channel(self, request, caller):
        """A broadcast channel (`broadcast`) or a supergroup (`megagroup`), the caller its creator.
        Answers updates([updateChannel, updateNewChannelMessage(messageActionChannelCreate)]) with
        the channel in `chats`; the creator's other sessions hear the same."""
        me = caller.me
        title = (request.title or '').strip()
        if not title:
            raise RpcFailure(400, 'CHAT_TITLE_EMPTY')
        if len(request.about or '') > ABOUT_MAX:
            raise RpcFailure(400, 'CHAT_ABOUT_TOO_LONG')
        now = int(self.clock())
        broadcast = not request.megagroup  # `megagroup` makes a supergroup; else a broadcast channel
        with self.store.write():
            channel = self.channels.create(title, request.about or '', broadcast, me.id, now, FIRST_PTS)
            msg, pts = self.box.add(channel.id, now, '', me.id, None if broadcast else me.id, broadcast,
                                    action={'kind': 'channel_create', 'title': title})
        caller.log.info('createChannel user %d: %s %d, id %d pts %d (%d chars of title)', me.id,
                        'broadcast channel' if broadcast else 'supergroup', channel.id, msg.id, pts, len(title))
        return self._announce(channel, msg, pts, caller, now, extra=[types.UpdateChannel(channel_id=channel.id)],
                              what='createChannel')

    # channels.inviteToChannel

    def invite_to_channel(self, request, caller):
        """Adds `users` (InputUsers with their access_hash; those already in are skipped). In a
        broadcast channel only its creator and admins invite (else CHAT_ADMIN_REQUIRED); in a
        supergroup any member, and the invite is the service message messageActionChatAddUser.
        Answers messages.invitedUsers(updates, missing_invitees = [])."""
        me = caller.me
        channel = channel_of(self.channels, me, request.channel)
        if channel.broadcast and not channel.is_admin(me.id):
            raise RpcFailure(400, 'CHAT_ADMIN_REQUIRED')
        invited = []
        for value in request.users:
            user = input_user(self.accounts, me, value)
            if user is None:
                raise RpcFailure(400, 'USER_ID_INVALID')
            if not channel.has(user.id) and user.id not in invited:
                invited.append(user.id)
        if len(channel.participants) + len(invited) > MEGAGROUP_SIZE_MAX:
            raise RpcFailure(400, 'USERS_TOO_MUCH')
        now = int(self.clock())
        if not invited:
            return types.messages.InvitedUsers(updates=self.delivery.updates(me, [], now), missing_invitees=[])
        msg = pts = None
        with self.store.write():
            for user_id in invited:
                self.channels.add(channel.id, user_id, MEMBER, me.id, now)
            if channel.megagroup:
                msg, pts = self.box.add(channel.id, now, '', me.id, me.id, False,
                                        action={'kind': 'add_user', 'users': invited})
        caller.log.info('inviteToChannel user %d: channel %d, %d new participant(s)%s', me.id, channel.id, len(invited),
                        ', id %d pts %d' % (msg.id, pts) if msg else '')
        for user_id in invited:  # they learn of the channel (then of its messages, live or by difference)
            self.delivery.push(user_id, self.delivery.updates(self.accounts.users[user_id],
                                                              [types.UpdateChannel(channel_id=channel.id)], now),
                               caller, 'updateChannel(invited)')
        updates = self._announce(channel, msg, pts, caller, now) if msg else \
            self.delivery.updates(me, [types.UpdateChannel(channel_id=channel.id)], now)
        return types.messages.InvitedUsers(updates=updates, missing_invitees=[])

    # channels.joinChannel, channels.leaveChannel

    def join_channel(self, request, caller):
        """Anyone with the channel's id and access_hash may join (these channels have no invite
        links; Telegram would want one for a private channel): 400 USER_ALREADY_PARTICIPANT when in
        it. A supergroup shows it as messageActionChatAddUser([the joiner]) from the joiner."""
        me = caller.me
        channel = channel_of(self.channels, me, request.channel, member=False)
        if channel.has(me.id):
            raise RpcFailure(400, 'USER_ALREADY_PARTICIPANT')
        now = int(self.clock())
        msg = pts = None
        with self.store.write():
            self.channels.add(channel.id, me.id, MEMBER, None, now)
            if channel.megagroup:
                msg, pts = self.box.add(channel.id, now, '', me.id, me.id, False, action={'kind': 'add_user', 'users': [me.id]})
        caller.log.info('joinChannel user %d: channel %d%s', me.id, channel.id, ', id %d pts %d' % (msg.id, pts) if msg else '')
        return self._announce(channel, msg, pts, caller, now, extra=[types.UpdateChannel(channel_id=channel.id)],
                              what='joinChannel')

    def leave_channel(self, request, caller):
        """The caller leaves (its creator cannot: 400 USER_CREATOR); a supergroup shows it as
        messageActionChatDeleteUser. The channel is then `left` to them, its history CHANNEL_PRIVATE."""
        me = caller.me
        channel = channel_of(self.channels, me, request.channel, member=False)
        if not channel.has(me.id):
            raise RpcFailure(400, 'USER_NOT_PARTICIPANT')
        if channel.creator == me.id:
            raise RpcFailure(400, 'USER_CREATOR')
        now = int(self.clock())
        msg = pts = None
        with self.store.write():
            self.channels.remove(channel.id, me.id, now)
            if channel.megagroup:
                msg, pts = self.box.add(channel.id, now, '', me.id, me.id, False, action={'kind': 'delete_user', 'user': me.id})
        caller.log.info('leaveChannel user %d: channel %d%s', me.id, channel.id, ', id %d pts %d' % (msg.id, pts) if msg else '')
        answer = self._announce(channel, msg, pts, caller, now, extra=[types.UpdateChannel(channel_id=channel.id)],
                                what='leaveChannel')
        self.delivery.push(me.id, answer, caller, 'updateChannel(left)')  # the leaver's other sessions
        return answer

    # channels.editAdmin

    def edit_admin(self, request, caller):
        """The creator makes a participant an admin (any right set) or a member again (none set):
        400 CHAT_ADMIN_REQUIRED for anyone else, USER_NOT_PARTICIPANT for someone not in it. The
        user hears updateChannel (their rights changed)."""
        me = caller.me
        channel = channel_of(self.channels, me, request.channel)
        if channel.creator != me.id:
            raise RpcFailure(400, 'CHAT_ADMIN_REQUIRED')
        user = input_user(self.accounts, me, request.user_id)
        if user is None or not channel.has(user.id):
            raise RpcFailure(400, 'USER_NOT_PARTICIPANT')
        if user.id == me.id:
            raise RpcFailure(400, 'USER_CREATOR')
        rights = request.admin_rights
        role = ADMIN if any(v is True for k, v in vars(rights).items() if not k.startswith('_')) else MEMBER
        now = int(self.clock())
        with self.store.write():
            self.channels.set_role(channel.id, user.id, role, now)
        caller.log.info('editAdmin user %d: channel %d user %d → %s', me.id, channel.id, user.id, role)
        update = [types.UpdateChannel(channel_id=channel.id)]
        self.delivery.push(user.id, self.delivery.updates(user, update, now), caller, 'updateChannel(admin)')
        return self.delivery.updates(me, update, now)

    # channels.getChannels, getFullChannel, getParticipants

    def get_channels(self, request, caller):
        """The channels named, each as the caller sees it (`left` when not in it); a wrong
        access_hash is CHANNEL_INVALID."""
        found = [channel_of(self.channels, caller.me, value, member=False) for value in request.id]
        caller.log.info('getChannels user %d: %s', caller.me.id, ', '.join(str(c.id) for c in found))
        return types.messages.Chats(chats=[c.tl(caller.me.id) for c in found])

    def get_full_channel(self, request, caller):
        """messages.chatFull(channelFull: about, the caller's read marks and unread count, the
        channel's pts, counts, notify settings, the pinned message), for a participant."""
        me = caller.me
        channel = channel_of(self.channels, me, request.channel)
        participant = channel.participants[me.id]
        settings = self.store.dialog(me.id, channel.key)
        pinned = next((m.id for m in self.box.history(channel.id) if m.pinned), None)
        full = types.ChannelFull(
            id=channel.id, about=channel.about, read_inbox_max_id=participant.read_inbox_max_id,
            read_outbox_max_id=participant.read_outbox_max_id,
            unread_count=self.box.unread(channel.id, me.id, participant.read_inbox_max_id),
            chat_photo=types.PhotoEmpty(id=0),
            notify_settings=types.PeerNotifySettings(mute_until=settings['mute_until'] or None), bot_info=[],
            pts=channel.pts, participants_count=len(channel.participants),
            admins_count=sum(p.is_admin for p in channel.participants.values()),
            can_view_participants=channel.megagroup or channel.is_admin(me.id) or None, pinned_msg_id=pinned)
        return types.messages.ChatFull(full_chat=full, chats=[channel.tl(me.id)],
                                       users=users_tl(self.accounts, me, [me.id, channel.creator]))

    def get_participants(self, request, caller):
        """channelParticipantsAdmins: the creator and admins; any other filter: everyone (the
        creator first, then by join date), paged by offset and limit (0..200); the hash is not
        compared. A broadcast channel's list is for its admins (else CHAT_ADMIN_REQUIRED)."""
        me = caller.me
        channel = channel_of(self.channels, me, request.channel)
        if channel.broadcast and not channel.is_admin(me.id):
            raise RpcFailure(400, 'CHAT_ADMIN_REQUIRED')
        users = channel.member_ids
        if isinstance(request.filter, types.ChannelParticipantsAdmins):
            users = [u for u in users if channel.is_admin(u)]
        page = users[max(request.offset, 0):max(request.offset, 0) + max(0, min(request.limit, 200))]
        return types.channels.ChannelParticipants(
            count=len(users), participants=[channel.participant_tl(u, me.id) for u in page], chats=[],
            users=users_tl(self.accounts, me, page))
