"""Messaging in private chats and basic groups, the calls that change a box: messages.sendMessage,
sendMedia, forwardMessages, editMessage, deleteMessages, readHistory, sendReaction,
updatePinnedMessage, saveDraft, setTyping. Each call checks its input (errors carry Telegram's
names), changes the store in one transaction, committed before the answer, then pushes each
touched user's updates to their other sessions (delivery.py). A group's message has a copy in
every member's box (messages.py), so a change to it reaches every member, each with their own id
and pts, as Telegram serves basic groups (core.telegram.org/api/updates). A channel's messages
are not in any box: channel_chat.py serves these calls for an inputPeerChannel (forward_into lets
it forward a channel's message into a box). Logs say lengths, never text."""
from telethon.tl import functions, types

import render
from peers import chat_peer
from wire import Bool, RpcFailure

MAX_LENGTH = 4096  # message_length_max in help.getConfig; counted in UTF-16 code units as Telegram does
CAPTION_MAX = 1024  # caption_length_max in help.getConfig
MAX_REACTIONS = 3  # a premium user's limit; others get 1 on Telegram (not modelled)


def _fail(message):
    raise RpcFailure(400, message)


def utf16_length(text):
    return len(text.encode('utf-16-le')) // 2


def wanted_reactions(request):
    """The emoji a messages.sendReaction asks for, each once, in order: REACTION_INVALID for
    anything but a non-empty reactionEmoji (custom emoji and paid reactions are not served),
    REACTIONS_TOO_MANY past MAX_REACTIONS."""
    wanted = []
    for reaction in request.reaction or []:
        if not isinstance(reaction, types.ReactionEmoji) or not reaction.emoticon:
            _fail('REACTION_INVALID')
        if reaction.emoticon not in wanted:
            wanted.append(reaction.emoticon)
    if len(wanted) > MAX_REACTIONS:
        _fail('REACTIONS_TOO_MANY')
    return wanted


def check_text(text):
    """MESSAGE_EMPTY for nothing but blanks, MESSAGE_TOO_LONG past message_length_max."""
    if not (text or '').strip():
        _fail('MESSAGE_EMPTY')
    if utf16_length(text) > MAX_LENGTH:
        _fail('MESSAGE_TOO_LONG')


class Chat:
    def __init__(self, accounts, store, groups, delivery, pushes, files, clock, channels=None):
        self.accounts, self.store, self.delivery, self.clock = accounts, store, delivery, clock
        self.groups = groups
        self.channels = channels  # for saveDraft only: a channel's other calls are channel_chat.py's
        self.pushes, self.files = pushes, files
        self.handlers = {
            functions.messages.SendMessageRequest: self.send_message,
            functions.messages.SendMediaRequest: self.send_media,
            functions.messages.ForwardMessagesRequest: self.forward_messages,
            functions.messages.EditMessageRequest: self.edit_message,
            functions.messages.DeleteMessagesRequest: self.delete_messages,
            functions.messages.DeleteHistoryRequest: self.delete_history,
            functions.messages.ReadHistoryRequest: self.read_history,
            functions.messages.SendReactionRequest: self.send_reaction,
            functions.messages.UpdatePinnedMessageRequest: self.update_pinned_message,
            functions.messages.SaveDraftRequest: self.save_draft,
            functions.messages.SetTypingRequest: self.set_typing,
        }

    def handler(self, request):
        return self.handlers.get(type(request))

    def _peer(self, me, input_peer):
        """The User or Group (groups.py) the InputPeer names; `.key` is the store's peer."""
        return chat_peer(self.accounts, self.groups, me, input_peer)

    def _own(self, me, peer, msg_id):
        """The caller's copy of message `msg_id` in the chat with `peer`, or MESSAGE_ID_INVALID."""
        msg = self.store.get(me.id, msg_id)
        if msg is None or msg.peer != peer.key:
            _fail('MESSAGE_ID_INVALID')
        return msg

    def _group_of(self, msg):
        return self.groups.get(-msg.peer) if msg.peer < 0 else None

    def _push(self, owner_id, updates, caller, what, date):
        owner = self.accounts.users[owner_id]
        self.delivery.push(owner_id, self.delivery.updates(owner, updates, date), caller, what)

    # messages.sendMessage

    def send_message(self, request, caller):
        me = caller.me
        peer = self._peer(me, request.peer)
        done = self.store.sent(me.id, request.random_id)
        if done is not None:  # a retry (lost answer, reconnect, restart): the first answer again
            msg_id, pts, date = done
            caller.log.info('sendMessage user %d random_id %d: a retry, answered id %d pts %d again',
                            me.id, request.random_id, msg_id, pts)
            return types.UpdateShortSentMessage(out=True, id=msg_id, pts=pts, pts_count=1, date=date)
        if not request.random_id:
            _fail('RANDOM_ID_EMPTY')
        check_text(request.message)
        mine, my_pts, others = self._new_message(me, peer, request, request.message, None, caller)
        short = 'updateShortChatMessage' if peer.is_group else 'updateShortMessage'
        self.delivery.push(me.id, render.short_message(mine, my_pts), caller, short + '(out)')
        for theirs, their_pts in others:
            self.delivery.push(theirs.owner, render.short_message(theirs, their_pts), caller, short)
            self.pushes.message(theirs.owner, me, theirs, caller.key_id, group=peer if peer.is_group else None)
        return types.UpdateShortSentMessage(out=True, id=mine.id, pts=my_pts, pts_count=1, date=mine.date)

    # messages.sendMedia: a photo or a document uploaded in parts (files.py), with a caption

    def send_media(self, request, caller):
        me = caller.me
        peer = self._peer(me, request.peer)
        done = self.store.sent(me.id, request.random_id)
        if done is not None:
            msg_id, pts, date = done
            caller.log.info('sendMedia user %d random_id %d: a retry, answered id %d pts %d again',
                            me.id, request.random_id, msg_id, pts)
            return self._sent_updates(me, self.store.get(me.id, msg_id), pts, request.random_id, msg_id)
        if not request.random_id:
            _fail('RANDOM_ID_EMPTY')
        caption = request.message or ''
        if utf16_length(caption) > CAPTION_MAX:
            _fail('MEDIA_CAPTION_TOO_LONG')
        media = self.files.uploaded(request.media, caller, int(self.clock()))
        mine, my_pts, others = self._new_message(me, peer, request, caption, media, caller)
        self.delivery.push(me.id, self.delivery.updates(me, [types.UpdateNewMessage(message=render.message_tl(mine), pts=my_pts,
                                                                                    pts_count=1)], mine.date),
                           caller, 'updateNewMessage(out, media)')
        self._deliver_new(me, peer, others, caller, 'updateNewMessage(media)')
        return self._sent_updates(me, mine, my_pts, request.random_id)

    def _deliver_new(self, me, peer, others, caller, what):
        """Each other copy of a new message to its owner's sessions (updateNewMessage) and devices."""
        for theirs, their_pts in others:
            owner = self.accounts.users[theirs.owner]
            self.delivery.push(owner.id, self.delivery.updates(owner, [types.UpdateNewMessage(
                message=render.message_tl(theirs), pts=their_pts, pts_count=1)], theirs.date), caller, what)
            self.pushes.message(owner.id, me, theirs, caller.key_id, group=peer if peer.is_group else None)

    # messages.forwardMessages: each message copied into the chat, its text and file, with where
    # it first came from (a forward of a forward keeps the first origin, as Telegram does)

    def forward_messages(self, request, caller):
        me = caller.me
        source = self._peer(me, request.from_peer)
        peer = self._peer(me, request.to_peer)
        if not request.id:
            _fail('MESSAGE_IDS_EMPTY')
        if len(request.id) != len(request.random_id):
            _fail('RANDOM_ID_INVALID')
        if len(request.id) > 100:
            _fail('MESSAGE_ID_INVALID')
        updates = []
        for msg_id, random_id in zip(request.id, request.random_id):
            done = self.store.sent(me.id, random_id)
            if done is not None:
                caller.log.info('forwardMessages user %d random_id %d: a retry, answered id %d again', me.id, random_id, done[0])
                updates += self._sent_updates(me, self.store.get(me.id, done[0]), done[1], random_id, done[0]).updates
                continue
            if not random_id:
                _fail('RANDOM_ID_EMPTY')
            original = self._own(me, source, msg_id)
            fwd = original.fwd or {'from_id': original.from_id, 'date': original.date}
            if original.action:
                _fail('MESSAGE_ID_INVALID')  # a service message cannot be forwarded
            updates += self.forward_into(me, peer, random_id, original.text, original.media, fwd, caller)
        return self.delivery.updates(me, updates, int(self.clock()))

    def forward_into(self, me, peer, random_id, text, media, fwd, caller):
        """One forwarded message into a private chat or group (from there, or from a channel:
        channel_chat.py): stored, delivered; the caller's updates for it."""
        mine, my_pts, others = self._new_message(me, peer, _Forwarded(random_id), text, media, caller, fwd=fwd)
        self._deliver_new(me, peer, others, caller, 'updateNewMessage(forward)')
        return [types.UpdateMessageID(id=mine.id, random_id=random_id),
                types.UpdateNewMessage(message=render.message_tl(mine), pts=my_pts, pts_count=1)]

    def sent_again(self, me, random_id):
        """The caller's updates for a box message a forward's random_id made before (a retry)."""
        msg_id, pts, _ = self.store.sent(me.id, random_id)
        return self._sent_updates(me, self.store.get(me.id, msg_id), pts, random_id, msg_id).updates

    def _sent_updates(self, me, mine, pts, random_id, msg_id=None):
        """What sendMedia answers: the id given to the random_id, and the new message (gone
        since, on a retry: the id alone)."""
        if mine is None:
            return self.delivery.updates(me, [types.UpdateMessageID(id=msg_id, random_id=random_id)], int(self.clock()))
        return self.delivery.updates(me, [types.UpdateMessageID(id=mine.id, random_id=random_id),
                                          types.UpdateNewMessage(message=render.message_tl(mine), pts=pts, pts_count=1)],
                                     mine.date)

    def _new_message(self, me, peer, request, text, media, caller, fwd=None):
        """Every copy of a new message (private: both sides; a group: each member's) in one
        transaction, the random_id recorded with them. (mine, my pts, [(other copy, its pts)])."""
        replied = self._replied(me, peer, request.reply_to)
        now = int(self.clock())
        with self.store.write():
            if peer.is_group:
                (mine, my_pts), *others = self.store.add_group(me.id, peer, text, now, replied, media, fwd)
            else:
                mine, my_pts, theirs, their_pts = self.store.add_private(me.id, peer.id, text, now, replied, media, fwd)
                others = [(theirs, their_pts)] if theirs else []
            self.store.record_sent(me.id, request.random_id, mine.id, my_pts, now)
            if request.clear_draft:
                self.store.set_dialog(me.id, peer.key, draft=None, draft_date=None, draft_reply_to=None)
        method = 'forwardMessages' if fwd else 'sendMedia' if media else 'sendMessage'
        about_media = ', %s %s of %d bytes, md5 %s' % (media['kind'], media['name'], media['size'], media['md5']) if media else ''
        if peer.is_group:
            caller.log.info('%s user %d → chat %d: id %d pts %d, member copies %s (%d chars%s)', method, me.id, peer.id,
                            mine.id, my_pts, ', '.join('%d:%d' % (c.owner, c.id) for c, _ in others) or '-',
                            utf16_length(text), about_media)
        else:
            theirs, their_pts = others[0] if others else (None, None)
            caller.log.info('%s user %d → %d: id %d pts %d, their id %s pts %s (%d chars%s)', method, me.id, peer.id, mine.id,
                            my_pts, theirs.id if theirs else '-', their_pts or '-', utf16_length(text), about_media)
        return mine, my_pts, others

    def _replied(self, me, peer, reply_to):
        """The caller's message a reply names, if it is in this chat (else the reply is dropped,
        as Telegram sends a reply to a deleted message as a plain one)."""
        if isinstance(reply_to, types.InputReplyToMessage):
            msg = self.store.get(me.id, reply_to.reply_to_msg_id)
            if msg is not None and msg.peer == peer.key:
                return msg
        return None

    # messages.editMessage

    def edit_message(self, request, caller):
        me = caller.me
        peer = self._peer(me, request.peer)
        msg = self._own(me, peer, request.id)
        if msg.action:
            _fail('MESSAGE_ID_INVALID')  # a service message has no text to edit
        if not msg.out:
            raise RpcFailure(403, 'MESSAGE_AUTHOR_REQUIRED')
        if request.message is not None:
            check_text(request.message)
        if request.message is None or request.message == msg.text:
            _fail('MESSAGE_NOT_MODIFIED')
        now = int(self.clock())
        pts = {}
        with self.store.write():
            for copy in self.store.copies(msg):
                self.store.update(copy.owner, copy.id, text=request.message, edit_date=now)
                pts[copy.owner] = (copy.id, self.store.bump(copy.owner, 1, 'edit', {'id': copy.id}, now))
        caller.log.info('editMessage user %d id %d (%d chars): pts %s', me.id, msg.id,
                        utf16_length(request.message), _pts_text(pts))
        for owner, (copy_id, _) in pts.items():
            copy = self.store.get(owner, copy_id)
            if owner != me.id and copy.id > self.store.dialog(owner, copy.peer)['read_inbox_max_id']:
                self.pushes.edited(owner, me, copy, caller.key_id, group=self._group_of(copy))
        return self._announce(pts, caller, now, 'updateEditMessage', lambda copy, p: [
            types.UpdateEditMessage(message=render.message_tl(copy), pts=p, pts_count=1)])

    def _announce(self, pts, caller, now, what, make):
        """Pushes make(copy, pts) to each owner in `pts` ({owner: (msg id, pts)}) and answers the
        caller's own as `updates`."""
        answer = self.delivery.updates(caller.me, [], now)
        for owner, (msg_id, p) in pts.items():
            updates = make(self.store.get(owner, msg_id), p)
            self._push(owner, updates, caller, what, now)
            if owner == caller.me.id:
                answer = self.delivery.updates(caller.me, updates, now)
        return answer

    # messages.deleteMessages

    def delete_messages(self, request, caller):
        return self._delete(caller.me, list(dict.fromkeys(request.id)), bool(request.revoke), caller)

    def delete_history(self, request, caller):
        """messages.deleteHistory: the caller's messages in the chat up to max_id (0: all) go as
        deleteMessages takes them, in one pts event; `revoke` takes a private chat's other side's
        copies too (a group's members keep theirs). just_clear or not, the chat then has no message
        here, and a client keeps its row or not. All in one answer (offset 0)."""
        me = caller.me
        peer = self._peer(me, request.peer)
        ids = [m.id for m in self.store.chat(me.id, peer.key) if not request.max_id or m.id <= request.max_id]
        affected = self._delete(me, ids, bool(request.revoke) and peer.key > 0, caller)
        caller.log.info('deleteHistory user %d peer %d%s: %d message(s)', me.id, peer.key,
                        ' just_clear' if request.just_clear else '', affected.pts_count)
        return types.messages.AffectedHistory(pts=affected.pts, pts_count=affected.pts_count, offset=0)

    def _delete(self, me, ids, revoke, caller):
        msgs = [m for m in (self.store.get(me.id, i) for i in ids) if m is not None]
        if not msgs:  # unknown ids are ignored, as Telegram does
            return types.messages.AffectedMessages(pts=self.store.pts(me.id), pts_count=0)
        now = int(self.clock())
        deleted = {me.id: [m.id for m in msgs]}
        chats = {}  # (owner, peer) → ids, for the devices' pushes
        for m in msgs:
            chats.setdefault((me.id, m.peer), []).append(m.id)
        if revoke:
            for m in msgs:
                for copy in self._revoked(me, m):
                    deleted.setdefault(copy.owner, []).append(copy.id)
                    chats.setdefault((copy.owner, copy.peer), []).append(copy.id)
        pts = {}
        with self.store.write():
            for owner, owner_ids in deleted.items():
                self.store.delete(owner, owner_ids)
                pts[owner] = self.store.bump(owner, len(owner_ids), 'delete', {'ids': owner_ids}, now)
        caller.log.info('deleteMessages user %d %d of %d id(s)%s: pts %s', me.id, len(msgs), len(ids),
                        ' revoke' if revoke else '', ', '.join('%d→%d' % i for i in pts.items()))
        for owner, owner_ids in deleted.items():
            self._push(owner, [types.UpdateDeleteMessages(messages=owner_ids, pts=pts[owner], pts_count=len(owner_ids))],
                       caller, 'updateDeleteMessages', now)
        for (owner, peer_id), chat_ids in chats.items():
            self.pushes.deleted(owner, peer_id, chat_ids, caller.key_id)
        return types.messages.AffectedMessages(pts=pts[me.id], pts_count=len(msgs))

    def _revoked(self, me, msg):
        """The other copies a deletion "for everyone" takes: a private message's twin; in a group
        every member's copy, when the caller wrote it or created the group (a member cannot take
        others' messages from everyone: only the caller's own copy goes)."""
        if msg.grp is not None:
            group = self._group_of(msg)
            if not (msg.out or (group is not None and group.creator == me.id)):
                return []
        return [c for c in self.store.copies(msg) if c.owner != me.id]

    # messages.readHistory

    def read_history(self, request, caller):
        me = caller.me
        peer = self._peer(me, request.peer)
        chat = self.store.chat(me.id, peer.key)
        # The newest incoming message at or below max_id (0: everything) is the new inbox mark.
        max_id = next((m.id for m in chat if not m.out and (request.max_id <= 0 or m.id <= request.max_id)), 0)
        if max_id <= self.store.dialog(me.id, peer.key)['read_inbox_max_id']:
            return types.messages.AffectedMessages(pts=self.store.pts(me.id), pts_count=0)
        still_unread = self.store.unread(me.id, peer.key, max_id)
        if peer.is_group:
            # Telegram marks a group message read once any member reads it: each author's outbox
            # is read up to their own copy of the newest of their messages read here.
            outboxes = {author: mark for author, mark in self.store.group_read_marks(me.id, peer.key, max_id).items()
                        if author != me.id}
            their_key = peer.key
        else:
            # The other side's outbox is read up to its copy of the newest incoming message read here.
            outbox_max = max((m.twin_id for m in chat if not m.out and m.id <= max_id and m.twin_owner == peer.id), default=0)
            outboxes = {peer.id: outbox_max} if peer.id != me.id else {}
            their_key = me.id
        now = int(self.clock())
        their_pts = {}  # author → (mark, pts)
        with self.store.write():
            self.store.set_dialog(me.id, peer.key, read_inbox_max_id=max_id)
            my_pts = self.store.bump(me.id, 1, 'read_inbox', {'peer': peer.key, 'max_id': max_id,
                                                               'still_unread': still_unread}, now)
            for author, mark in outboxes.items():
                if mark > self.store.dialog(author, their_key)['read_outbox_max_id']:
                    self.store.set_dialog(author, their_key, read_outbox_max_id=mark)
                    their_pts[author] = (mark, self.store.bump(author, 1, 'read_outbox', {'peer': their_key, 'max_id': mark}, now))
        if peer.is_group:
            caller.log.info('readHistory user %d chat %d max_id %d (%d unread): pts %d, outboxes %s', me.id, peer.id, max_id,
                            still_unread, my_pts, _pts_text(their_pts) or '-')
        else:
            caller.log.info('readHistory user %d peer %d max_id %d (%d unread): pts %d, their outbox %d pts %s',
                            me.id, peer.id, max_id, still_unread, my_pts, outbox_max,
                            their_pts[peer.id][1] if peer.id in their_pts else '-')
        self._push(me.id, [types.UpdateReadHistoryInbox(peer=render.peer(peer.key), max_id=max_id,
                                                        still_unread_count=still_unread, pts=my_pts, pts_count=1)],
                   caller, 'updateReadHistoryInbox', now)
        self.pushes.read(me.id, peer.key, max_id, caller.key_id)
        for author, (mark, pts) in their_pts.items():
            self._push(author, [types.UpdateReadHistoryOutbox(peer=render.peer(their_key), max_id=mark, pts=pts, pts_count=1)],
                       caller, 'updateReadHistoryOutbox', now)
        return types.messages.AffectedMessages(pts=my_pts, pts_count=1)

    # messages.sendReaction

    def send_reaction(self, request, caller):
        me = caller.me
        peer = self._peer(me, request.peer)
        msg = self._own(me, peer, request.msg_id)
        wanted = wanted_reactions(request)
        now = int(self.clock())
        if [e for user, e, _ in msg.reactions if user == me.id] == wanted:  # no change, no pts
            return self.delivery.updates(me, [types.UpdateMessageReactions(
                peer=render.peer(peer.key), msg_id=msg.id, reactions=render.reactions_tl(msg.reactions, me.id))], now)
        reactions = [r for r in msg.reactions if r[0] != me.id] + [[me.id, e, now] for e in wanted]
        pts = {}
        with self.store.write():
            for copy in self.store.copies(msg):
                self.store.update(copy.owner, copy.id, reactions=reactions)
                pts[copy.owner] = (copy.id, self.store.bump(copy.owner, 1, 'reaction', {'id': copy.id}, now))
        caller.log.info('sendReaction user %d id %d: %d reaction(s), pts %s', me.id, msg.id, len(wanted), _pts_text(pts))
        for owner, (copy_id, _) in pts.items():
            copy = self.store.get(owner, copy_id)
            if owner != me.id and copy.out and wanted:  # news for the author of the message reacted to
                self.pushes.reaction(owner, me, copy, wanted[-1], caller.key_id, group=self._group_of(copy))
        return self._announce(pts, caller, now, 'updateMessageReactions', render.reaction_updates)

    # messages.updatePinnedMessage

    def update_pinned_message(self, request, caller):
        me = caller.me
        peer = self._peer(me, request.peer)
        msg = self._own(me, peer, request.id)
        pinned = not request.unpin
        # pm_oneside is for private chats only: a group's pin is every member's.
        copies = [msg] if request.pm_oneside and not peer.is_group else self.store.copies(msg)
        now = int(self.clock())
        pts = {}
        services = {}
        with self.store.write():
            for copy in copies:
                if copy.pinned != pinned:
                    self.store.update(copy.owner, copy.id, pinned=int(pinned))
                    pts[copy.owner] = (copy.id, self.store.bump(copy.owner, 1, 'pin', {
                        'peer': copy.peer, 'ids': [copy.id], 'pinned': pinned}, now))
            # A pin for everyone is also a service message in the chat, as Telegram adds one
            # (messageActionPinMessage, replying to the pinned message); an unpin is not.
            if pinned and pts and not (request.pm_oneside and not peer.is_group):
                action = {'kind': 'pin_message'}
                if peer.is_group:
                    made = self.store.add_group(me.id, peer, '', now, replied=msg, action=action)
                else:
                    mine, my_pts, theirs, their_pts = self.store.add_private(me.id, peer.id, '', now, replied=msg, action=action)
                    made = [(mine, my_pts)] + ([(theirs, their_pts)] if theirs else [])
                services = {copy.owner: (copy, p) for copy, p in made}
        caller.log.info('updatePinnedMessage user %d id %d %s: pts %s%s', me.id, msg.id,
                        'pinned' if pinned else 'unpinned', _pts_text(pts) or 'unchanged',
                        ', with a service message' if services else '')

        def updates(copy, p):
            pin = types.UpdatePinnedMessages(pinned=pinned or None, peer=render.peer(copy.peer), messages=[copy.id], pts=p, pts_count=1)
            service = services.get(copy.owner)
            if service is None:
                return [pin]
            return [pin, types.UpdateNewMessage(message=render.message_tl(service[0]), pts=service[1], pts_count=1)]
        return self._announce(pts, caller, now, 'updatePinnedMessages', updates)

    # messages.saveDraft

    # messages.setTyping: live only (no pts, never in a difference), to the other side's sessions
    # (updateUserTyping) or, in a group, every other member's (updateChatUserTyping)

    def set_typing(self, request, caller):
        me = caller.me
        peer = self._peer(me, request.peer)
        now = int(self.clock())
        if peer.is_group:
            update = types.UpdateShort(update=types.UpdateChatUserTyping(
                chat_id=peer.id, from_id=render.peer(me.id), action=request.action), date=now)
            for member in peer.member_ids:
                if member != me.id:
                    self.delivery.push(member, update, caller, 'updateChatUserTyping')
        elif peer.id != me.id:
            self.delivery.push(peer.id, types.UpdateShort(update=types.UpdateUserTyping(user_id=me.id, action=request.action),
                                                          date=now), caller, 'updateUserTyping')
        return Bool(True)

    def save_draft(self, request, caller):
        me = caller.me
        peer = chat_peer(self.accounts, self.groups, me, request.peer, self.channels)  # a channel's draft too
        text = request.message or ''
        if utf16_length(text) > MAX_LENGTH:
            _fail('MESSAGE_TOO_LONG')
        reply_to = request.reply_to.reply_to_msg_id if isinstance(request.reply_to, types.InputReplyToMessage) else None
        now = int(self.clock())
        with self.store.write():
            self.store.set_dialog(me.id, peer.key, draft=text or None, draft_date=now if text else None,
                                  draft_reply_to=reply_to if text else None)
        caller.log.info('saveDraft user %d peer %d (%d chars)', me.id, peer.key, utf16_length(text))
        draft = render.draft_tl(self.store.dialog(me.id, peer.key)) or types.DraftMessageEmpty(date=now)
        self._push(me.id, [types.UpdateDraftMessage(peer=render.peer(peer.key), draft=draft)], caller,
                   'updateDraftMessage', now)
        return Bool(True)


class _Forwarded:
    """What _new_message reads of a send request, for one forwarded message."""

    def __init__(self, random_id):
        self.random_id, self.reply_to, self.clear_draft = random_id, None, False


def _pts_text(pts):
    return ', '.join('user %d id %d pts %d' % (owner, msg_id, p) for owner, (msg_id, p) in pts.items())
