"""Messaging in channels (core.telegram.org/api/channel, /api/updates): the messages.* calls with an
inputPeerChannel — sendMessage, sendMedia, forwardMessages (into or out of a channel),
editMessage, sendReaction, updatePinnedMessage, setTyping, getHistory — and channels.readHistory,
channels.deleteMessages, channels.getMessages. A channel's message is ONE row in the channel's
box (channel_box.py) under the channel's own id and pts, so every change is one pts step of the
channel, pushed to every participant's sessions (but the caller's) as updateNewChannelMessage,
updateEditChannelMessage, updateDeleteChannelMessages, updatePinnedChannelMessages, each carrying
the channel's pts, with the channel in `chats`. A send is answered `updates` with updateMessageID
and updateNewChannelMessage (never updateShortSentMessage, as Telegram answers for channels).
Reads are per participant and move no pts. Logs say lengths, never text."""
from telethon.tl import functions, types

import channel_render
import render
from chat import CAPTION_MAX, check_text, utf16_length, wanted_reactions
from dialogs import history_page, ids_hash, search_kept
from peers import channel_of, chat_peer, users_tl
from wire import Bool, RpcFailure


def _fail(message, code=400):
    raise RpcFailure(code, message)


def _is_channel(value):
    """An InputPeer naming a channel (inputPeerChannelFromMessage is then CHANNEL_INVALID: not served)."""
    return isinstance(value, (types.InputPeerChannel, types.InputPeerChannelFromMessage))


class ChannelChat:
    def __init__(self, accounts, store, channels, box, groups, delivery, pushes, files, chat, clock, most):
        self.accounts, self.store, self.channels, self.box, self.groups = accounts, store, channels, box, groups
        self.delivery, self.pushes, self.files, self.chat, self.clock = delivery, pushes, files, chat, clock
        self.most = most  # --page-limit
        self.by_peer = {  # the messages.* calls: this module's when their `peer` is a channel
            functions.messages.SendMessageRequest: self.send_message,
            functions.messages.SendMediaRequest: self.send_media,
            functions.messages.EditMessageRequest: self.edit_message,
            functions.messages.SendReactionRequest: self.send_reaction,
            functions.messages.UpdatePinnedMessageRequest: self.update_pinned_message,
            functions.messages.SetTypingRequest: self.set_typing,
            functions.messages.GetHistoryRequest: self.get_history,
            functions.messages.SearchRequest: self.search,
        }
        self.always = {
            functions.channels.ReadHistoryRequest: self.read_history,
            functions.channels.DeleteMessagesRequest: self.delete_messages,
            functions.channels.GetMessagesRequest: self.get_messages,
        }

    def handler(self, request):
        kind = type(request)
        if kind in self.always:
            return self.always[kind]
        if kind in self.by_peer and _is_channel(request.peer):  # messages.* naming a channel
            return self.by_peer[kind]
        if kind is functions.messages.ForwardMessagesRequest and (_is_channel(request.to_peer) or _is_channel(request.from_peer)):
            return self.forward_messages
        return None

    def _channel(self, me, value):
        return channel_of(self.channels, me, value)

    def _message(self, channel, msg_id):
        msg = self.box.get(channel.id, msg_id)
        if msg is None:
            _fail('MESSAGE_ID_INVALID')
        return msg

    def _push_all(self, channel, caller, now, make, what):
        """Pushes make(viewer) — a pts step of the channel, which drop-channel-pushes counts — to
        every participant's sessions but the caller's and answers the caller's own as `updates`."""
        for user_id in channel.member_ids:
            self.delivery.push(user_id, self.delivery.updates(self.accounts.users[user_id], make(user_id), now),
                               caller, what, channel=True)
        return self.delivery.updates(caller.me, make(caller.me.id), now)

    # messages.sendMessage, sendMedia, forwardMessages into a channel

    def _retry(self, me, channel, random_id):
        """(id, pts, what to log) of the message a random_id this sender already used in this
        channel made (a retry: the first answer again), or None."""
        done = self.store.sent_in(me.id, random_id)
        if done is None or done[0] != channel.id:
            return None
        _, msg_id, pts, _ = done
        return msg_id, pts, 'a retry, answered id %d pts %d again' % (msg_id, pts)

    def _answer_again(self, me, channel, random_id, caller, what):
        """A retry's answer (the first one again, logged as `what`), or None for a new random_id."""
        again = self._retry(me, channel, random_id)
        if again is None:
            return None
        msg_id, pts, text = again
        caller.log.info('%s user %d random_id %d in channel %d: %s', what, me.id, random_id, channel.id, text)
        return self.delivery.updates(me, self._again(me, channel, random_id, msg_id, pts), int(self.clock()))

    def _again(self, me, channel, random_id, msg_id, pts):
        msg = self.box.get(channel.id, msg_id)
        updates = [types.UpdateMessageID(id=msg_id, random_id=random_id)]
        if msg is not None:
            updates.append(types.UpdateNewChannelMessage(message=channel_render.message_tl(msg, me.id), pts=pts, pts_count=1))
        return updates

    def _check_post(self, me, channel):
        if not channel.can_post(me.id):
            _fail('CHAT_WRITE_FORBIDDEN', 403)  # a broadcast channel: its creator and admins post

    def _post(self, me, channel, random_id, text, caller, method, reply_to=None, media=None, fwd=None, clear_draft=False):
        """Stores a new message (a broadcast's as the channel's post) with its random_id record,
        pushes it to every participant and each other participant's devices. (message, pts)."""
        replied = None
        if isinstance(reply_to, types.InputReplyToMessage):
            replied = self.box.get(channel.id, reply_to.reply_to_msg_id)  # a reply to a message not there: a plain one
        now = int(self.clock())
        with self.store.write():
            msg, pts = self.box.add(channel.id, now, text, me.id, None if channel.broadcast else me.id, channel.broadcast,
                                    reply_to=replied.id if replied else None, media=media, fwd=fwd)
            self.store.record_sent(me.id, random_id, msg.id, pts, now, channel=channel.id)
            if clear_draft:
                self.store.set_dialog(me.id, channel.key, draft=None, draft_date=None, draft_reply_to=None)
        about_media = ', %s of %d bytes' % (media['kind'], media['size']) if media else ''
        caller.log.info('%s user %d → channel %d: id %d pts %d (%d chars%s)', method, me.id, channel.id, msg.id, pts,
                        utf16_length(text), about_media)
        self._push_all(channel, caller, now, lambda viewer: [channel_render.new_message(msg, pts, viewer)],
                       'updateNewChannelMessage')
        for user_id in channel.member_ids:
            if user_id != me.id:
                self.pushes.channel_message(user_id, me, channel, msg, caller.key_id)
        return msg, pts

    def send_message(self, request, caller):
        me = caller.me
        channel = self._channel(me, request.peer)
        answer = self._answer_again(me, channel, request.random_id, caller, 'sendMessage')
        if answer is not None:
            return answer
        if not request.random_id:
            _fail('RANDOM_ID_EMPTY')
        self._check_post(me, channel)
        check_text(request.message)
        msg, pts = self._post(me, channel, request.random_id, request.message, caller, 'sendMessage',
                              reply_to=request.reply_to, clear_draft=request.clear_draft)
        return self.delivery.updates(me, [types.UpdateMessageID(id=msg.id, random_id=request.random_id),
                                          channel_render.new_message(msg, pts, me.id)], msg.date)

    def send_media(self, request, caller):
        me = caller.me
        channel = self._channel(me, request.peer)
        answer = self._answer_again(me, channel, request.random_id, caller, 'sendMedia')
        if answer is not None:
            return answer
        if not request.random_id:
            _fail('RANDOM_ID_EMPTY')
        self._check_post(me, channel)
        caption = request.message or ''
        if utf16_length(caption) > CAPTION_MAX:
            _fail('MEDIA_CAPTION_TOO_LONG')
        media = self.files.uploaded(request.media, caller, int(self.clock()))
        msg, pts = self._post(me, channel, request.random_id, caption, caller, 'sendMedia', reply_to=request.reply_to,
                              media=media, clear_draft=request.clear_draft)
        return self.delivery.updates(me, [types.UpdateMessageID(id=msg.id, random_id=request.random_id),
                                          channel_render.new_message(msg, pts, me.id)], msg.date)

    def forward_messages(self, request, caller):
        """Into a channel (its rules for posting), or out of one into a private chat or a group
        (chat.py stores those). A forwarded broadcast post names the channel and its post id as
        its origin; a supergroup message its author."""
        me = caller.me
        if not request.id:
            _fail('MESSAGE_IDS_EMPTY')
        if len(request.id) != len(request.random_id):
            _fail('RANDOM_ID_INVALID')
        if len(request.id) > 100:
            _fail('MESSAGE_ID_INVALID')
        source = self._channel(me, request.from_peer) if _is_channel(request.from_peer) else \
            chat_peer(self.accounts, self.groups, me, request.from_peer)
        target = self._channel(me, request.to_peer) if _is_channel(request.to_peer) else \
            chat_peer(self.accounts, self.groups, me, request.to_peer)
        into_channel = getattr(target, 'is_channel', False)
        if into_channel:
            self._check_post(me, target)
        updates = []
        for msg_id, random_id in zip(request.id, request.random_id):
            if into_channel:
                again = self._retry(me, target, random_id)
                if again is not None:
                    caller.log.info('forwardMessages user %d random_id %d: %s', me.id, random_id, again[2])
                    updates += self._again(me, target, random_id, again[0], again[1])
                    continue
            elif self.store.sent(me.id, random_id) is not None:
                updates += self.chat.sent_again(me, random_id)
                continue
            if not random_id:
                _fail('RANDOM_ID_EMPTY')
            text, media, fwd = self._original(me, source, msg_id)
            if into_channel:
                msg, pts = self._post(me, target, random_id, text, caller, 'forwardMessages', media=media, fwd=fwd)
                updates += [types.UpdateMessageID(id=msg.id, random_id=random_id), channel_render.new_message(msg, pts, me.id)]
            else:
                updates += self.chat.forward_into(me, target, random_id, text, media, fwd, caller)
        return self.delivery.updates(me, updates, int(self.clock()))

    def _original(self, me, source, msg_id):
        """(text, media, fwd) of the message forwarded: from a channel, or from the caller's box."""
        if getattr(source, 'is_channel', False):
            msg = self.box.get(source.id, msg_id)
            if msg is None or msg.action:
                _fail('MESSAGE_ID_INVALID')
            origin = {'from_id': source.key, 'date': msg.date, 'channel_post': msg.id} if source.broadcast \
                else {'from_id': msg.from_id, 'date': msg.date}
            return msg.text, msg.media, msg.fwd or origin
        msg = self.store.get(me.id, msg_id)
        if msg is None or msg.peer != source.key or msg.action:
            _fail('MESSAGE_ID_INVALID')
        return msg.text, msg.media, msg.fwd or {'from_id': msg.from_id, 'date': msg.date}

    # messages.editMessage

    def edit_message(self, request, caller):
        """Its author, or in a broadcast channel its creator and admins (they edit every post),
        else 403 MESSAGE_AUTHOR_REQUIRED."""
        me = caller.me
        channel = self._channel(me, request.peer)
        msg = self._message(channel, request.id)
        if msg.action:
            _fail('MESSAGE_ID_INVALID')
        if msg.author != me.id and not (channel.broadcast and channel.is_admin(me.id)):
            _fail('MESSAGE_AUTHOR_REQUIRED', 403)
        if request.message is not None:
            check_text(request.message)
        if request.message is None or request.message == msg.text:
            _fail('MESSAGE_NOT_MODIFIED')
        now = int(self.clock())
        with self.store.write():
            self.box.update(channel.id, msg.id, text=request.message, edit_date=now)
            pts = self.box.bump(channel.id, 1, 'edit', {'id': msg.id}, now)
        caller.log.info('editMessage user %d channel %d id %d (%d chars): pts %d', me.id, channel.id, msg.id,
                        utf16_length(request.message), pts)
        msg = self.box.get(channel.id, msg.id)
        return self._push_all(channel, caller, now, lambda viewer: channel_render.edit_updates(msg, pts, viewer),
                              'updateEditChannelMessage')

    # messages.sendReaction

    def send_reaction(self, request, caller):
        me = caller.me
        channel = self._channel(me, request.peer)
        msg = self._message(channel, request.msg_id)
        wanted = wanted_reactions(request)
        now = int(self.clock())
        if [e for user, e, _ in msg.reactions if user == me.id] == wanted:  # no change, no pts
            return self.delivery.updates(me, [types.UpdateMessageReactions(
                peer=types.PeerChannel(channel_id=channel.id), msg_id=msg.id,
                reactions=render.reactions_tl(msg.reactions, me.id))], now)
        reactions = [r for r in msg.reactions if r[0] != me.id] + [[me.id, e, now] for e in wanted]
        with self.store.write():
            self.box.update(channel.id, msg.id, reactions=reactions)
            pts = self.box.bump(channel.id, 1, 'reaction', {'id': msg.id}, now)
        caller.log.info('sendReaction user %d channel %d id %d: %d reaction(s), pts %d', me.id, channel.id, msg.id,
                        len(wanted), pts)
        msg = self.box.get(channel.id, msg.id)
        return self._push_all(channel, caller, now, lambda viewer: channel_render.reaction_updates(msg, pts, viewer),
                              'updateMessageReactions')

    # messages.updatePinnedMessage

    def update_pinned_message(self, request, caller):
        """Anyone in a supergroup (as this server's basic groups); in a broadcast channel its
        creator and admins (else 400 CHAT_ADMIN_REQUIRED). pm_oneside is for private chats."""
        me = caller.me
        channel = self._channel(me, request.peer)
        if channel.broadcast and not channel.is_admin(me.id):
            _fail('CHAT_ADMIN_REQUIRED')
        msg = self._message(channel, request.id)
        pinned = not request.unpin
        now = int(self.clock())
        if msg.pinned == pinned:
            return self.delivery.updates(me, [], now)
        service = None
        with self.store.write():
            self.box.update(channel.id, msg.id, pinned=int(pinned))
            pts = self.box.bump(channel.id, 1, 'pin', {'ids': [msg.id], 'pinned': pinned}, now)
            if pinned:  # and its service message, as Telegram adds one (a post in a broadcast channel)
                service = self.box.add(channel.id, now, '', me.id, None if channel.broadcast else me.id, channel.broadcast,
                                       reply_to=msg.id, action={'kind': 'pin_message'})
        caller.log.info('updatePinnedMessage user %d channel %d id %d %s: pts %d%s', me.id, channel.id, msg.id,
                        'pinned' if pinned else 'unpinned', pts, ', with a service message' if service else '')

        def updates(viewer):
            pin = [channel_render.pin_update(channel.id, [msg.id], pinned, pts)]
            return pin + ([channel_render.new_message(service[0], service[1], viewer)] if service else [])
        return self._push_all(channel, caller, now, updates, 'updatePinnedChannelMessages')

    # messages.setTyping: live only; a supergroup's other participants get updateChannelUserTyping

    def set_typing(self, request, caller):
        """In a broadcast channel only those who post may "type" (else 403 CHAT_WRITE_FORBIDDEN),
        and nobody is told: Telegram shows no typing in channels."""
        me = caller.me
        channel = self._channel(me, request.peer)
        self._check_post(me, channel)
        if channel.megagroup:
            update = types.UpdateShort(update=types.UpdateChannelUserTyping(
                channel_id=channel.id, from_id=types.PeerUser(user_id=me.id), action=request.action), date=int(self.clock()))
            for user_id in channel.member_ids:
                if user_id != me.id:
                    self.delivery.push(user_id, update, caller, 'updateChannelUserTyping')
        return Bool(True)

    # messages.getHistory, channels.getMessages

    def _answer(self, me, channel, messages, count, offset_id_offset=None):
        """messages.channelMessages of these TL messages (with the channel's pts, as Telegram
        answers for channels), the users they name and the channel (and any chat a forward names)."""
        chats = [channel.tl(me.id)] + [c for c in self.channels.chats_tl(me.id, render.referenced_channels(messages))
                                       if c.id != channel.id]
        return types.messages.ChannelMessages(
            pts=channel.pts, count=count, messages=messages, topics=[], chats=chats,
            users=users_tl(self.accounts, me, render.referenced_users(messages) | {me.id}), offset_id_offset=offset_id_offset)

    def get_history(self, request, caller):
        """Paged as a private chat's (dialogs.history_page, api/offsets); always channelMessages."""
        me = caller.me
        channel = self._channel(me, request.peer)
        chat = self.box.history(channel.id)
        page, start, positioned = history_page(chat, request, self.most)
        caller.log.info('getHistory user %d channel %d: %d of %d from index %d', me.id, channel.id, len(page), len(chat), start)
        if request.hash and request.hash == ids_hash(m.id for m in page):
            return types.messages.MessagesNotModified(count=len(chat))
        return self._answer(me, channel, [channel_render.message_tl(m, me.id) for m in page], len(chat),
                            max(start, 0) if positioned and len(page) < len(chat) else None)

    def search(self, request, caller):
        """messages.search in a channel: dialogs.search_kept, paged as getHistory; channelMessages."""
        me = caller.me
        channel = self._channel(me, request.peer)
        kept = search_kept(self.box.history(channel.id), request)
        page, start, positioned = history_page(kept, request, self.most)
        caller.log.info('search user %d channel %d: %d of %d', me.id, channel.id, len(page), len(kept))
        return self._answer(me, channel, [channel_render.message_tl(m, me.id) for m in page], len(kept),
                            max(start, 0) if positioned and len(page) < len(kept) else None)

    def get_messages(self, request, caller):
        """inputMessageID, inputMessageReplyTo (the message it replies to), inputMessagePinned
        (the newest pinned), in the order asked; messageEmpty for the rest."""
        me = caller.me
        channel = self._channel(me, request.channel)
        found = []
        for item in request.id:
            msg = None
            if isinstance(item, (types.InputMessageID, types.InputMessageReplyTo)):
                msg = self.box.get(channel.id, item.id)
                if msg is not None and isinstance(item, types.InputMessageReplyTo):
                    msg = self.box.get(channel.id, msg.reply_to) if msg.reply_to else None
            elif isinstance(item, types.InputMessagePinned):
                msg = next((m for m in self.box.history(channel.id) if m.pinned), None)
            found.append(channel_render.message_tl(msg, me.id) if msg else render.message_empty(getattr(item, 'id', 0)))
        caller.log.info('getMessages user %d channel %d: %d of %d found', me.id, channel.id,
                        sum(not isinstance(m, type(render.message_empty(0))) for m in found), len(found))
        return self._answer(me, channel, found, len(found))

    # channels.readHistory

    def read_history(self, request, caller):
        """The caller's inbox mark becomes the newest message ≤ max_id (0: all); answers boolTrue.
        Their other sessions hear updateReadChannelInbox (with the channel's current pts: a read
        moves no pts, the box is everyone's) and devices READ_HISTORY; in a supergroup each author
        whose messages that read reaches hears updateReadChannelOutbox (a broadcast shows views)."""
        me = caller.me
        channel = self._channel(me, request.channel)
        participant = channel.participants[me.id]
        mark = self.box.newest_at_or_below(channel.id, request.max_id)
        if mark <= participant.read_inbox_max_id:
            return Bool(True)
        still_unread = self.box.unread(channel.id, me.id, mark)
        outboxes = {}
        if channel.megagroup:
            outboxes = {author: m for author, m in self.box.authors_read(channel.id, me.id, mark).items()
                        if author in channel.participants and m > channel.participants[author].read_outbox_max_id}
        now = int(self.clock())
        with self.store.write():
            self.channels.set_read(channel.id, me.id, read_inbox_max_id=mark)
            for author, m in outboxes.items():
                self.channels.set_read(channel.id, author, read_outbox_max_id=m)
        caller.log.info('readHistory user %d channel %d max_id %d (%d unread), outboxes %s', me.id, channel.id, mark,
                        still_unread, ', '.join('user %d id %d' % item for item in outboxes.items()) or '-')
        self.delivery.push(me.id, self.delivery.updates(me, [types.UpdateReadChannelInbox(
            channel_id=channel.id, max_id=mark, still_unread_count=still_unread, pts=channel.pts)], now),
            caller, 'updateReadChannelInbox')
        self.pushes.read(me.id, channel.key, mark, caller.key_id)
        for author, m in outboxes.items():
            self.delivery.push(author, self.delivery.updates(self.accounts.users[author], [types.UpdateReadChannelOutbox(
                channel_id=channel.id, max_id=m)], now), caller, 'updateReadChannelOutbox')
        return Bool(True)

    # channels.deleteMessages

    def delete_messages(self, request, caller):
        """The caller's own messages, or any when it is the creator or an admin (else 403
        MESSAGE_DELETE_FORBIDDEN); gone for everyone (a channel has one copy). Unknown ids are
        ignored. messages.affectedMessages with the CHANNEL's pts."""
        me = caller.me
        channel = self._channel(me, request.channel)
        ids = list(dict.fromkeys(request.id))
        found = self.box.get_many(channel.id, ids)
        msgs = [found[i] for i in ids if i in found]
        if any(m.author != me.id for m in msgs) and not channel.is_admin(me.id):
            _fail('MESSAGE_DELETE_FORBIDDEN', 403)
        if not msgs:
            return types.messages.AffectedMessages(pts=channel.pts, pts_count=0)
        gone = [m.id for m in msgs]
        now = int(self.clock())
        with self.store.write():
            self.box.delete(channel.id, gone)
            pts = self.box.bump(channel.id, len(gone), 'delete', {'ids': gone}, now)
        caller.log.info('deleteMessages user %d channel %d: %d of %d id(s), pts %d', me.id, channel.id, len(gone), len(ids), pts)
        self._push_all(channel, caller, now, lambda viewer: [types.UpdateDeleteChannelMessages(
            channel_id=channel.id, messages=gone, pts=pts, pts_count=len(gone))], 'updateDeleteChannelMessages')
        for user_id in channel.member_ids:
            self.pushes.deleted(user_id, channel.key, gone, caller.key_id)
        return types.messages.AffectedMessages(pts=pts, pts_count=len(gone))
