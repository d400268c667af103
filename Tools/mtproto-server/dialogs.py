"""Reading a box: messages.getDialogs and messages.getHistory, paged as core.telegram.org/api/offsets
describes (newest first; offset_id/offset_date pick the start, add_offset shifts it, limit cuts,
max_id/min_id then filter what was cut; the hash spares an unchanged page), and messages.getMessages
by id, and messages.search (the pinned filter, or words of the text) paged as getHistory. Private
chats and basic groups alike: each answer carries the users and the Chat objects its messages name. getDialogs lists the caller's channels too (their top message from the
channel's own box, their `pts`); a channel's history and messages are channel_chat.py's."""
import datetime

from telethon.tl import functions, types

import channel_render
import render
from peers import chat_peer, chats_tl, users_tl
from wire import RpcFailure

DEFAULT_LIMIT, MAX_LIMIT = 20, 100  # api/offsets: 0 means ~20; Telegram serves up to 100


def unix(value):
    """A TL date as Telethon parses it (datetime, or int) → seconds; the epoch (0) stays 0."""
    if isinstance(value, datetime.datetime):
        return int(value.timestamp())
    return int(value or 0)


def page_limit(limit, most=MAX_LIMIT):
    return DEFAULT_LIMIT if limit <= 0 else min(limit, MAX_LIMIT, most)


def history_page(chat, request, most=MAX_LIMIT):
    """One messages.getHistory page of `chat` (its messages, newest first), per api/offsets:
    start = (offset_id: messages with id ≥ offset_id; else offset_date: date ≥ it; else 0) +
    add_offset, then limit, then max_id / min_id filter the page. (page, start, whether an
    offset positioned it)."""
    offset_date = unix(getattr(request, 'offset_date', None))  # messages.search has none
    if request.offset_id > 0:  # offsetFromID: results up to offset_id, inclusive
        start = sum(1 for m in chat if m.id >= request.offset_id)
    elif offset_date:
        start = sum(1 for m in chat if m.date >= offset_date)
    else:
        start = 0
    start += request.add_offset
    end = start + page_limit(request.limit, most)
    page = chat[max(start, 0):max(end, 0)]
    if request.max_id > 0:
        page = [m for m in page if m.id < request.max_id]
    if request.min_id > 0:
        page = [m for m in page if m.id > request.min_id]
    return page, start, bool(request.offset_id > 0 or offset_date or request.add_offset)


def search_kept(chat, request):
    """What messages.search keeps of `chat` (newest first): the pinned messages
    (inputMessagesFilterPinned) or all, then those whose text holds `q` (case aside) within
    min_date…max_date. Other filters are refused: this server serves what its clients ask."""
    if isinstance(request.filter, types.InputMessagesFilterPinned):
        kept = [m for m in chat if m.pinned]
    elif isinstance(request.filter, types.InputMessagesFilterEmpty):
        kept = list(chat)
    else:
        raise RpcFailure(400, 'SEARCH_FILTER_UNSUPPORTED')
    if request.q:
        words = request.q.lower()
        kept = [m for m in kept if words in (m.text or '').lower()]
    min_date, max_date = unix(request.min_date), unix(request.max_date)
    return [m for m in kept if (not min_date or m.date >= min_date) and (not max_date or m.date <= max_date)]


def ids_hash(ids):
    """api/offsets#hash-generation over the result's ids, as a signed 64-bit number."""
    value = 0
    for i in ids:
        value ^= value >> 21
        value ^= (value << 35) & 0xFFFFFFFFFFFFFFFF
        value ^= value >> 4
        value = (value + i) & 0xFFFFFFFFFFFFFFFF
    return value - (1 << 64) if value >= 1 << 63 else value


class _ChannelTop:
    """A channel's newest message, where getDialogs sorts and pages the caller's chats."""

    def __init__(self, channel, msg):
        self.channel, self.msg = channel, msg
        self.date, self.id, self.peer = msg.date, msg.id, channel.key


class Dialogs:
    def __init__(self, accounts, store, groups, most=MAX_LIMIT, channels=None, box=None, below_offset=False, state=None):
        # --page-limit: pages shorter than asked, as Telegram may answer; clients must page on.
        self.accounts, self.store, self.groups, self.most = accounts, store, groups, most
        self.below_offset = below_offset  # --misbehave history-below-offset
        self.channels, self.box = channels, box
        self.state = state  # the caller's updates.State (getPeerDialogs answers it)
        self.handlers = {
            functions.messages.GetDialogsRequest: self.get_dialogs,
            functions.messages.GetPeerDialogsRequest: self.get_peer_dialogs,
            functions.messages.GetHistoryRequest: self.get_history,
            functions.messages.GetMessagesRequest: self.get_messages,
            functions.messages.SearchRequest: self.search,
        }

    def handler(self, request):
        return self.handlers.get(type(request))

    def _users(self, me, messages):
        return users_tl(self.accounts, me, render.referenced_users(messages) | {me.id})

    def _chats(self, me, objects):
        if self.channels is None:
            return self.groups.chats_tl(me.id, render.referenced_chats(objects))
        return chats_tl(self.groups, self.channels, me.id, objects)

    def _channel_tops(self, me):
        if self.channels is None:
            return []
        tops = ((c, self.box.top(c.id)) for c in self.channels.of_user(me.id))
        return [_ChannelTop(c, m) for c, m in tops if m is not None]

    def _offset_key(self, me, offset_peer):
        """The store key of getDialogs' offset_peer (None if it names none): with a channel's
        own message ids beside the box's, (date, id) alone may tie across chats."""
        if isinstance(offset_peer, types.InputPeerSelf):
            return me.id
        if isinstance(offset_peer, types.InputPeerUser):
            return offset_peer.user_id
        if isinstance(offset_peer, types.InputPeerChat):
            return -offset_peer.chat_id
        if isinstance(offset_peer, types.InputPeerChannel):
            return render.channel_key(offset_peer.channel_id)
        return None

    def get_dialogs(self, request, caller):
        """Chats with at least one message, the newest top message first. offset_date and
        offset_id (Telethon passes the last page's last top message) keep only older ones;
        offset_peer breaks ties (one box's ids order its messages, but a channel's ids are its
        own: the order is (date, id, peer key))."""
        me = caller.me
        tops = list(self.store.top_messages(me.id).values()) + self._channel_tops(me)
        tops.sort(key=lambda m: (m.date, m.id, m.peer), reverse=True)
        # Pinned chats first, in their order, on the first page only (offsets page the rest).
        pinned = [] if request.exclude_pinned else self.store.pinned_dialogs(me.id)
        first = [m for p in pinned for m in tops if m.peer == p]
        tops = [m for m in tops if m.peer not in pinned]
        if request.folder_id:  # only the main list (folder 0): the archive is empty
            tops = []
        offset_date, offset_id = unix(request.offset_date), request.offset_id
        offset_key = self._offset_key(me, request.offset_peer)
        if offset_date and offset_id and offset_key is not None:
            older = [m for m in tops if (m.date, m.id, m.peer) < (offset_date, offset_id, offset_key)]
        elif offset_date and offset_id:
            older = [m for m in tops if (m.date, m.id) < (offset_date, offset_id)]
        elif offset_date or offset_id > 0:
            older = [m for m in tops if (m.date < offset_date if offset_date else m.id < offset_id)]
        else:
            older = tops
        if not (offset_date or offset_id > 0):
            older = first + older
        tops = first + tops
        page = older[:page_limit(request.limit, self.most)]
        dialogs = [self._dialog(me, m) for m in page]
        messages = [channel_render.message_tl(m.msg, me.id) if isinstance(m, _ChannelTop) else render.message_tl(m)
                    for m in page]
        users, chats = self._users(me, messages), self._chats(me, messages)
        caller.log.info('getDialogs user %d: %d of %d', me.id, len(page), len(tops))
        if len(page) == len(tops):
            return types.messages.Dialogs(dialogs=dialogs, messages=messages, chats=chats, users=users)
        return types.messages.DialogsSlice(count=len(tops), dialogs=dialogs, messages=messages, chats=chats, users=users)

    def get_peer_dialogs(self, request, caller):
        """The dialogs of the peers asked, in their order; a chat with no message here (deleted
        for both sides, never written in) has none, as getDialogs lists it not, and is left out,
        which tells a client whose copy emptied that the row is gone (Telegram Desktop asks this
        after deletions take a chat's last message). Folders are not kept: inputDialogPeerFolder
        names nothing."""
        me = caller.me
        tops = self.store.top_messages(me.id)
        channel_tops = {t.peer: t for t in self._channel_tops(me)}
        page = []
        for asked in request.peers:
            if not isinstance(asked, types.InputDialogPeer):
                continue
            peer = chat_peer(self.accounts, self.groups, me, asked.peer, self.channels)
            top = channel_tops.get(peer.key) or tops.get(peer.key)
            if top is not None and top not in page:
                page.append(top)
        dialogs = [self._dialog(me, m) for m in page]
        messages = [channel_render.message_tl(m.msg, me.id) if isinstance(m, _ChannelTop) else render.message_tl(m)
                    for m in page]
        caller.log.info('getPeerDialogs user %d: %d of %d asked', me.id, len(page), len(request.peers))
        return types.messages.PeerDialogs(dialogs=dialogs, messages=messages, chats=self._chats(me, messages),
                                          users=self._users(me, messages), state=self.state(me.id))

    def _dialog(self, me, top):
        row = self.store.dialog(me.id, top.peer)
        if isinstance(top, _ChannelTop):  # read marks per participant (channels.py), the channel's pts
            channel, participant = top.channel, top.channel.participants[me.id]
            return channel_render.dialog_tl(channel, participant, top.id,
                                            self.box.unread(channel.id, me.id, participant.read_inbox_max_id), row, channel.pts)
        return types.Dialog(
            peer=render.peer(top.peer), top_message=top.id, read_inbox_max_id=row['read_inbox_max_id'],
            read_outbox_max_id=row['read_outbox_max_id'],
            unread_count=self.store.unread(me.id, top.peer, row['read_inbox_max_id']),
            pinned=row['pinned'] is not None or None,
            unread_mentions_count=0, unread_reactions_count=0,
            notify_settings=types.PeerNotifySettings(mute_until=row['mute_until'] or None),
            draft=render.draft_tl(row))  # pts: only channels have their own

    def get_history(self, request, caller):
        me = caller.me
        peer = chat_peer(self.accounts, self.groups, me, request.peer)
        chat = self.store.chat(me.id, peer.key)  # newest first
        if self.below_offset and request.add_offset < 0:
            # An answer to another question: the page below offset_id, as if add_offset were 0.
            request = functions.messages.GetHistoryRequest(peer=request.peer, offset_id=request.offset_id, offset_date=None,
                                                           add_offset=0, limit=request.limit, max_id=0, min_id=0, hash=0)
        page, start, positioned = history_page(chat, request, self.most)
        caller.log.info('getHistory user %d peer %d: %d of %d from index %d', me.id, peer.key, len(page), len(chat), start)
        if request.hash and request.hash == ids_hash(m.id for m in page):
            return types.messages.MessagesNotModified(count=len(chat))
        return self._page(me, peer, page, len(chat), max(start, 0) if positioned else None)

    def search(self, request, caller):
        """messages.search in a private chat or basic group: search_kept, paged as getHistory."""
        me = caller.me
        peer = chat_peer(self.accounts, self.groups, me, request.peer)
        kept = search_kept(self.store.chat(me.id, peer.key), request)
        page, start, positioned = history_page(kept, request, self.most)
        caller.log.info('search user %d peer %d: %d of %d', me.id, peer.key, len(page), len(kept))
        return self._page(me, peer, page, len(kept), max(start, 0) if positioned else None)

    def _page(self, me, peer, page, total, offset_id_offset):
        """A page of `total` messages with the users and chats it names: messages.messages when it
        is all of them, else messagesSlice."""
        messages = [render.message_tl(m) for m in page]
        users = self._users(me, messages + [render.peer(peer.key)])
        chats = self._chats(me, messages + [render.peer(peer.key)])
        if len(page) == total:
            return types.messages.Messages(messages=messages, chats=chats, users=users)
        return types.messages.MessagesSlice(count=total, messages=messages, chats=chats, users=users, offset_id_offset=offset_id_offset)

    def get_messages(self, request, caller):
        """inputMessageID and inputMessageReplyTo from the caller's box, in the order asked; ids
        not there are messageEmpty, as Telegram answers (other kinds too: pins are not looked up)."""
        me, found = caller.me, []
        for item in request.id:
            msg_id = item.id if isinstance(item, (types.InputMessageID, types.InputMessageReplyTo)) else None
            msg = self.store.get(me.id, msg_id) if msg_id is not None else None
            if msg is not None and isinstance(item, types.InputMessageReplyTo):
                msg = self.store.get(me.id, msg.reply_to) if msg.reply_to else None
            found.append(render.message_tl(msg) if msg else render.message_empty(msg_id or 0))
        caller.log.info('getMessages user %d: %d of %d found', me.id,
                        sum(isinstance(m, (types.Message, types.MessageService)) for m in found), len(found))
        return types.messages.Messages(messages=found, chats=self._chats(me, found), users=self._users(me, found))
