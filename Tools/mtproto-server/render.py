"""Store rows as Telegram's TL objects, each seen from the box that holds it: messages (and
service messages), their reactions, drafts, the Update objects of the pts events (getDifference
and live pushes share them), and the users and groups an answer must carry. A store peer is a
user id, or a basic group's negative chat id (groups.py)."""
from telethon.tl import types

from files import media_tl
from telethon.tl.tlobject import TLObject

SEQ = 0  # pushed and answered `updates` carry seq 0: their pts orders them (api/updates: 0 = no seq)
# telethon.tl.patched makes types.MessageEmpty a subclass of its custom Message (whose __init__
# wants a peer); the plain TL class is its last base.
_MESSAGE_EMPTY = types.MessageEmpty.__bases__[-1]


def message_empty(msg_id):
    return _MESSAGE_EMPTY(id=msg_id)


CHANNEL_KEY_BASE = 1000000000000  # Bot API: a channel's id is -(10^12 + channel_id)


def channel_key(channel_id):
    return -(CHANNEL_KEY_BASE + channel_id)


def is_channel_key(key):
    return key < -CHANNEL_KEY_BASE


def peer(key):
    """The Peer a store peer names: a user id, -chat_id for a basic group, a channel's key."""
    if is_channel_key(key):
        return types.PeerChannel(channel_id=-key - CHANNEL_KEY_BASE)
    return types.PeerChat(chat_id=-key) if key < 0 else types.PeerUser(user_id=key)


def reply_header(msg_id):
    return types.MessageReplyHeader(reply_to_msg_id=msg_id) if msg_id else None


def reactions_tl(reactions, viewer):
    """messageReactions for [[user, emoticon, date], …]: counts in first-use order, the viewer's
    own with chosen_order (their order of choosing), each peer's in recent_reactions, newest first."""
    counts, mine = {}, [emoticon for user, emoticon, _ in reactions if user == viewer]
    for _, emoticon, _ in reactions:
        counts[emoticon] = counts.get(emoticon, 0) + 1
    results = [types.ReactionCount(reaction=types.ReactionEmoji(emoticon=e), count=n,
                                   chosen_order=mine.index(e) if e in mine else None)
               for e, n in counts.items()]
    recent = [types.MessagePeerReaction(peer_id=peer(user), date=date, reaction=types.ReactionEmoji(emoticon=e),
                                        my=user == viewer or None)
              for user, e, date in reversed(reactions)]
    return types.MessageReactions(results=results, recent_reactions=recent or None)


def action_tl(action):
    if action['kind'] == 'chat_create':
        return types.MessageActionChatCreate(title=action['title'], users=action['users'])
    if action['kind'] == 'chat_delete_user':
        return types.MessageActionChatDeleteUser(user_id=action['user'])
    if action['kind'] == 'chat_add_user':
        return types.MessageActionChatAddUser(users=action['users'])
    if action['kind'] == 'pin_message':
        return types.MessageActionPinMessage()
    raise ValueError('unknown action %r' % action['kind'])


def message_tl(msg):
    if msg.action:  # a service message: no text, the action says what happened
        return types.MessageService(
            id=msg.id, peer_id=peer(msg.peer), date=msg.date, out=msg.out or None, from_id=peer(msg.from_id),
            reply_to=reply_header(msg.reply_to), action=action_tl(msg.action),
            reactions=reactions_tl(msg.reactions, msg.owner) if msg.reactions else None)
    return types.Message(
        id=msg.id, peer_id=peer(msg.peer), date=msg.date, message=msg.text, out=msg.out or None,
        from_id=peer(msg.from_id), reply_to=reply_header(msg.reply_to), edit_date=msg.edit_date,
        pinned=msg.pinned or None, reactions=reactions_tl(msg.reactions, msg.owner) if msg.reactions else None,
        media=media_tl(msg.media),
        fwd_from=fwd_header(msg.fwd))


def fwd_header(fwd):
    """Where a forward first came from: a user, or a channel's post (channel_post: its id there)."""
    if not fwd:
        return None
    return types.MessageFwdHeader(date=fwd['date'], from_id=peer(fwd['from_id']), channel_post=fwd.get('channel_post'))


def short_message(msg, pts):
    """A new text message as updateShortMessage (user_id: the other side), or in a basic group
    as updateShortChatMessage (from_id: its author, chat_id: the group)."""
    if msg.peer < 0:
        return types.UpdateShortChatMessage(out=msg.out or None, id=msg.id, from_id=msg.from_id, chat_id=-msg.peer,
                                            message=msg.text, pts=pts, pts_count=1, date=msg.date,
                                            reply_to=reply_header(msg.reply_to))
    return types.UpdateShortMessage(out=msg.out or None, id=msg.id, user_id=msg.peer, message=msg.text,
                                    pts=pts, pts_count=1, date=msg.date, reply_to=reply_header(msg.reply_to))


def draft_tl(dialog):
    if not dialog.get('draft'):
        return None
    reply_to = dialog['draft_reply_to']
    return types.DraftMessage(message=dialog['draft'], date=dialog['draft_date'],
                              reply_to=types.InputReplyToMessage(reply_to_msg_id=reply_to) if reply_to else None)


def reaction_updates(msg, pts):
    """A reaction change bumps pts like an edit (a private chat's message changed), so it goes as
    updateEditMessage (the message with its reactions) plus updateMessageReactions."""
    return [types.UpdateEditMessage(message=message_tl(msg), pts=pts, pts_count=1),
            types.UpdateMessageReactions(peer=peer(msg.peer), msg_id=msg.id,
                                         reactions=reactions_tl(msg.reactions, msg.owner))]


def event_updates(event, msg):
    """The Update objects of a pts event other than a new message; `msg` is the current copy of
    the message an edit/reaction names (None once deleted: nothing to say)."""
    data, pts, count = event.data, event.pts, event.pts_count
    if event.kind == 'edit':
        return [types.UpdateEditMessage(message=message_tl(msg), pts=pts, pts_count=count)] if msg else []
    if event.kind == 'reaction':
        return reaction_updates(msg, pts) if msg else []
    if event.kind == 'delete':
        return [types.UpdateDeleteMessages(messages=data['ids'], pts=pts, pts_count=count)]
    if event.kind == 'read_inbox':
        return [types.UpdateReadHistoryInbox(peer=peer(data['peer']), max_id=data['max_id'],
                                             still_unread_count=data['still_unread'], pts=pts, pts_count=count)]
    if event.kind == 'read_outbox':
        return [types.UpdateReadHistoryOutbox(peer=peer(data['peer']), max_id=data['max_id'], pts=pts, pts_count=count)]
    if event.kind == 'pin':
        return [types.UpdatePinnedMessages(pinned=data['pinned'] or None, peer=peer(data['peer']),
                                           messages=data['ids'], pts=pts, pts_count=count)]
    raise ValueError('unknown event kind %r' % event.kind)


def referenced_users(objects):
    """Ids of the users these messages and updates name (peers, senders, reactors, the members a
    group's creation, an addition or a removal names)."""
    ids = set()

    def visit(value):
        if isinstance(value, types.PeerUser):
            ids.add(value.user_id)
        elif isinstance(value, (types.MessageActionChatCreate, types.MessageActionChatAddUser)):
            ids.update(value.users)
        elif isinstance(value, types.MessageActionChatDeleteUser):
            ids.add(value.user_id)
        elif isinstance(value, types.UpdateShortChatMessage):
            ids.add(value.from_id)
        elif isinstance(value, types.Message):
            # What message_tl fills in: the walk below over every field costs a getDifference
            # of a hundred messages more than the rest of its answer.
            visit(value.peer_id)
            visit(value.from_id)
            visit(value.reactions)
            visit(value.fwd_from)
        elif isinstance(value, list):
            for item in value:
                visit(item)
        elif isinstance(value, types.UpdateShortMessage):
            ids.add(value.user_id)
        elif isinstance(value, TLObject):
            for item in vars(value).values():
                visit(item)

    visit(list(objects))
    return ids


CHANNEL_UPDATES = (types.UpdateChannel, types.UpdateChannelTooLong, types.UpdateDeleteChannelMessages,
                   types.UpdateReadChannelInbox, types.UpdateReadChannelOutbox, types.UpdatePinnedChannelMessages,
                   types.UpdateChannelUserTyping)


def _referenced(objects, peer_type, peer_id, update_types, message_fields):
    """Ids a walk over messages and updates finds: `peer_id` of each `peer_type`, the id of each
    of `update_types` (the same attribute), and within a message only `message_fields`."""
    ids = set()

    def visit(value):
        if isinstance(value, peer_type):
            ids.add(getattr(value, peer_id))
        elif isinstance(value, update_types):
            ids.add(getattr(value, peer_id))
        elif isinstance(value, (types.Message, types.MessageService)):
            for name in message_fields:
                visit(getattr(value, name, None))
        elif isinstance(value, list):
            for item in value:
                visit(item)
        elif isinstance(value, TLObject):
            for item in vars(value).values():
                visit(item)

    visit(list(objects))
    return ids


def referenced_channels(objects):
    """Ids of the channels these messages and updates name: a message's peer or forward origin,
    an update's channel_id."""
    return _referenced(objects, types.PeerChannel, 'channel_id', CHANNEL_UPDATES, ('peer_id', 'fwd_from'))


def referenced_chats(objects):
    """Ids of the basic groups these messages and updates name (their peers: a message's other
    fields name users only)."""
    return _referenced(objects, types.PeerChat, 'chat_id', (types.UpdateShortChatMessage, types.UpdateChatUserTyping), ('peer_id',))
