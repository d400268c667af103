#!/usr/bin/env python3
"""Telethon (a client proven against Telegram) chats through the test server: log in, send,
read history and dialogs, edit, delete, read, react, pin, create basic groups, and wait for what
arrives — new messages through Telethon's own update handling (@client.on(events.NewMessage) and
friends), which catches up with updates.getDifference (and a channel's with
updates.getChannelDifference) on connect from the state kept in --session-file. A chat is a user,
a basic group (`chat:<id>`) or a channel (`channel:<id>`), or a group's or channel's title.
One subcommand per run; prints JSON (one object, or with `wait` one line per event); exits 1
with {"ok": false, "error", "rpc_error"} on failure."""
import argparse
import asyncio
import datetime
import json
import os
import random
import signal
import sys
import time
import warnings

from telethon import errors, events, functions, types, utils
from telethon.sessions import SQLiteSession

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from telethon_check import common_arguments, fail, make_client, run_with_deadline, server_address  # noqa: E402
from telethon_login import rpc_name, sign_in  # noqa: E402

# Telethon 1.40 passes its own coroutine _preprocess_updates to maybe_async, which then warns
# about "async sessions" on every update batch: not about this script's (synchronous) session.
warnings.filterwarnings('ignore', message='Using async sessions support is an experimental feature')

WAIT_KINDS = ('message', 'edit', 'delete', 'read', 'reaction', 'pin', 'action', 'typing')


class ChatSession(SQLiteSession):
    """Telethon's SQLite session (auth key, entities, update state). Only `login` and `wait` (not
    --live-only) save the update state: other runs would store "now" (Telethon asks getState on
    connect) and a later `wait` would miss what arrived since the last one."""

    def __init__(self, path, keep_update_state):
        super().__init__(path)
        self.keep_update_state = keep_update_state
        os.chmod(self.filename, 0o600)

    def set_update_state(self, entity_id, state):
        if not self.keep_update_state:
            super().set_update_state(entity_id, state)


def unix(value):
    return int(value.timestamp()) if isinstance(value, datetime.datetime) else value


def plain(value):
    """A TL object's to_dict() as JSON-able data: dates as unix time, bytes as hex."""
    if isinstance(value, dict):
        return {k: plain(v) for k, v in value.items()}
    if isinstance(value, list):
        return [plain(v) for v in value]
    if isinstance(value, datetime.datetime):
        return unix(value)
    if isinstance(value, bytes):
        return value.hex()
    return value


def message_json(message):
    reply = message.reply_to.reply_to_msg_id if message.reply_to else None
    reactions = None
    if message.reactions:
        reactions = {r.reaction.emoticon: r.count for r in message.reactions.results}
    result = {'id': message.id, 'out': bool(message.out), 'text': message.message, 'date': unix(message.date),
              'from_id': message.sender_id, 'peer_id': getattr(message.peer_id, 'user_id', None),
              'reply_to': reply, 'edit_date': unix(message.edit_date), 'pinned': bool(message.pinned),
              'reactions': reactions, 'file': file_json(message),
              'forwarded_from': getattr(message.fwd_from.from_id, 'user_id', None) if message.fwd_from else None}
    if isinstance(message.peer_id, types.PeerChat):  # a basic group's message (private ones: as before)
        result['chat_id'] = message.peer_id.chat_id
    if isinstance(message.peer_id, types.PeerChannel):  # a channel's: a broadcast post has no author
        result['channel_id'] = message.peer_id.channel_id
        result['post'] = bool(message.post)
        result['from_id'] = getattr(message.from_id, 'user_id', None)
    if message.fwd_from and isinstance(message.fwd_from.from_id, types.PeerChannel):
        result['forwarded_from_channel'] = message.fwd_from.from_id.channel_id
        result['channel_post'] = message.fwd_from.channel_post
    if isinstance(message, types.MessageService):
        result['action'] = plain(message.action.to_dict())
    return result


def file_json(message):
    """What a message carries: a photo or a document, with its name and size."""
    if message.photo:
        size = message.photo.sizes[-1]
        return {'kind': 'photo', 'id': message.photo.id, 'w': size.w, 'h': size.h, 'size': size.size}
    if message.document:
        return {'kind': 'document', 'id': message.document.id, 'name': message.file.name,
                'mime': message.document.mime_type, 'size': message.document.size}
    return None


async def resolve(client, text):
    """--to / --with: `me`, +PHONE, a user id (digits), a username (@ optional), `chat:<id>` (a
    basic group), `channel:<id>` (a channel), or a group's or channel's title (looked up in the
    dialogs when no such username exists)."""
    if text in ('me', 'self'):
        return types.InputPeerSelf()
    if text.startswith('chat:'):
        return types.InputPeerChat(chat_id=int(text[len('chat:'):]))
    if text.startswith('channel:'):
        return await channel_peer(client, int(text[len('channel:'):]))
    if text.startswith('+') or text.lstrip('-').isdigit():
        by_phone = text.startswith('+')
        wanted = ''.join(c for c in text if c.isdigit()) if by_phone else int(text)
        me = await client.get_me()
        contacts = await client(functions.contacts.GetContactsRequest(hash=0))
        for user in [me] + contacts.users:
            if (user.phone if by_phone else user.id) == wanted:
                return types.InputPeerSelf() if user.id == me.id else types.InputPeerUser(user.id, user.access_hash)
        raise RuntimeError('no user %s among the contacts' % text)
    try:
        resolved = await client(functions.contacts.ResolveUsernameRequest(username=text.lstrip('@')))
    except (errors.UsernameNotOccupiedError, errors.UsernameInvalidError):
        chat = None if text.startswith('@') else await chat_by_title(client, text)
        if chat is None:
            raise
        return chat
    user = resolved.users[0]
    return types.InputPeerUser(user.id, user.access_hash)


async def dialog_chats(client):
    """The Chat and Channel objects of the first 100 dialogs."""
    result = await client(functions.messages.GetDialogsRequest(
        offset_date=None, offset_id=0, offset_peer=types.InputPeerEmpty(), limit=100, hash=0))
    return result.chats


async def chat_by_title(client, title):
    """inputPeerChat or inputPeerChannel of the basic group or channel with this title among the
    first 100 dialogs, or None."""
    for chat in await dialog_chats(client):
        if isinstance(chat, types.Chat) and chat.title == title:
            return types.InputPeerChat(chat_id=chat.id)
        if isinstance(chat, types.Channel) and chat.title == title:
            return types.InputPeerChannel(chat.id, chat.access_hash)
    return None


async def channel_peer(client, channel_id):
    """inputPeerChannel with the access_hash from the dialogs (a channel one is in), else from
    what the session has seen (one left, or seen in a forward)."""
    for chat in await dialog_chats(client):
        if isinstance(chat, types.Channel) and chat.id == channel_id:
            return types.InputPeerChannel(chat.id, chat.access_hash)
    try:
        return client.session.get_input_entity(types.PeerChannel(channel_id))
    except ValueError:
        raise RuntimeError('no access_hash known for channel %d' % channel_id)


async def resolve_channel(client, text, access_hash=None):
    """--channel: a channel id, `channel:<id>` or its title → inputChannel (--access-hash: this one)."""
    text = text[len('channel:'):] if text.startswith('channel:') else text
    peer = await channel_peer(client, int(text)) if text.isdigit() else await chat_by_title(client, text)
    if not isinstance(peer, types.InputPeerChannel):
        raise RuntimeError('no channel %s among the dialogs' % text)
    return types.InputChannel(peer.channel_id, peer.access_hash if access_hash is None else access_hash)


def chat_fields(peer):
    """chat_id for a basic group target, channel_id for a channel (nothing for a user, so private
    output stays as it was)."""
    if isinstance(peer, types.InputPeerChat):
        return {'chat_id': peer.chat_id}
    if isinstance(peer, (types.InputPeerChannel, types.InputChannel)):
        return {'channel_id': peer.channel_id}
    return {}


# Subcommands: each gets (client, args) on a connected client and returns what to print.

async def do_login(client, args):
    result = {'signed_up': False, 'password_used': False}
    await sign_in(client, args, result)
    me = await client.get_me()
    state = await client(functions.updates.GetStateRequest())
    return dict(result, user_id=me.id, phone=me.phone, username=me.username, pts=state.pts)


async def do_state(client, args):
    return plain((await client(functions.updates.GetStateRequest())).to_dict())


async def do_send(client, args):
    peer = await resolve(client, args.to)
    if args.access_hash is not None and isinstance(peer, types.InputPeerUser):
        peer = types.InputPeerUser(peer.user_id, args.access_hash)
    if args.access_hash is not None and isinstance(peer, types.InputPeerChannel):
        peer = types.InputPeerChannel(peer.channel_id, args.access_hash)
    reply_to = types.InputReplyToMessage(reply_to_msg_id=args.reply_to) if args.reply_to else None
    sent = []
    for i in range(args.count):
        text = args.text if args.count == 1 else '%s %d' % (args.text, i + 1)
        random_id = args.random_id if args.random_id is not None else random.randrange(1, 2 ** 63)
        for _ in range(args.repeat):  # the same random_id again: a retry
            result = await client(functions.messages.SendMessageRequest(
                peer=peer, message=text, random_id=random_id, reply_to=reply_to))
            if isinstance(result, types.Updates):  # a channel's answer: updateMessageID + updateNewChannelMessage
                new = next((u for u in result.updates if isinstance(u, types.UpdateNewChannelMessage)), None)
                sent.append({'id': next(u.id for u in result.updates if isinstance(u, types.UpdateMessageID)),
                             'pts': new.pts if new else None, 'pts_count': new.pts_count if new else None,
                             'date': unix(new.message.date) if new else None, 'random_id': random_id,
                             'type': type(result).__name__, 'updates': [type(u).__name__ for u in result.updates],
                             **chat_fields(peer)})
                continue
            sent.append({'id': result.id, 'pts': result.pts, 'pts_count': result.pts_count,
                         'date': unix(result.date), 'random_id': random_id, 'type': type(result).__name__,
                         **chat_fields(peer)})
    return {'sent': sent} if len(sent) > 1 else sent[0]


async def do_history(client, args):
    peer = await resolve(client, getattr(args, 'with'))
    if args.pinned:  # Telethon's messages.search with inputMessagesFilterPinned
        return {'messages': [message_json(m) async for m in
                             client.iter_messages(peer, limit=args.limit, filter=types.InputMessagesFilterPinned())]}
    if not args.page:  # Telethon's own paging (100 per messages.getHistory)
        return {'messages': [message_json(m) async for m in client.iter_messages(peer, limit=args.limit)]}
    result = await client(functions.messages.GetHistoryRequest(
        peer=peer, offset_id=args.offset_id, offset_date=None, add_offset=args.add_offset, limit=args.limit,
        max_id=args.max_id, min_id=args.min_id, hash=args.hash))
    answer = {'type': type(result).__name__, 'count': getattr(result, 'count', None),
              'offset_id_offset': getattr(result, 'offset_id_offset', None),
              'messages': [message_json(m) for m in getattr(result, 'messages', [])]}
    if isinstance(result, types.messages.ChannelMessages):
        answer['pts'] = result.pts
    return answer


async def do_dialogs(client, args):
    """Pages messages.getDialogs as Telethon's iter_dialogs does: the next offset is the last
    dialog's top message (date, id) and peer."""
    pages, dialogs = [], []
    offset_date, offset_id, offset_peer = None, 0, types.InputPeerEmpty()
    while True:
        result = await client(functions.messages.GetDialogsRequest(
            offset_date=offset_date, offset_id=offset_id, offset_peer=offset_peer, limit=args.page_size, hash=0))
        pages.append({'type': type(result).__name__, 'count': getattr(result, 'count', len(result.dialogs)),
                      'peers': [peer_number(d.peer) for d in result.dialogs]})
        tops = {m.id: m for m in result.messages}
        users = {u.id: u for u in result.users}
        chats = {c.id: c for c in result.chats}
        for d in result.dialogs:
            dialog = {'peer': peer_number(d.peer), 'top_message': d.top_message, 'unread_count': d.unread_count,
                      'read_inbox_max_id': d.read_inbox_max_id, 'read_outbox_max_id': d.read_outbox_max_id,
                      'draft': getattr(d.draft, 'message', None), 'top_text': tops[d.top_message].message,
                      'pinned': bool(d.pinned), 'mute_until': unix(getattr(d.notify_settings, 'mute_until', None))}
            if isinstance(d.peer, types.PeerChat):
                chat = chats.get(d.peer.chat_id)
                dialog.update(chat_id=d.peer.chat_id, title=getattr(chat, 'title', None),
                              participants_count=getattr(chat, 'participants_count', None))
            if isinstance(d.peer, types.PeerChannel):
                channel = chats.get(d.peer.channel_id)
                dialog.update(channel_id=d.peer.channel_id, pts=d.pts, title=getattr(channel, 'title', None),
                              broadcast=bool(getattr(channel, 'broadcast', False)),
                              megagroup=bool(getattr(channel, 'megagroup', False)),
                              participants_count=getattr(channel, 'participants_count', None))
            dialogs.append(dialog)
        if isinstance(result, types.messages.Dialogs) or len(result.dialogs) < args.page_size or len(pages) > 50:
            break
        last = result.dialogs[-1]
        offset_date, offset_id = tops[last.top_message].date, last.top_message
        if isinstance(last.peer, types.PeerChat):
            offset_peer = types.InputPeerChat(chat_id=last.peer.chat_id)
        elif isinstance(last.peer, types.PeerChannel):
            channel = chats[last.peer.channel_id]
            offset_peer = types.InputPeerChannel(channel.id, channel.access_hash)
        else:
            user = users[last.peer.user_id]
            offset_peer = types.InputPeerUser(user.id, user.access_hash)
    return {'pages': pages, 'dialogs': dialogs}


def peer_number(peer):
    """A dialog's peer as a number: a user's id, a basic group's -chat_id, a channel's
    -(10^12 + channel_id) (as Bot API ids)."""
    if isinstance(peer, types.PeerChannel):
        return utils.get_peer_id(peer)
    return -peer.chat_id if isinstance(peer, types.PeerChat) else peer.user_id


def updates_json(result):
    return [plain(u.to_dict()) for u in getattr(result, 'updates', [])]


async def do_edit(client, args):
    peer = await resolve(client, getattr(args, 'with'))
    result = await client(functions.messages.EditMessageRequest(peer=peer, id=args.id, message=args.text))
    return {'updates': updates_json(result), **chat_fields(peer)}


async def do_delete(client, args):
    if args.channel:  # channels.deleteMessages: the channel's pts
        channel = await resolve_channel(client, args.channel)
        result = await client(functions.channels.DeleteMessagesRequest(channel=channel, id=args.ids))
        return dict(plain(result.to_dict()), **chat_fields(channel))
    result = await client(functions.messages.DeleteMessagesRequest(id=args.ids, revoke=args.revoke))
    return plain(result.to_dict())


async def do_delete_history(client, args):
    peer = await resolve(client, getattr(args, 'with'))
    result = await client(functions.messages.DeleteHistoryRequest(peer=peer, max_id=args.max_id, just_clear=args.just_clear,
                                                                  revoke=args.revoke))
    return plain(result.to_dict())


async def do_peer_dialogs(client, args):
    """messages.getPeerDialogs of the chats named: the dialogs the server has of them."""
    peers = [types.InputDialogPeer(await resolve(client, name)) for name in getattr(args, 'with')]
    result = await client(functions.messages.GetPeerDialogsRequest(peers=peers))
    return {'dialogs': [{'peer': plain(d.peer.to_dict()), 'top_message': d.top_message} for d in result.dialogs],
            'messages': [m.id for m in result.messages], 'pts': result.state.pts}


async def do_read(client, args):
    peer = await resolve(client, getattr(args, 'with'))
    if isinstance(peer, types.InputPeerChannel):  # channels.readHistory answers a Bool
        done = await client(functions.channels.ReadHistoryRequest(
            channel=types.InputChannel(peer.channel_id, peer.access_hash), max_id=args.max_id))
        return {'done': done, **chat_fields(peer)}
    result = await client(functions.messages.ReadHistoryRequest(peer=peer, max_id=args.max_id))
    return dict(plain(result.to_dict()), **chat_fields(peer))


async def do_react(client, args):
    peer = await resolve(client, getattr(args, 'with'))
    result = await client(functions.messages.SendReactionRequest(
        peer=peer, msg_id=args.id, reaction=[types.ReactionEmoji(emoticon=e) for e in args.emoji]))
    return {'updates': updates_json(result), **chat_fields(peer)}


async def do_pin(client, args):
    peer = await resolve(client, getattr(args, 'with'))
    result = await client(functions.messages.UpdatePinnedMessageRequest(
        peer=peer, id=args.id, unpin=args.unpin, pm_oneside=args.one_side))
    return {'updates': updates_json(result), **chat_fields(peer)}


async def do_pin_dialog(client, args):
    peer = await resolve(client, getattr(args, 'with'))
    return {'done': await client(functions.messages.ToggleDialogPinRequest(peer=types.InputDialogPeer(peer=peer), pinned=not args.unpin))}


async def do_mute(client, args):
    peer = await resolve(client, getattr(args, 'with'))
    settings = types.InputPeerNotifySettings(mute_until=args.until)
    return {'done': await client(functions.account.UpdateNotifySettingsRequest(peer=types.InputNotifyPeer(peer=peer), settings=settings))}


async def do_draft(client, args):
    peer = await resolve(client, getattr(args, 'with'))
    return {'saved': await client(functions.messages.SaveDraftRequest(peer=peer, message=args.text))}


async def do_difference(client, args):
    date = datetime.datetime.fromtimestamp(args.date, datetime.timezone.utc) if args.date is not None \
        else datetime.datetime.now(datetime.timezone.utc)
    result = await client(functions.updates.GetDifferenceRequest(
        pts=args.pts, date=date, qts=0, pts_limit=args.pts_limit, pts_total_limit=args.pts_total_limit))
    answer = {'type': type(result).__name__}
    if hasattr(result, 'new_messages'):
        state = getattr(result, 'state', None) or result.intermediate_state
        answer.update(new_messages=[message_json(m) for m in result.new_messages],
                      other_updates=[plain(u.to_dict()) for u in result.other_updates],
                      users=[u.id for u in result.users], state=plain(state.to_dict()))
        if result.chats:  # basic groups (private chats' output stays as it was)
            answer['chats'] = [{'id': c.id, 'title': c.title, 'type': type(c).__name__} for c in result.chats]
    else:
        answer.update(plain(result.to_dict()))
    return answer


async def do_catch_up(client, args):
    """updates.getDifference from --pts, slice after slice, until the difference is whole: the
    reference for a client's catch-up (Tools/bench/network_sync.py). Telethon parses each answer
    into its objects and keeps nothing; the time is the loop's alone, after connecting."""
    pts, messages, slices = args.pts, 0, 0
    started = time.perf_counter()
    while True:
        result = await client(functions.updates.GetDifferenceRequest(
            pts=pts, date=datetime.datetime.now(datetime.timezone.utc), qts=0))
        slices += 1
        if isinstance(result, types.updates.DifferenceSlice):
            messages += len(result.new_messages)
            pts = result.intermediate_state.pts
        elif isinstance(result, types.updates.Difference):
            messages += len(result.new_messages)
            pts = result.state.pts
            break
        else:
            raise RuntimeError('the difference from pts %d ended with %s' % (pts, type(result).__name__))
    return {'messages': messages, 'slices': slices, 'pts': pts, 'seconds': time.perf_counter() - started}


async def do_wait(client, args):
    """Telethon's own update handling delivers; each event is printed as it comes. Ends after
    --count events of --kinds (with --with, only those in that chat), or fails at the deadline
    with how many came; --count 0 ends once Telethon's catch-up is over (a sync: what it brought
    is printed and the state stored). A channel's events carry channel_id."""
    kinds = set(args.kinds.split(','))
    seen, done = [], asyncio.Event()
    target = None
    if getattr(args, 'with'):
        peer = await resolve(client, getattr(args, 'with'))
        target = (await client.get_me()).id if isinstance(peer, types.InputPeerSelf) else utils.get_peer_id(peer)

    def emit(kind, chat=None, **fields):
        if kind in kinds and not done.is_set() and (target is None or chat == target):
            seen.append(kind)
            print(json.dumps({'event': kind, **fields}, ensure_ascii=False), flush=True)
            if args.count and len(seen) >= args.count:
                done.set()

    def of_channel(update):
        """channel_id (and the chat it names) for a channel's update, nothing for others."""
        channel_id = getattr(update, 'channel_id', None)
        if channel_id is None and isinstance(getattr(update, 'peer', None), types.PeerChannel):
            channel_id = update.peer.channel_id
        return {'channel_id': channel_id} if channel_id is not None else {}

    def chat_of(update, fallback=None):
        channel = of_channel(update)
        if channel:
            return utils.get_peer_id(types.PeerChannel(channel['channel_id']))
        peer = getattr(update, 'peer', None)
        return utils.get_peer_id(peer) if peer is not None else fallback

    @client.on(events.NewMessage)
    async def on_message(event):
        emit('message', event.chat_id, **message_json(event.message))

    @client.on(events.MessageEdited)
    async def on_edit(event):
        emit('edit', event.chat_id, **message_json(event.message))

    @client.on(events.MessageDeleted)
    async def on_delete(event):
        emit('delete', event.chat_id, ids=event.deleted_ids, **of_channel(event.original_update))

    @client.on(events.MessageRead)
    async def on_read(event):
        emit('read', event.chat_id, max_id=event.max_id, outbox=bool(event.outbox), peer_id=event.chat_id,
             **of_channel(event.original_update))

    @client.on(events.Raw(types.UpdateReadChannelInbox))
    async def on_channel_inbox_read(update):  # the account read a channel elsewhere (MessageRead
        # reports outbox reads only; private chats' output stays as it was)
        emit('read', chat_of(update), max_id=update.max_id, outbox=False, peer_id=chat_of(update),
             still_unread_count=update.still_unread_count, **of_channel(update))

    @client.on(events.Raw(types.UpdateMessageReactions))
    async def on_reaction(update):
        emit('reaction', chat_of(update), msg_id=update.msg_id,
             reactions={r.reaction.emoticon: r.count for r in update.reactions.results}, **of_channel(update))

    @client.on(events.Raw((types.UpdatePinnedMessages, types.UpdatePinnedChannelMessages)))
    async def on_pin(update):
        emit('pin', chat_of(update), ids=update.messages, pinned=bool(update.pinned), **of_channel(update))

    @client.on(events.Raw((types.UpdateNewMessage, types.UpdateNewChannelMessage)))
    async def on_action(update):  # service messages (a group or channel made): NewMessage skips them
        if isinstance(update.message, types.MessageService):
            emit('action', utils.get_peer_id(update.message.peer_id), **message_json(update.message))

    @client.on(events.Raw((types.UpdateUserTyping, types.UpdateChatUserTyping, types.UpdateChannelUserTyping)))
    async def on_typing(update):
        if isinstance(update, types.UpdateChannelUserTyping):
            emit('typing', chat_of(update), channel_id=update.channel_id, from_id=getattr(update.from_id, 'user_id', None),
                 action=type(update.action).__name__)
        elif isinstance(update, types.UpdateChatUserTyping):
            emit('typing', -update.chat_id, chat_id=update.chat_id, from_id=getattr(update.from_id, 'user_id', None),
                 action=type(update.action).__name__)
        else:
            emit('typing', update.user_id, from_id=update.user_id, action=type(update.action).__name__)

    state = await client(functions.updates.GetStateRequest())  # api/updates: "I want updates"
    # Ready once Telethon's catch-up is over: while it gets the difference it drops (by design,
    # api/updates) what the socket brings, which would make a live check racy.
    while client._updates_queue.qsize() or client._message_box.getting_diff_for:
        await asyncio.sleep(0.05)
    print(json.dumps({'ready': True, 'pts': state.pts}), flush=True)
    if not args.count:
        done.set()
    try:
        await asyncio.wait_for(done.wait(), max(1.0, args.timeout - 3))
    except asyncio.TimeoutError:
        raise RuntimeError('%d of %d event(s) came' % (len(seen), args.count))
    await asyncio.sleep(0.2)  # let Telethon finish the update it is on before the state is saved
    return {'events': len(seen)}


async def do_create_group(client, args):
    """messages.createChat with each --with (a user: +PHONE, id or username); --access-hash
    sends a wrong one for them."""
    users = []
    for text in getattr(args, 'with'):
        peer = await resolve(client, text)
        if isinstance(peer, types.InputPeerSelf):
            users.append(types.InputUserSelf())
        elif isinstance(peer, types.InputPeerUser):
            users.append(types.InputUser(peer.user_id, peer.access_hash if args.access_hash is None else args.access_hash))
        else:
            raise RuntimeError('%s is not a user' % text)
    result = await client(functions.messages.CreateChatRequest(users=users, title=args.title))
    chat = result.updates.chats[0]
    service = next(u.message for u in result.updates.updates if isinstance(u, types.UpdateNewMessage))
    return {'chat_id': chat.id, 'title': chat.title, 'participants_count': chat.participants_count,
            'id': service.id, 'pts': next(u.pts for u in result.updates.updates if isinstance(u, types.UpdateNewMessage)),
            'action': plain(service.action.to_dict()), 'missing_invitees': len(result.missing_invitees)}


async def do_group_info(client, args):
    """messages.getFullChat and messages.getChats for a group."""
    peer = await resolve(client, getattr(args, 'with'))
    if not isinstance(peer, types.InputPeerChat):
        raise RuntimeError('%s is not a basic group' % getattr(args, 'with'))
    full = await client(functions.messages.GetFullChatRequest(chat_id=peer.chat_id))
    chats = await client(functions.messages.GetChatsRequest(id=[peer.chat_id]))
    participants = full.full_chat.participants.participants
    return {'chat_id': full.full_chat.id, 'title': chats.chats[0].title,
            'participants_count': chats.chats[0].participants_count,
            'creator': next((p.user_id for p in participants if isinstance(p, types.ChatParticipantCreator)), None),
            'members': [p.user_id for p in participants], 'users': [u.id for u in full.users]}


async def do_leave_group(client, args):
    """messages.deleteChatUser with the caller itself: it leaves the basic group."""
    peer = await resolve(client, getattr(args, 'with'))
    if not isinstance(peer, types.InputPeerChat):
        raise RuntimeError('%s is not a basic group' % getattr(args, 'with'))
    result = await client(functions.messages.DeleteChatUserRequest(chat_id=peer.chat_id, user_id=types.InputUserSelf()))
    return {'chat_id': peer.chat_id, 'updates': [type(u).__name__ for u in result.updates],
            'chats': [type(c).__name__ for c in result.chats]}


async def do_add_to_group(client, args):
    """messages.addChatUser: --user joins the basic group --with."""
    peer = await resolve(client, getattr(args, 'with'))
    if not isinstance(peer, types.InputPeerChat):
        raise RuntimeError('%s is not a basic group' % getattr(args, 'with'))
    user = await resolve(client, args.user)
    if not isinstance(user, types.InputPeerUser):
        raise RuntimeError('%s is not a user' % args.user)
    result = await client(functions.messages.AddChatUserRequest(chat_id=peer.chat_id, user_id=types.InputUser(user.user_id, user.access_hash),
                                                                fwd_limit=100))
    service = next(u.message for u in result.updates.updates if isinstance(u, types.UpdateNewMessage))
    return {'chat_id': peer.chat_id, 'updates': [type(u).__name__ for u in result.updates.updates], 'id': service.id,
            'action': plain(service.action.to_dict()), 'missing_invitees': len(result.missing_invitees)}


async def do_typing(client, args):
    peer = await resolve(client, getattr(args, 'with'))
    action = types.SendMessageCancelAction() if args.cancel else types.SendMessageTypingAction()
    return {'done': await client(functions.messages.SetTypingRequest(peer=peer, action=action)), **chat_fields(peer)}


async def do_forward(client, args):
    source = await resolve(client, getattr(args, 'from'))
    target = await resolve(client, args.to)
    result = await client(functions.messages.ForwardMessagesRequest(
        from_peer=source, id=args.ids, random_id=[random.randrange(1, 2 ** 63) for _ in args.ids], to_peer=target))
    return {'ids': [u.message.id for u in result.updates if isinstance(u, (types.UpdateNewMessage, types.UpdateNewChannelMessage))],
            **chat_fields(target)}


async def do_register_device(client, args):
    """account.registerDevice, Simple Push (token type 4): pushes go to --token, sealed with --secret."""
    done = await client(functions.account.RegisterDeviceRequest(
        token_type=4, token=args.token, app_sandbox=False, secret=bytes.fromhex(args.secret), other_uids=[],
        no_muted=args.no_muted or None))
    return {'done': done}


async def do_send_file(client, args):
    """Telethon's send_file: upload.saveFilePart (or saveBigFilePart), then messages.sendMedia."""
    peer = await resolve(client, args.to)
    message = await client.send_file(peer, args.path, caption=args.caption or '', force_document=not args.photo)
    return message_json(message)


async def do_download(client, args):
    """Telethon's download_media: upload.getFile in parts, into --out."""
    peer = await resolve(client, getattr(args, 'with'))
    message = (await client.get_messages(peer, ids=[args.id]))[0]
    if message is None or not message.media:
        raise RuntimeError('message %d carries no file' % args.id)
    path = await client.download_media(message, file=args.out)
    return {'path': path, 'size': os.path.getsize(path)}


# Channels: broadcast channels and supergroups (channels.*, updates.getChannelDifference).

async def do_create_channel(client, args):
    """channels.createChannel: a broadcast channel, or with --megagroup a supergroup."""
    result = await client(functions.channels.CreateChannelRequest(
        title=args.title, about=args.about or '', broadcast=not args.megagroup or None, megagroup=args.megagroup or None))
    channel = next(c for c in result.chats if isinstance(c, types.Channel))
    new = next((u for u in result.updates if isinstance(u, types.UpdateNewChannelMessage)), None)
    return {'channel_id': channel.id, 'access_hash': channel.access_hash, 'title': channel.title,
            'broadcast': bool(channel.broadcast), 'megagroup': bool(channel.megagroup),
            'updates': [type(u).__name__ for u in result.updates], 'id': new.message.id if new else None,
            'pts': new.pts if new else None, 'action': plain(new.message.action.to_dict()) if new else None}


async def input_users(client, texts, access_hash=None):
    users = []
    for text in texts:
        peer = await resolve(client, text)
        if isinstance(peer, types.InputPeerSelf):
            users.append(types.InputUserSelf())
        elif isinstance(peer, types.InputPeerUser):
            users.append(types.InputUser(peer.user_id, peer.access_hash if access_hash is None else access_hash))
        else:
            raise RuntimeError('%s is not a user' % text)
    return users


async def do_invite(client, args):
    """channels.inviteToChannel: messages.invitedUsers; in a supergroup the service message."""
    channel = await resolve_channel(client, args.channel)
    result = await client(functions.channels.InviteToChannelRequest(
        channel=channel, users=await input_users(client, getattr(args, 'with'), args.access_hash)))
    new = next((u for u in result.updates.updates if isinstance(u, types.UpdateNewChannelMessage)), None)
    return {'channel_id': channel.channel_id, 'type': type(result).__name__,
            'updates': [type(u).__name__ for u in result.updates.updates], 'missing_invitees': len(result.missing_invitees),
            'id': new.message.id if new else None, 'pts': new.pts if new else None,
            'action': plain(new.message.action.to_dict()) if new else None}


async def do_join(client, args):
    channel = await resolve_channel(client, args.channel, args.access_hash)
    result = await client(functions.channels.JoinChannelRequest(channel=channel))
    return {'channel_id': channel.channel_id, 'updates': [type(u).__name__ for u in result.updates]}


async def do_leave(client, args):
    channel = await resolve_channel(client, args.channel)
    result = await client(functions.channels.LeaveChannelRequest(channel=channel))
    return {'channel_id': channel.channel_id, 'updates': [type(u).__name__ for u in result.updates]}


async def do_promote(client, args):
    """channels.editAdmin: an admin (every right), or with --demote a member again."""
    channel = await resolve_channel(client, args.channel)
    user = (await input_users(client, [getattr(args, 'with')]))[0]
    rights = types.ChatAdminRights() if args.demote else types.ChatAdminRights(
        post_messages=True, edit_messages=True, delete_messages=True, pin_messages=True, invite_users=True)
    result = await client(functions.channels.EditAdminRequest(channel=channel, user_id=user, admin_rights=rights, rank=''))
    return {'channel_id': channel.channel_id, 'updates': [type(u).__name__ for u in result.updates]}


async def do_channel_info(client, args):
    """channels.getFullChannel, channels.getChannels and (when allowed) channels.getParticipants."""
    channel = await resolve_channel(client, args.channel, args.access_hash)
    chats = await client(functions.channels.GetChannelsRequest(id=[channel]))
    found = chats.chats[0]
    answer = {'channel_id': found.id, 'title': found.title, 'left': bool(found.left), 'creator': bool(found.creator),
              'broadcast': bool(found.broadcast), 'megagroup': bool(found.megagroup),
              'participants_count': found.participants_count, 'admin': found.admin_rights is not None}
    if found.left:
        return answer
    full = (await client(functions.channels.GetFullChannelRequest(channel=channel))).full_chat
    answer.update(about=full.about, pts=full.pts, read_inbox_max_id=full.read_inbox_max_id,
                  read_outbox_max_id=full.read_outbox_max_id, unread_count=full.unread_count,
                  pinned_msg_id=full.pinned_msg_id)
    try:
        participants = await client(functions.channels.GetParticipantsRequest(
            channel=channel, filter=types.ChannelParticipantsRecent(), offset=0, limit=200, hash=0))
        answer['participants'] = [{'user_id': p.user_id, 'kind': type(p).__name__} for p in participants.participants]
    except errors.ChatAdminRequiredError:
        answer['participants'] = None
    return answer


async def do_channel_difference(client, args):
    """One raw updates.getChannelDifference from --pts."""
    channel = await resolve_channel(client, args.channel)
    result = await client(functions.updates.GetChannelDifferenceRequest(
        channel=channel, filter=types.ChannelMessagesFilterEmpty(), pts=args.pts, limit=args.limit, force=args.force or None))
    answer = {'type': type(result).__name__, 'final': bool(result.final), 'timeout': result.timeout}
    if isinstance(result, types.updates.ChannelDifference):
        answer.update(pts=result.pts, new_messages=[message_json(m) for m in result.new_messages],
                      other_updates=[plain(u.to_dict()) for u in result.other_updates],
                      chats=[c.id for c in result.chats], users=[u.id for u in result.users])
    elif isinstance(result, types.updates.ChannelDifferenceTooLong):
        answer.update(pts=result.dialog.pts, top_message=result.dialog.top_message,
                      unread_count=result.dialog.unread_count, read_inbox_max_id=result.dialog.read_inbox_max_id,
                      messages=[message_json(m) for m in result.messages], chats=[c.id for c in result.chats])
    else:
        answer['pts'] = result.pts
    return answer


async def do_channel_messages(client, args):
    """channels.getMessages by id (messageEmpty for those not there)."""
    channel = await resolve_channel(client, args.channel)
    result = await client(functions.channels.GetMessagesRequest(
        channel=channel, id=[types.InputMessageID(i) for i in args.ids]))
    return {'type': type(result).__name__, 'pts': getattr(result, 'pts', None),
            'messages': [message_json(m) if not isinstance(m, types.MessageEmpty) else {'id': m.id, 'empty': True}
                         for m in result.messages]}


COMMANDS = {'login': do_login, 'send-file': do_send_file, 'download': do_download, 'state': do_state, 'send': do_send, 'history': do_history,
            'dialogs': do_dialogs, 'peer-dialogs': do_peer_dialogs, 'edit': do_edit, 'delete': do_delete, 'delete-history': do_delete_history, 'read': do_read,
            'react': do_react, 'pin': do_pin, 'pin-dialog': do_pin_dialog, 'mute': do_mute, 'draft': do_draft, 'difference': do_difference, 'catch-up': do_catch_up,
            'wait': do_wait, 'create-group': do_create_group, 'group-info': do_group_info, 'typing': do_typing,
            'forward': do_forward, 'register-device': do_register_device,
            'create-channel': do_create_channel, 'invite': do_invite, 'join': do_join, 'leave': do_leave, 'leave-group': do_leave_group, 'add-to-group': do_add_to_group,
            'promote': do_promote, 'channel-info': do_channel_info, 'channel-difference': do_channel_difference,
            'channel-messages': do_channel_messages}


async def run(host, port, args):
    updates = args.command == 'wait'
    saves_state = args.command == 'login' or (updates and not args.live_only)
    session = ChatSession(args.session_file, keep_update_state=not saves_state)
    client = make_client(host, port, args.transport, args.dc_id, session, 'telethon_chat',
                         receive_updates=updates, catch_up=updates and not args.live_only)
    try:
        await client.connect()
        if args.command != 'login' and not await client.is_user_authorized():
            raise RuntimeError('not signed in: run `login` with this --session-file first')
        return await COMMANDS[args.command](client, args)
    finally:
        await client.disconnect()


def arguments():
    common = argparse.ArgumentParser(add_help=False)
    common_arguments(common)
    common.add_argument('--session-file', required=True,
                        help='Telethon SQLite session (".session" is appended unless there)')
    parser = argparse.ArgumentParser(description=__doc__.split('\n')[0])
    commands = parser.add_subparsers(dest='command', required=True)

    def command(name, help_text):
        return commands.add_parser(name, parents=[common], help=help_text)

    login = command('login', 'sign in (or up) and keep the key and update state')
    login.add_argument('--phone', required=True)
    login.add_argument('--code', required=True)
    login.add_argument('--password')
    login.add_argument('--first-name')
    login.add_argument('--last-name', default='')
    command('state', 'updates.getState')
    send = command('send', 'messages.sendMessage; prints id, pts, pts_count, date, random_id')
    send.add_argument('--to', required=True,
                      help='me, +PHONE, a user id, a username, chat:<id>, channel:<id>, or a group\'s or channel\'s title')
    send.add_argument('--text', required=True)
    send.add_argument('--random-id', type=int, help='fixed random_id (default: a random one per message)')
    send.add_argument('--count', type=int, default=1, help='send N messages, "TEXT 1".."TEXT N"')
    send.add_argument('--repeat', type=int, default=1, help='send each request N times (same random_id)')
    send.add_argument('--reply-to', type=int)
    send.add_argument('--access-hash', type=int, help='use this access_hash instead of the right one')
    send_file = command('send-file', 'upload.saveFilePart + messages.sendMedia (Telethon\'s send_file)')
    send_file.add_argument('--to', required=True)
    send_file.add_argument('--path', required=True)
    send_file.add_argument('--caption')
    send_file.add_argument('--photo', action='store_true', help='as a photo (default: a document)')
    download = command('download', 'upload.getFile (Telethon\'s download_media)')
    download.add_argument('--with', required=True)
    download.add_argument('--id', type=int, required=True)
    download.add_argument('--out', required=True)
    history = command('history', 'newest first: Telethon\'s iter_messages, or one raw page with --page')
    history.add_argument('--with', required=True)
    history.add_argument('--limit', type=int, default=100)
    history.add_argument('--page', action='store_true', help='one messages.getHistory with these offsets')
    history.add_argument('--pinned', action='store_true', help='the pinned messages only (messages.search)')
    for name in ('--offset-id', '--add-offset', '--max-id', '--min-id', '--hash'):
        history.add_argument(name, type=int, default=0)
    dialogs = command('dialogs', 'messages.getDialogs, paged as Telethon pages')
    dialogs.add_argument('--page-size', type=int, default=100)
    peer_dialogs = command('peer-dialogs', 'messages.getPeerDialogs of the chats named')
    peer_dialogs.add_argument('--with', action='append', required=True)
    edit = command('edit', 'messages.editMessage')
    edit.add_argument('--with', required=True)
    edit.add_argument('--id', type=int, required=True)
    edit.add_argument('--text', required=True)
    delete = command('delete', 'messages.deleteMessages')
    delete.add_argument('--ids', type=lambda v: [int(i) for i in v.split(',')], required=True)
    delete.add_argument('--revoke', action='store_true')
    delete.add_argument('--channel', help='a channel (id, channel:<id> or title): channels.deleteMessages')
    delete_history = command('delete-history', 'messages.deleteHistory')
    delete_history.add_argument('--with', required=True)
    delete_history.add_argument('--max-id', type=int, default=0)
    delete_history.add_argument('--just-clear', action='store_true')
    delete_history.add_argument('--revoke', action='store_true')
    read = command('read', 'messages.readHistory')
    read.add_argument('--with', required=True)
    read.add_argument('--max-id', type=int, default=0)
    react = command('react', 'messages.sendReaction (no --emoji: remove)')
    react.add_argument('--with', required=True)
    react.add_argument('--id', type=int, required=True)
    react.add_argument('--emoji', action='append', default=[])
    pin = command('pin', 'messages.updatePinnedMessage')
    pin.add_argument('--with', required=True)
    pin.add_argument('--id', type=int, required=True)
    pin.add_argument('--unpin', action='store_true')
    pin.add_argument('--one-side', action='store_true')
    pin_dialog = command('pin-dialog', 'messages.toggleDialogPin')
    pin_dialog.add_argument('--with', required=True)
    pin_dialog.add_argument('--unpin', action='store_true')
    mute = command('mute', 'account.updateNotifySettings: mute_until (0: unmuted)')
    mute.add_argument('--with', required=True)
    mute.add_argument('--until', type=int, required=True)
    draft = command('draft', 'messages.saveDraft')
    draft.add_argument('--with', required=True)
    draft.add_argument('--text', default='')
    difference = command('difference', 'updates.getDifference from --pts')
    difference.add_argument('--pts', type=int, required=True)
    difference.add_argument('--pts-limit', type=int)
    difference.add_argument('--pts-total-limit', type=int)
    difference.add_argument('--date', type=int, help='the state\'s date (unix time; default now): channels that moved since are named')
    catch_up = command('catch-up', 'updates.getDifference from --pts until whole; messages, slices, seconds')
    catch_up.add_argument('--pts', type=int, required=True)
    create_group = command('create-group', 'messages.createChat; prints chat_id')
    create_group.add_argument('--title', required=True)
    create_group.add_argument('--with', action='append', required=True, help='a member: +PHONE, a user id, or a username')
    create_group.add_argument('--access-hash', type=int, help='use this access_hash for the members instead of the right one')
    group_info = command('group-info', 'messages.getFullChat and messages.getChats')
    group_info.add_argument('--with', required=True, help='chat:<id> or the group\'s title')
    typing = command('typing', 'messages.setTyping (typing, or --cancel)')
    typing.add_argument('--with', required=True)
    typing.add_argument('--cancel', action='store_true')
    forward = command('forward', 'messages.forwardMessages')
    forward.add_argument('--from', required=True)
    forward.add_argument('--to', required=True)
    forward.add_argument('--ids', type=lambda v: [int(i) for i in v.split(',')], required=True)
    register_device = command('register-device', 'account.registerDevice (Simple Push to an http://127.0.0.1 URL)')
    register_device.add_argument('--token', required=True)
    register_device.add_argument('--secret', required=True, help='256 bytes, hex')
    register_device.add_argument('--no-muted', action='store_true')
    wait = command('wait', 'stay connected; print events as JSON lines until --count came')
    wait.add_argument('--count', type=int, default=1)
    wait.add_argument('--kinds', default='message', help='comma-separated: ' + ','.join(WAIT_KINDS))
    wait.add_argument('--live-only', action='store_true',
                      help='no catch-up from the stored state: only what arrives from now on')
    wait.add_argument('--with', help='only events in this chat (a user, chat:<id>, channel:<id> or a title)')
    create_channel = command('create-channel', 'channels.createChannel; prints channel_id and access_hash')
    create_channel.add_argument('--title', required=True)
    create_channel.add_argument('--about')
    create_channel.add_argument('--megagroup', action='store_true', help='a supergroup (default: a broadcast channel)')
    invite = command('invite', 'channels.inviteToChannel')
    invite.add_argument('--channel', required=True, help='a channel id, channel:<id> or its title')
    invite.add_argument('--with', action='append', required=True, help='a user: +PHONE, a user id, or a username')
    invite.add_argument('--access-hash', type=int, help='use this access_hash for the users instead of the right one')
    for name, about in (('join', 'channels.joinChannel'), ('leave', 'channels.leaveChannel'),
                        ('channel-info', 'channels.getFullChannel, getChannels, getParticipants')):
        sub = command(name, about)
        sub.add_argument('--channel', required=True, help='a channel id, channel:<id> or its title')
        if name != 'leave':
            sub.add_argument('--access-hash', type=int, help='use this access_hash for the channel')
    add_to_group = command('add-to-group', 'messages.addChatUser')
    add_to_group.add_argument('--with', required=True, help='the basic group (its title or chat:<id>)')
    add_to_group.add_argument('--user', required=True, help='the user to add: +PHONE, id or @username')
    leave_group = command('leave-group', 'messages.deleteChatUser (the caller itself)')
    leave_group.add_argument('--with', required=True, help='the basic group (its title or chat:<id>)')
    promote = command('promote', 'channels.editAdmin (--demote: no rights)')
    promote.add_argument('--channel', required=True)
    promote.add_argument('--with', required=True)
    promote.add_argument('--demote', action='store_true')
    channel_difference = command('channel-difference', 'one updates.getChannelDifference from --pts')
    channel_difference.add_argument('--channel', required=True)
    channel_difference.add_argument('--pts', type=int, required=True)
    channel_difference.add_argument('--limit', type=int, default=100)
    channel_difference.add_argument('--force', action='store_true')
    channel_messages = command('channel-messages', 'channels.getMessages')
    channel_messages.add_argument('--channel', required=True)
    channel_messages.add_argument('--ids', type=lambda v: [int(i) for i in v.split(',')], required=True)
    return parser


def execute(argv):
    """One command in this process, as main runs it: (args, what main prints as JSON, as a dict).
    telethon_chat_check runs its commands so, sparing a Python and a Telethon start each."""
    parser = arguments()
    args = parser.parse_args(argv)
    host, port = server_address(parser, args)
    try:
        return args, dict({'ok': True}, **run_with_deadline(args, run(host, port, args)))
    except asyncio.TimeoutError:
        return args, {'ok': False, 'error': 'timed out after %.0f s' % args.timeout}
    except errors.RPCError as error:
        name = rpc_name(error)
        return args, {'ok': False, 'error': '%s: %s' % (name, error), 'rpc_error': name}
    except Exception as error:
        return args, {'ok': False, 'error': '%s: %s' % (type(error).__name__, error)}
    finally:
        signal.alarm(0)  # run_with_deadline's guard, for this command only


def main():
    args, result = execute(sys.argv[1:])
    if not result['ok']:
        extra = {key: value for key, value in result.items() if key not in ('ok', 'error')}
        return fail(args, result['error'], 'telethon_chat', **extra)
    print(json.dumps(result, ensure_ascii=False), flush=True)
    return 0

if __name__ == '__main__':
    sys.exit(main())
