"""Pushes to registered devices (devices.py), as Telegram's server sends them through APNs: the
visible `aps` says only that something came, and "p" carries the real payload (Telegram's JSON:
loc-key, loc-args, from_id, chat_id or channel_id, msg_id, …) encrypted with the device's 256-byte secret by MTProto
2.0's server-to-client scheme, keyed by SHA-1(secret)'s last 8 bytes. Every device of the user
but the acting key's gets one, whether or not its app is connected: the device decides what to
show. One worker thread POSTs them in order, so a deletion never overtakes its message."""
import base64
import hashlib
import json
import queue
import struct
import threading
import urllib.error
import urllib.request

import render
from envelope import encrypt

LOCKED_TEXT = 'You have a new message'
TIMEOUT = 10


def key_id(secret):
    return struct.unpack('<q', hashlib.sha1(secret).digest()[-8:])[0]


def sealed(secret, payload):
    """base64url (unpadded) of keyId ‖ msgKey ‖ AES-IGE(length ‖ JSON ‖ padding)."""
    body = json.dumps(payload, ensure_ascii=False).encode()
    packet = encrypt(secret, key_id(secret), struct.pack('<i', len(body)) + body)
    return base64.urlsafe_b64encode(packet).rstrip(b'=').decode()


def display_name(user):
    return ' '.join(filter(None, (user.first_name, user.last_name))) or user.username


def peer_fields(peer_key):
    """How a payload names its chat: exactly one of from_id (a user), chat_id (a basic group,
    the raw chat id) or channel_id (a channel, the raw channel id), as Telegram's payloads do;
    the store's key is -chat_id for a group, -(10^12 + channel_id) for a channel."""
    if render.is_channel_key(peer_key):
        return {'channel_id': str(-peer_key - render.CHANNEL_KEY_BASE)}
    return {'chat_id': str(-peer_key)} if peer_key < 0 else {'from_id': str(peer_key)}


def body_of(text, media):
    """What a message's push says and its loc-key's tail: the text, or what the file is (Telegram's
    MESSAGE_PHOTO / MESSAGE_DOC) with the caption after it."""
    if not media:
        return text, 'MESSAGE_TEXT'
    what = '🖼 Photo' if media['kind'] == 'photo' else '📎 ' + media['name']
    return ('%s, %s' % (what, text) if text else what), ('MESSAGE_PHOTO' if media['kind'] == 'photo' else 'MESSAGE_DOC')


class Pushes:
    def __init__(self, accounts, log, muted=lambda owner, peer: False):
        self.accounts, self.log = accounts, log
        # Whether `owner` muted the chat with `peer` (account.updateNotifySettings): a device
        # registered with no_muted gets nothing for it, as Telegram spares such a device.
        self.muted = muted
        self.queue = queue.Queue()
        self.sent = 0
        threading.Thread(target=self._run, name='pushes', daemon=True).start()

    def message(self, recipient, sender, msg, caller_key, group=None, edit_date=None):
        """A new message `msg` (the recipient's copy) from `sender`, in a private chat or in
        `group` (a basic group: CHAT_MESSAGE_*, loc-args [author, title, text], the chat named by
        chat_id and the author by chat_from_id, the thread the chat, as Telegram's payloads)."""
        body, key = body_of(msg.text, msg.media)
        if group is not None:
            author = display_name(sender)
            payload = {'loc-key': 'CHAT_' + key, 'loc-args': [author, group.title, body], 'chat_id': str(group.id),
                       'chat_from_id': str(sender.id), 'msg_id': str(msg.id),
                       'aps': {'alert': {'title': group.title, 'body': '%s: %s' % (author, body)}, 'category': 'r',
                               'thread-id': str(group.key), 'sound': '0.m4a'}}
            key = 'CHAT_' + key
        else:
            payload = {'loc-key': key, 'loc-args': [display_name(sender), body],
                       'from_id': str(sender.id), 'msg_id': str(msg.id),
                       'aps': {'alert': {'title': display_name(sender), 'body': body}, 'category': 'r',
                               'thread-id': str(sender.id), 'sound': '0.m4a'}}
        if edit_date is not None:
            payload['edit_date'] = str(edit_date)
        aps = {'alert': {'body': LOCKED_TEXT}, 'sound': '0.m4a', 'mutable-content': 1}
        self._send(recipient, payload, aps, caller_key, '%s %d%s' % (key, msg.id, ' (edited)' if edit_date is not None else ''),
                   muted=self.muted(recipient, msg.peer))

    def edited(self, recipient, sender, msg, caller_key, group=None):
        """`sender` edited `msg` (the recipient's copy), still unread there: the message's push
        again with its edit_date, which replaces the notification shown for it (Telegram's)."""
        self.message(recipient, sender, msg, caller_key, group=group, edit_date=msg.edit_date)

    def reaction(self, recipient, reactor, msg, emoji, caller_key, group=None):
        """`reactor` reacted `emoji` to `msg`, the recipient's own message (its copy): Telegram's
        REACT_TEXT (a group's: CHAT_REACT_TEXT), loc-args [reactor, emoji, text] (a group's:
        [reactor, title, emoji, text]), msg_id the message reacted to."""
        name = display_name(reactor)
        text, _ = body_of(msg.text, msg.media)
        body = '%s to your "%s"' % (emoji, text)
        if group is not None:
            payload = {'loc-key': 'CHAT_REACT_TEXT', 'loc-args': [name, group.title, emoji, text], 'chat_id': str(group.id),
                       'chat_from_id': str(reactor.id), 'msg_id': str(msg.id),
                       'aps': {'alert': {'title': group.title, 'body': '%s: %s' % (name, body)}, 'category': 'r',
                               'thread-id': str(group.key), 'sound': '0.m4a'}}
        else:
            payload = {'loc-key': 'REACT_TEXT', 'loc-args': [name, emoji, text], 'from_id': str(reactor.id), 'msg_id': str(msg.id),
                       'aps': {'alert': {'title': name, 'body': body}, 'category': 'r', 'thread-id': str(reactor.id),
                               'sound': '0.m4a'}}
        aps = {'alert': {'body': LOCKED_TEXT}, 'sound': '0.m4a', 'mutable-content': 1}
        self._send(recipient, payload, aps, caller_key, '%s %d' % (payload['loc-key'], msg.id), muted=self.muted(recipient, msg.peer))

    def channel_message(self, recipient, sender, channel, msg, caller_key):
        """A new message `msg` in `channel`: a broadcast channel's post is CHANNEL_MESSAGE_* with
        loc-args [title, text] (the channel speaks, no author); a supergroup's is CHAT_MESSAGE_*
        with [author, title, text] and the author in chat_from_id, as Telegram's payloads; both
        name the chat by channel_id alone, the thread by the channel's Bot API id."""
        body, key = body_of(msg.text, msg.media)
        if channel.broadcast:
            key = 'CHANNEL_' + key
            payload = {'loc-key': key, 'loc-args': [channel.title, body], 'channel_id': str(channel.id),
                       'msg_id': str(msg.id),
                       'aps': {'alert': {'title': channel.title, 'body': body}, 'category': 'r',
                               'thread-id': str(channel.key), 'sound': '0.m4a'}}
        else:
            key, author = 'CHAT_' + key, display_name(sender)
            payload = {'loc-key': key, 'loc-args': [author, channel.title, body], 'channel_id': str(channel.id),
                       'chat_from_id': str(sender.id), 'msg_id': str(msg.id),
                       'aps': {'alert': {'title': channel.title, 'body': '%s: %s' % (author, body)}, 'category': 'r',
                               'thread-id': str(channel.key), 'sound': '0.m4a'}}
        aps = {'alert': {'body': LOCKED_TEXT}, 'sound': '0.m4a', 'mutable-content': 1}
        self._send(recipient, payload, aps, caller_key, '%s %d in channel %d' % (key, msg.id, channel.id),
                   muted=self.muted(recipient, channel.key))

    def chat_created(self, recipient, creator, group, msg, caller_key):
        """`creator` made `group` with `recipient` in it (Telegram's CHAT_CREATED: loc-args
        [creator, title]); msg: the recipient's copy of the service message."""
        payload = {'loc-key': 'CHAT_CREATED', 'loc-args': [display_name(creator), group.title],
                   'chat_id': str(group.id), 'chat_from_id': str(creator.id), 'msg_id': str(msg.id),
                   'aps': {'alert': {'title': group.title,
                                     'body': '%s invited you to the group %s' % (display_name(creator), group.title)},
                           'category': 'r', 'thread-id': str(group.key), 'sound': '0.m4a'}}
        aps = {'alert': {'body': LOCKED_TEXT}, 'sound': '0.m4a', 'mutable-content': 1}
        self._send(recipient, payload, aps, caller_key, 'CHAT_CREATED %d' % msg.id)

    def deleted(self, owner, peer_id, ids, caller_key):
        """`owner`'s messages `ids` in the chat with `peer_id` (a store peer) were deleted: their
        notifications go."""
        payload = {'loc-key': 'MESSAGE_DELETED', **peer_fields(peer_id),
                   'messages': ','.join(str(i) for i in sorted(ids))}
        self._send(owner, payload, {'mutable-content': 1}, caller_key, 'MESSAGE_DELETED %s' % payload['messages'])

    def read(self, owner, peer_id, max_id, caller_key):
        """`owner` read the chat with `peer_id` up to `max_id` elsewhere: those notifications go."""
        payload = {'loc-key': 'READ_HISTORY', **peer_fields(peer_id), 'max_id': str(max_id)}
        self._send(owner, payload, {'mutable-content': 1}, caller_key, 'READ_HISTORY %d' % max_id)

    def _send(self, user_id, payload, aps, caller_key, what, muted=False):
        for key, device in self.accounts.devices_of(user_id, skip_key=caller_key):
            if muted and device.get('no_muted'):
                self.log.info('push %s to user %d: not sent (chat muted, no_muted device)', what, user_id)
                continue
            envelope = {'aps': aps, 'p': sealed(device['secret'], payload)}
            self.queue.put((device['token'], json.dumps(envelope).encode(), user_id, what))

    def _run(self):
        while True:
            token, body, user_id, what = self.queue.get()
            request = urllib.request.Request(token, data=body, method='POST',
                                             headers={'Content-Type': 'application/json'})
            try:
                with urllib.request.urlopen(request, timeout=TIMEOUT) as answer:
                    status = answer.status
            except urllib.error.HTTPError as error:
                status = error.code
            except (OSError, ValueError) as error:
                status = 'unreachable (%s)' % error
            self.sent += 1
            self.log.info('push %s to user %d at %s: %s', what, user_id, token, status)
