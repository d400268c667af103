"""Which user, basic group or channel an InputPeer, InputUser or InputChannel names, checked as
Telegram checks it: a user's id must come with the access_hash its User object carries; a group
(inputPeerChat, no access_hash) only names one the caller is a member of; a channel's id must come
with its access_hash (else CHANNEL_INVALID), and most calls want the caller in it (else
CHANNEL_PRIVATE: these channels have no public username). Also the User and Chat objects an answer
carries."""
from telethon.tl import types

import render
from wire import RpcFailure


def _checked(accounts, user_id, access_hash):
    user = accounts.users.get(user_id)
    return user if user is not None and user.access_hash == access_hash else None


def peer_user(accounts, me, input_peer):
    """The User an InputPeer names, or 400 PEER_ID_INVALID."""
    if isinstance(input_peer, types.InputPeerSelf):
        return me
    if isinstance(input_peer, types.InputPeerUser):
        user = _checked(accounts, input_peer.user_id, input_peer.access_hash)
        if user is not None:
            return user
    raise RpcFailure(400, 'PEER_ID_INVALID')


def channel_of(channels, me, value, member=True):
    """The Channel an InputChannel or InputPeerChannel names: 400 CHANNEL_INVALID for an unknown
    id, a wrong access_hash or another kind; 400 CHANNEL_PRIVATE when `member` and the caller is
    not (or no longer) in it."""
    if not isinstance(value, (types.InputChannel, types.InputPeerChannel)):
        raise RpcFailure(400, 'CHANNEL_INVALID')
    channel = channels.get(value.channel_id)
    if channel is None or channel.access_hash != value.access_hash:
        raise RpcFailure(400, 'CHANNEL_INVALID')
    if member and not channel.has(me.id):
        raise RpcFailure(400, 'CHANNEL_PRIVATE')
    return channel


def chat_peer(accounts, groups, me, input_peer, channels=None):
    """The User or Group (groups.py) an InputPeer names, or 400 PEER_ID_INVALID: a group that
    does not exist or that the caller is not in is no peer of theirs, as Telegram answers. Both
    have `.key`, the store's name for the chat (a user's id, a group's -chat_id). With `channels`
    (the calls that keep a dialog's settings: drafts, pins, mute), an inputPeerChannel names its
    Channel (channels.py), checked by channel_of."""
    if isinstance(input_peer, types.InputPeerChannel) and channels is not None:
        return channel_of(channels, me, input_peer)
    if isinstance(input_peer, types.InputPeerChat):
        group = groups.of_member(input_peer.chat_id, me.id)
        if group is not None:
            return group
        raise RpcFailure(400, 'PEER_ID_INVALID')
    return peer_user(accounts, me, input_peer)


def input_user(accounts, me, value):
    """The User an InputUser names; None for an id no account has and for other kinds
    (users.getUsers leaves those out); 400 USER_ID_INVALID for a known id with the wrong
    access_hash."""
    if isinstance(value, types.InputUserSelf):
        return me
    if not isinstance(value, types.InputUser) or value.user_id not in accounts.users:
        return None
    user = _checked(accounts, value.user_id, value.access_hash)
    if user is None:
        raise RpcFailure(400, 'USER_ID_INVALID')
    return user


def users_tl(accounts, me, user_ids):
    """User objects for these ids (the caller's own with `self`), each once, in id order."""
    return [accounts.users[i].tl(is_self=i == me.id, status=None if i == me.id else accounts.status_of(i))
            for i in sorted(set(user_ids)) if i in accounts.users]


def chats_tl(groups, channels, viewer, objects):
    """The Chat objects an answer naming these messages and updates carries: its basic groups
    (groups.py), then its channels (channels.py), as `viewer` sees them."""
    return (groups.chats_tl(viewer, render.referenced_chats(objects))
            + channels.chats_tl(viewer, render.referenced_channels(objects)))
