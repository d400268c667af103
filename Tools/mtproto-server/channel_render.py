"""A channel's messages and pts events as Telegram's TL objects, seen by one participant: the
same stored message is `out` for its author only, and its reactions mark the viewer's own
(chosen_order). A broadcast channel's post has no from_id and the `post` flag (it is the
channel's), a supergroup's message is from its author (core.telegram.org/api/channel). Events
become the channel updates of core.telegram.org/api/updates: updateNewChannelMessage,
updateEditChannelMessage, updateDeleteChannelMessages, updatePinnedChannelMessages, each with
the channel's pts."""
from telethon.tl import types

import render
from files import media_tl


def action_tl(action):
    kind = action['kind']
    if kind == 'channel_create':
        return types.MessageActionChannelCreate(title=action['title'])
    if kind == 'add_user':
        return types.MessageActionChatAddUser(users=action['users'])
    if kind == 'delete_user':
        return types.MessageActionChatDeleteUser(user_id=action['user'])
    if kind == 'pin_message':
        return types.MessageActionPinMessage()
    raise ValueError('unknown channel action %r' % kind)


def message_tl(msg, viewer):
    peer = types.PeerChannel(channel_id=msg.channel)
    from_id = types.PeerUser(user_id=msg.from_id) if msg.from_id is not None else None
    out = msg.author == viewer or None
    reactions = render.reactions_tl(msg.reactions, viewer) if msg.reactions else None
    if msg.action:
        return types.MessageService(id=msg.id, peer_id=peer, date=msg.date, action=action_tl(msg.action), out=out,
                                    post=msg.post or None, from_id=from_id, reply_to=render.reply_header(msg.reply_to),
                                    reactions=reactions)
    return types.Message(
        id=msg.id, peer_id=peer, date=msg.date, message=msg.text, out=out, post=msg.post or None, from_id=from_id,
        reply_to=render.reply_header(msg.reply_to), edit_date=msg.edit_date, pinned=msg.pinned or None,
        reactions=reactions, media=media_tl(msg.media), fwd_from=render.fwd_header(msg.fwd), views=msg.views)


def new_message(msg, pts, viewer):
    return types.UpdateNewChannelMessage(message=message_tl(msg, viewer), pts=pts, pts_count=1)


def edit_updates(msg, pts, viewer, count=1):
    return [types.UpdateEditChannelMessage(message=message_tl(msg, viewer), pts=pts, pts_count=count)]


def reaction_updates(msg, pts, viewer, count=1):
    """As in a private chat here: a reaction change moves the pts, so it comes as the edited
    message (with its reactions) and updateMessageReactions."""
    return edit_updates(msg, pts, viewer, count) + [types.UpdateMessageReactions(
        peer=types.PeerChannel(channel_id=msg.channel), msg_id=msg.id, reactions=render.reactions_tl(msg.reactions, viewer))]


def pin_update(channel_id, ids, pinned, pts, count=1):
    return types.UpdatePinnedChannelMessages(channel_id=channel_id, messages=ids, pts=pts, pts_count=count,
                                             pinned=pinned or None)


def event_updates(event, msg, viewer):
    """The updates of a pts event other than a new message; `msg`: the current message an edit
    or reaction names (None once deleted: nothing to say)."""
    data, pts, count = event.data, event.pts, event.pts_count
    if event.kind == 'edit':
        return edit_updates(msg, pts, viewer, count) if msg else []
    if event.kind == 'reaction':
        return reaction_updates(msg, pts, viewer, count) if msg else []
    if event.kind == 'delete':
        return [types.UpdateDeleteChannelMessages(channel_id=event.channel, messages=data['ids'], pts=pts, pts_count=count)]
    if event.kind == 'pin':
        return [pin_update(event.channel, data['ids'], data['pinned'], pts, count)]
    raise ValueError('unknown channel event kind %r' % event.kind)


def dialog_tl(channel, participant, top_id, unread_count, settings, pts):
    """The viewer's dialog for a channel, with the channel's pts (only channels have one)."""
    return types.Dialog(
        peer=types.PeerChannel(channel_id=channel.id), top_message=top_id,
        read_inbox_max_id=participant.read_inbox_max_id, read_outbox_max_id=participant.read_outbox_max_id,
        unread_count=unread_count, unread_mentions_count=0, unread_reactions_count=0,
        notify_settings=types.PeerNotifySettings(mute_until=settings['mute_until'] or None),
        pinned=settings['pinned'] is not None or None, pts=pts, draft=render.draft_tl(settings))
