#!/usr/bin/env python3
"""The basic-group proof, end to end, with Telethon only: starts a server (fresh --state, three
accounts), signs in A (on two devices), B and C with telethon_chat.py, and checks that A makes a
group with B and C, that messages, replies, files and forwards reach every member (live, or by
getDifference after being offline) with their own ids, that a random_id is sent once, that edits,
reactions, pins and deletion for everyone reach every member, that a read reaches each author as
an outbox read, typing, the device pushes (CHAT_MESSAGE_TEXT named by chat_id, muted groups
spared), the errors, a fresh device catching up by getDifference and getDialogs with the group's
title, and a SIGKILL restart that keeps the group. One line per check; exits 1 at the first
failure. Shares telethon_chat_check.py's server and client runners."""
import base64
import http.server
import json
import os
import queue
import re
import struct
import sys
import threading
import time

from telethon.crypto import AES

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from envelope import kdf  # noqa: E402
from telethon_chat_check import A, B, C, Failure, Server, check, run_check, texts  # noqa: E402

PUSH_TIMEOUT = 10


class PushCollector:
    """A Simple Push endpoint on 127.0.0.1: each POSTed envelope's payload, opened with the
    device's secret (MTProto 2.0's server-to-client scheme, x = 8), lands in a queue."""

    def __init__(self):
        self.secret = os.urandom(256)
        self.payloads = queue.Queue()
        collector = self

        class Handler(http.server.BaseHTTPRequestHandler):
            def do_POST(self):
                body = self.rfile.read(int(self.headers['Content-Length']))
                collector.payloads.put(collector.open(json.loads(body)))
                self.send_response(200)
                self.end_headers()

            def log_message(self, *args):
                pass

        self.http = http.server.HTTPServer(('127.0.0.1', 0), Handler)
        threading.Thread(target=self.http.serve_forever, daemon=True).start()
        self.url = 'http://127.0.0.1:%d/device-b' % self.http.server_address[1]

    def open(self, envelope):
        packet = base64.urlsafe_b64decode(envelope['p'] + '=' * (-len(envelope['p']) % 4))
        msg_key = packet[8:24]
        aes_key, aes_iv = kdf(self.secret, msg_key, 8)
        plain = AES.decrypt_ige(packet[24:], aes_key, aes_iv)
        length = struct.unpack('<i', plain[:4])[0]
        return json.loads(plain[4:4 + length])

    def next(self, loc_key):
        """The next payload with this loc-key (others before it are skipped), or Failure."""
        deadline = time.monotonic() + PUSH_TIMEOUT
        while time.monotonic() < deadline:
            try:
                payload = self.payloads.get(timeout=max(0.1, deadline - time.monotonic()))
            except queue.Empty:
                break
            if payload.get('loc-key') == loc_key:
                return payload
        raise Failure('no %s push came within %d s' % (loc_key, PUSH_TIMEOUT))

    def drain(self, seconds=1.0):
        time.sleep(seconds)
        items = []
        while not self.payloads.empty():
            items.append(self.payloads.get())
        return items


def names_one_peer(payload):
    """As NotificationPayload.swift reads a push: exactly one of from_id, chat_id, channel_id,
    encryption_id, a decimal string."""
    keys = [k for k in ('from_id', 'chat_id', 'channel_id', 'encryption_id') if k in payload]
    return len(keys) == 1 and isinstance(payload[keys[0]], str) and payload[keys[0]].isdigit()


def scenario(chat, state, log_path, pushes):
    for device, phone, extra in (('A', '+9996610001', []), ('A2', '+9996610001', []),
                                 ('B', '+9996620002', ['--password', 's3cret']), ('C', '+9996630003', [])):
        chat.run('login', device, '--phone', phone, '--code', '12345', *extra)
    chat.run('register-device', 'B', '--token', pushes.url, '--secret', pushes.secret.hex(), '--no-muted')
    check(True, 'logins (A on two devices), B\'s device registered for pushes')
    # Private messages first, so each member's box numbers the group's messages differently.
    chat.run('send', 'A', '--to', '+9996630003', '--text', 'before the group', '--count', 2)
    chat.run('send', 'C', '--to', 'me', '--text', 'a note to self')

    # A makes the group: each member hears the service message live, in their own box.
    b, c, a2 = chat.wait('B', 1, 'action'), chat.wait('C', 1, 'action'), chat.wait('A2', 1, 'action')
    made = chat.run('create-group', 'A', '--title', 'Trio', '--with', '@bobby', '--with', '+9996630003')
    chat_id = made['chat_id']
    group = 'chat:%d' % chat_id
    check(chat_id == 4000001 and made['participants_count'] == 3 and made['action']['users'] == [A, B, C]
          and made['action']['title'] == 'Trio' and made['id'] == 3 and made['pts'] == 4,
          'createChat: chat 4000001, 3 members, messageActionChatCreate(Trio, [A, B, C]) as A\'s message 3 pts 4', made)
    for name, waiter, out, own_id in (('B', b, False, 1), ('C', c, False, 4), ('A2', a2, True, 3)):
        got = waiter.finish()
        check(len(got) == 1 and got[0]['chat_id'] == chat_id and got[0]['action']['title'] == 'Trio'
              and got[0]['from_id'] == A and got[0]['out'] == out and got[0]['id'] == own_id,
              '%s hears the group made live (service message, its id %d%s)' % (name, own_id, ', out' if out else ''), got)
    created = pushes.next('CHAT_CREATED')
    check(created['chat_id'] == str(chat_id) and created['loc-args'] == ['Ada Lovelace', 'Trio'] and names_one_peer(created),
          'B\'s device gets CHAT_CREATED naming the group by chat_id', created)
    info = chat.run('group-info', 'C', '--with', 'Trio')
    check(info['members'] == [A, B, C] and info['creator'] == A and info['title'] == 'Trio' and set(info['users']) == {A, B, C},
          'getFullChat / getChats (found by title): creator A, members A, B, C', info)

    # A message: the sender's answer, every other member's copy live, A's other device too.
    b, c, a2 = chat.wait('B', 1), chat.wait('C', 1), chat.wait('A2', 1)
    sent = chat.run('send', 'A', '--to', group, '--text', 'hello group')
    check(sent['type'] == 'UpdateShortSentMessage' and sent['id'] == 4 and sent['pts'] == 5 and sent['chat_id'] == chat_id,
          'sendMessage to the group answers updateShortSentMessage id 4 pts 5', sent)
    got_b, got_c, got_a2 = b.finish(), c.finish(), a2.finish()
    for name, got in (('B', got_b), ('C', got_c)):
        check(texts(got) == ['hello group'] and got[0]['from_id'] == A and got[0]['chat_id'] == chat_id and not got[0]['out'],
              '%s receives it live, from A in chat %d' % (name, chat_id), got)
    check(texts(got_a2) == ['hello group'] and got_a2[0]['out'] and got_a2[0]['chat_id'] == chat_id,
          'A\'s other device receives it live as outgoing', got_a2)
    log = open(log_path).read()
    check('push updateShortChatMessage to user %d: 1 session(s)' % B in log
          and 'push updateShortChatMessage(out) to user %d: 1 session(s)' % A in log,
          'pushed as updateShortChatMessage to B and to A\'s other session')
    text_push = pushes.next('CHAT_MESSAGE_TEXT')
    check(text_push['loc-args'] == ['Ada Lovelace', 'Trio', 'hello group'] and text_push['chat_id'] == str(chat_id)
          and 'from_id' not in text_push and names_one_peer(text_push) and text_push['msg_id'] == str(got_b[0]['id'])
          and text_push['aps']['thread-id'] == str(-chat_id),
          'B\'s device: CHAT_MESSAGE_TEXT [author, title, text], chat_id (no from_id), B\'s msg_id, thread -chat_id', text_push)

    # A reply: each member's copy replies to their own copy.
    b_hello = got_b[0]['id']
    c_hello = got_c[0]['id']
    a, c = chat.wait('A', 1, live_only=True), chat.wait('C', 1)
    chat.run('send', 'B', '--to', 'Trio', '--text', 'hi all', '--reply-to', b_hello)
    got_a, got_c = a.finish(), c.finish()
    check(len({b_hello, sent['id'], c_hello}) == 3 and got_a[0]['reply_to'] == sent['id'] and got_c[0]['reply_to'] == c_hello
          and got_a[0]['from_id'] == B,
          'B\'s reply (to its id %d) replies to A\'s id %d and C\'s id %d' % (b_hello, sent['id'], c_hello), [got_a, got_c])

    # C offline for 3 messages catches up by getDifference on connect.
    for i in range(3):
        chat.run('send', 'A', '--to', group, '--text', 'while away %d' % i)
    got = chat.wait('C', 3).finish()
    check(texts(got) == ['while away %d' % i for i in range(3)] and {e['chat_id'] for e in got} == {chat_id},
          'C, offline for 3 group messages, catches up on connect', got)
    catch_up = re.findall(r'getDifference user %d from pts (\d+) \(box at (\d+)\): Difference, 3 message' % C, open(log_path).read())
    check(catch_up and int(catch_up[-1][1]) - int(catch_up[-1][0]) == 3,
          'C\'s catch-up was one updates.getDifference over those 3 pts', catch_up)

    # Once only by random_id.
    twice = chat.run('send', 'C', '--to', group, '--text', 'once', '--random-id', 4242, '--repeat', 2)['sent']
    check(twice[0] == twice[1], 'the same random_id twice into the group: the same answer', twice)
    a_history = chat.run('history', 'A', '--with', group)['messages']
    check([m['text'] for m in a_history].count('once') == 1 and len(a_history) == 7,
          'A\'s group history holds it once (7 messages with the service message)', [m['id'] for m in a_history])
    c_once = twice[0]['id']

    # Edit, reaction, pin and deletion for everyone reach every member, each with their own ids.
    a_history = chat.run('history', 'A', '--with', group)['messages']
    a_ids = {m['text']: m['id'] for m in a_history}
    b_ids = {m['text']: m['id'] for m in chat.run('history', 'B', '--with', group)['messages']}
    c_ids = {m['text']: m['id'] for m in chat.run('history', 'C', '--with', group)['messages']}
    b, c = chat.wait('B', 1, 'edit', live_only=True), chat.wait('C', 1, 'edit', live_only=True)
    chat.run('edit', 'A', '--with', group, '--id', a_ids['hello group'], '--text', 'hello group, edited')
    for name, waiter, ids in (('B', b, b_ids), ('C', c, c_ids)):
        got = waiter.finish()
        check(got[0]['text'] == 'hello group, edited' and got[0]['id'] == ids['hello group'],
              'A\'s edit reaches %s (its id %d)' % (name, ids['hello group']), got)
    chat.run('edit', 'B', '--with', group, '--id', b_ids['hello group'], '--text', 'x', expect_error='MESSAGE_AUTHOR_REQUIRED')
    a, c = chat.wait('A', 1, 'reaction', live_only=True), chat.wait('C', 1, 'reaction', live_only=True)
    chat.run('react', 'B', '--with', group, '--id', b_ids['hello group'], '--emoji', '👍')
    for name, waiter, ids in (('A', a, a_ids), ('C', c, c_ids)):
        got = waiter.finish()
        check(got[0]['msg_id'] == ids['hello group'] and got[0]['reactions'] == {'👍': 1},
              'B\'s 👍 reaches %s on its id %d' % (name, ids['hello group']), got)
    a, b = chat.wait('A', 1, 'pin', live_only=True), chat.wait('B', 1, 'pin', live_only=True)
    pinning = chat.run('pin', 'C', '--with', group, '--id', c_ids['hi all'])
    for name, waiter, ids in (('A', a, a_ids), ('B', b, b_ids)):
        got = waiter.finish()
        check(got[0]['ids'] == [ids['hi all']] and got[0]['pinned'], 'C\'s pin reaches %s (its id %d)' % (name, ids['hi all']), got)
    service = next((u for u in pinning['updates'] if u['_'] == 'UpdateNewMessage'), None)
    check(service is not None and service['message']['action']['_'] == 'MessageActionPinMessage'
          and service['message']['reply_to']['reply_to_msg_id'] == c_ids['hi all'],
          'C\'s pin answers with its service message too (messageActionPinMessage, replying to the pinned one)', pinning)
    c_pin = service['message']['id'] if service else None
    b, c = chat.wait('B', 1, 'delete', live_only=True), chat.wait('C', 1, 'delete', live_only=True)
    deleted = chat.run('delete', 'A', '--ids', a_ids['while away 0'], '--revoke')
    for name, waiter, ids in (('B', b, b_ids), ('C', c, c_ids)):
        got = waiter.finish()
        check(got[0]['ids'] == [ids['while away 0']], 'A\'s deletion for everyone reaches %s (its id %d)' % (
            name, ids['while away 0']), got)
    check(deleted['pts_count'] == 1, 'deleteMessages answers pts_count 1', deleted)
    removed = pushes.next('MESSAGE_DELETED')
    check(removed['chat_id'] == str(chat_id) and removed['messages'] == str(b_ids['while away 0']) and names_one_peer(removed),
          'B\'s device: MESSAGE_DELETED in chat_id with B\'s id', removed)
    chat.run('delete', 'B', '--ids', b_ids['while away 1'], '--revoke')
    check('while away 1' in [m['text'] for m in chat.run('history', 'A', '--with', group)['messages']],
          'B (not its author, not the creator) deleting A\'s message "for everyone" takes only B\'s copy')

    # Read: B reads the group; A and C, whose messages B read, get their outbox read.
    a, c = chat.wait('A', 1, 'read', live_only=True), chat.wait('C', 1, 'read', live_only=True)
    read = chat.run('read', 'B', '--with', group)
    got_a, got_c = a.finish(), c.finish()
    check(read['pts_count'] == 1 and read['chat_id'] == chat_id, 'B\'s readHistory in the group: pts_count 1', read)
    check(got_a[0]['outbox'] and got_a[0]['max_id'] == a_ids['while away 2'] and got_a[0]['peer_id'] == -chat_id,
          'A\'s outbox is read up to its own newest message %d in the group' % a_ids['while away 2'], got_a)
    check(got_c[0]['outbox'] and got_c[0]['max_id'] == c_pin, 'C\'s outbox is read up to its own newest, the pin (%s)' % c_pin, got_c)
    dialogs = {d['peer']: d for d in chat.run('dialogs', 'A')['dialogs']}
    check(dialogs[-chat_id]['read_outbox_max_id'] == a_ids['while away 2'], 'A\'s dialog shows its outbox read', dialogs[-chat_id])

    # Typing, live to the other members.
    b = chat.wait('B', 1, 'typing', live_only=True)
    chat.run('typing', 'A', '--with', group)
    got = b.finish()
    check(got[0]['chat_id'] == chat_id and got[0]['from_id'] == A and got[0]['action'] == 'SendMessageTypingAction',
          'A typing in the group: B gets updateChatUserTyping', got)

    # A file and a forward into the group.
    path = os.path.join(state, 'notes.txt')
    with open(path, 'w') as f:
        f.write('group notes\n')
    b = chat.wait('B', 2, live_only=True)
    chat.run('send-file', 'A', '--to', group, '--path', path, '--caption', 'the notes')
    chat.run('send', 'A', '--to', '@bobby', '--text', 'private note')
    a_private = chat.run('history', 'A', '--with', '@bobby', '--limit', 1)['messages'][0]['id']
    got = b.finish()
    check(got[0]['file'] and got[0]['file']['name'] == 'notes.txt' and got[0]['chat_id'] == chat_id
          and got[1]['text'] == 'private note' and 'chat_id' not in got[1],
          'A\'s file reaches B in the group (sendMedia), a private message still private', got)
    doc_push = pushes.next('CHAT_MESSAGE_DOC')
    check(doc_push['chat_id'] == str(chat_id) and doc_push['loc-args'][:2] == ['Ada Lovelace', 'Trio'],
          'B\'s device: CHAT_MESSAGE_DOC', doc_push)
    c = chat.wait('C', 1, live_only=True)
    forwarded = chat.run('forward', 'A', '--from', '@bobby', '--to', group, '--ids', a_private)
    got = c.finish()
    check(got[0]['text'] == 'private note' and got[0]['forwarded_from'] == A and got[0]['chat_id'] == chat_id
          and forwarded['chat_id'] == chat_id, 'A forwards a private message into the group: C gets it', got)

    # A muted group sends nothing to a no_muted device.
    chat.run('mute', 'B', '--with', group, '--until', 2 ** 31 - 1)
    pushes.drain()
    chat.run('send', 'A', '--to', group, '--text', 'quiet please')
    check(not [p for p in pushes.drain(1.5) if p.get('loc-key', '').startswith('CHAT_MESSAGE')]
          and 'not sent (chat muted, no_muted device)' in open(log_path).read(),
          'B muted the group: its no_muted device gets no push')
    chat.run('mute', 'B', '--with', group, '--until', 0)

    # Errors.
    duo = chat.run('create-group', 'A', '--title', 'Duo', '--with', '@bobby')['chat_id']
    check(duo == chat_id + 1, 'a second group gets the next chat id')
    chat.run('send', 'C', '--to', 'chat:%d' % duo, '--text', 'let me in', expect_error='PEER_ID_INVALID')
    chat.run('history', 'C', '--with', 'chat:%d' % duo, expect_error='PEER_ID_INVALID')
    chat.run('group-info', 'C', '--with', 'chat:%d' % duo, expect_error='CHAT_ID_INVALID')
    chat.run('send', 'A', '--to', 'chat:999', '--text', 'x', expect_error='PEER_ID_INVALID')
    chat.run('create-group', 'A', '--title', ' ', '--with', '@bobby', expect_error='CHAT_TITLE_EMPTY')
    chat.run('create-group', 'A', '--title', 'Bad', '--with', '@bobby', '--access-hash', 12345, expect_error='USER_ID_INVALID')

    # A fresh device of C: getDifference from pts 1 and getDialogs show the group, its title and messages.
    chat.run('login', 'C2', '--phone', '+9996630003', '--code', '12345')
    fresh = chat.run('difference', 'C2', '--pts', 1)
    c_texts = [m['text'] for m in fresh['new_messages'] if m.get('chat_id') == chat_id]
    check(fresh['type'] == 'Difference' and {'id': chat_id, 'title': 'Trio', 'type': 'Chat'} in fresh['chats']
          and [m['action']['title'] for m in fresh['new_messages'] if m.get('action', {}).get('_') == 'MessageActionChatCreate'] == ['Trio']
          and [m['action']['_'] for m in fresh['new_messages'] if m.get('action')] == ['MessageActionChatCreate', 'MessageActionPinMessage']
          and 'hello group, edited' in c_texts and 'while away 0' not in c_texts and {A, B, C} <= set(fresh['users']),
          'C\'s fresh device: getDifference from pts 1 carries the group (Trio), its messages as now, A, B, C', fresh.get('chats'))
    dialogs = chat.run('dialogs', 'C2')['dialogs']
    trio = next(d for d in dialogs if d.get('chat_id') == chat_id)
    check(trio['title'] == 'Trio' and trio['participants_count'] == 3 and trio['top_text'] == 'quiet please',
          'C\'s fresh device: getDialogs lists Trio with its title and top message', trio)
    history = chat.run('history', 'C2', '--with', 'Trio')['messages']
    check(history[0]['text'] == 'quiet please' and history[-1].get('action', {}).get('title') == 'Trio',
          'C\'s fresh device: the group\'s history, newest first, down to the service message', [m['text'] for m in history])

    # Restart after SIGKILL: the group, its members and messages survive.
    chat.server.kill()
    chat.server = Server(state, port=chat.server.port)
    info = chat.run('group-info', 'B', '--with', group)
    check(info['members'] == [A, B, C] and info['title'] == 'Trio', 'after SIGKILL and restart the group is still there')
    c = chat.wait('C', 1, live_only=True)
    chat.run('send', 'B', '--to', group, '--text', 'after restart')
    got = c.finish()
    check(texts(got) == ['after restart'] and got[0]['chat_id'] == chat_id, 'live group delivery after the restart', got)
    retry = chat.run('send', 'C', '--to', group, '--text', 'once', '--random-id', 4242)
    check(retry['id'] == c_once, 'random_id 4242 after the restart: the original answer', retry)

    # C leaves: A hears the service message; the group is chatForbidden to C, and A's list of members drops C.
    a = chat.wait('A', 1, 'action', live_only=True)
    left = chat.run('leave-group', 'C', '--with', group)
    got = a.finish()
    check(left['updates'] == ['UpdateChatParticipants', 'UpdateNewMessage'] and left['chats'] == ['ChatForbidden'],
          'messages.deleteChatUser (C itself): participants and the service message; the group forbidden to C', left)
    check(got and got[0].get('action', {}).get('_') == 'MessageActionChatDeleteUser' and got[0]['action'].get('user_id') == C,
          'A gets the service message: C left', got)
    check(chat.run('group-info', 'A', '--with', group)['members'] == [A, B], 'A and B remain')

    # B adds C back: every member, C among them, gets messageActionChatAddUser([C]).
    c = chat.wait('C', 1, 'action', live_only=True)
    added = chat.run('add-to-group', 'B', '--with', group, '--user', '+9996630003')
    got = c.finish()
    check(added['updates'] == ['UpdateChatParticipants', 'UpdateNewMessage'] and added['action'] == {'_': 'MessageActionChatAddUser', 'users': [C]}
          and added['missing_invitees'] == 0, 'messages.addChatUser: participants and the service message, nobody missing', added)
    check(got and got[0].get('action', {}).get('_') == 'MessageActionChatAddUser', 'C hears it was added', got)
    check(chat.run('group-info', 'A', '--with', group)['members'] == [A, B, C], 'A, B and C again')
    chat.run('add-to-group', 'B', '--with', group, '--user', '+9996630003', expect_error='USER_ALREADY_PARTICIPANT')


def main():
    pushes = PushCollector()
    return run_check(__doc__.split('\n')[0], 'telethon-group-', lambda chat, state, log: scenario(chat, state, log, pushes),
                     cleanup=pushes.http.shutdown)

if __name__ == '__main__':
    sys.exit(main())
