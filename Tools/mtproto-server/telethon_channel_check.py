#!/usr/bin/env python3
"""The channel proof, end to end, with Telethon only: starts a server (fresh --state, three
accounts), signs in A (on two devices), B (with a device for pushes) and C with telethon_chat.py,
and checks a broadcast channel (only its creator and admins post; a member's post is refused) and
a supergroup (everyone posts): one message box per channel (one id, one pts for everyone), live
delivery as updateNewChannelMessage with the channel's pts, the answer `updates` (not
updateShortSentMessage), edits, reactions, pins, deletions (the channel's pts), read states, typing,
forwards and files, device pushes (CHANNEL_MESSAGE_TEXT / CHAT_MESSAGE_TEXT named by channel_id),
getDialogs with each channel's pts, a member offline catching up through Telethon's own channel
difference handling (a slice, and a channelDifferenceTooLong), raw getChannelDifference answers,
getDifference naming channels without replaying their messages, a dropped push making a pts gap
that Telethon fills, leaving and joining, the errors, and a SIGKILL restart that keeps it all.
One line per check; exits 1 at the first failure. Shares telethon_chat_check.py's runners and
telethon_group_check.py's push endpoint."""
import os
import re
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from telethon_chat_check import A, B, C, Server, Waiter, check, run_check, texts  # noqa: E402
from telethon_group_check import PushCollector, names_one_peer  # noqa: E402

NEWS, CROWD = 5000001, 5000002


def wait(chat, device, count, kinds='message', with_=None, live_only=False, timeout=30):
    """telethon_chat.py wait (returns once it listens; .finish() gives the events): --with keeps
    one chat's events; without --live-only it first catches up from the stored state, then stores it."""
    extra = (['--with', with_] if with_ else []) + (['--live-only'] if live_only else [])
    return Waiter(chat.args('wait', device, '--count', count, '--kinds', kinds, *extra, timeout=timeout), timeout)


def sync(chat, device):
    """A catch-up through Telethon's own handling (wait --count 0): the device's stored state is
    then current for its account and every channel it knows."""
    return wait(chat, device, 0).finish()


def log_after(log_path, marker):
    text = open(log_path).read()
    return text[text.index(marker):] if marker in text else ''


def scenario(chat, state, log_path, pushes):
    for device, phone, extra in (('A', '+9996610001', []), ('A2', '+9996610001', []),
                                 ('B', '+9996620002', ['--password', 's3cret']), ('C', '+9996630003', [])):
        chat.run('login', device, '--phone', phone, '--code', '12345', *extra)
    chat.run('register-device', 'B', '--token', pushes.url, '--secret', pushes.secret.hex())
    before_channels = int(time.time()) - 1
    chat.run('send', 'A', '--to', '+9996630003', '--text', 'private hello')  # C's box: pts 2
    check(True, 'logins (A on two devices), B\'s device registered, a private message to C')
    news, crowd = 'channel:%d' % NEWS, 'channel:%d' % CROWD

    # A broadcast channel.
    a2 = wait(chat, 'A2', 1, 'action', live_only=True)
    made = chat.run('create-channel', 'A', '--title', 'News', '--about', 'daily news')
    check(made['channel_id'] == NEWS and made['broadcast'] and not made['megagroup'] and made['access_hash']
          and made['updates'] == ['UpdateChannel', 'UpdateNewChannelMessage'] and made['id'] == 1 and made['pts'] == 2
          and made['action'] == {'_': 'MessageActionChannelCreate', 'title': 'News'},
          'createChannel(broadcast): channel %d, updates([updateChannel, updateNewChannelMessage('
          'messageActionChannelCreate)]), message 1 at the channel\'s pts 2' % NEWS, made)
    got = a2.finish()
    check(got[0]['channel_id'] == NEWS and got[0]['out'] and got[0]['action']['title'] == 'News',
          'A\'s other device hears the channel made live', got)
    invited = chat.run('invite', 'A', '--channel', 'News', '--with', '@bobby', '--with', '+9996630003')
    check(invited['type'] == 'InvitedUsers' and invited['updates'] == ['UpdateChannel'] and invited['id'] is None,
          'inviteToChannel into a broadcast channel: messages.invitedUsers, no service message', invited)
    info = chat.run('channel-info', 'B', '--channel', news)
    check(info['participants_count'] == 3 and not info['left'] and not info['creator'] and info['broadcast']
          and info['about'] == 'daily news' and info['pts'] == 2 and info['participants'] is None,
          'B in News: getChannels/getFullChannel (3 participants, pts 2); its participant list is for admins', info)

    # A's post reaches B and C (their Telethon learns the channel's pts from it) and A's other device.
    b, c, a2 = wait(chat, 'B', 1, with_=news), wait(chat, 'C', 1, with_=news), wait(chat, 'A2', 1, live_only=True)
    post = chat.run('send', 'A', '--to', news, '--text', 'first post')
    check(post['type'] == 'Updates' and post['updates'] == ['UpdateMessageID', 'UpdateNewChannelMessage']
          and post['id'] == 2 and post['pts'] == 3 and post['channel_id'] == NEWS,
          'sendMessage into a channel answers updates(updateMessageID, updateNewChannelMessage) id 2 pts 3', post)
    for name, waiter in (('B', b), ('C', c)):
        got = waiter.finish()
        check(texts(got) == ['first post'] and got[0]['channel_id'] == NEWS and got[0]['post'] and got[0]['from_id'] is None
              and not got[0]['out'] and got[0]['id'] == 2,
              '%s receives the post live: channel %d, id 2, a post with no author' % (name, NEWS), got)
    got = a2.finish()
    check(texts(got) == ['first post'] and got[0]['out'], 'A\'s other device receives it as its own (out)', got)
    check('push updateNewChannelMessage to user %d: 1 session(s)' % B in open(log_path).read(),
          'pushed as updateNewChannelMessage to B')
    push = pushes.next('CHANNEL_MESSAGE_TEXT')
    check(push['loc-args'] == ['News', 'first post'] and push['channel_id'] == str(NEWS) and names_one_peer(push)
          and push['msg_id'] == '2' and 'chat_from_id' not in push and push['aps']['thread-id'] == str(-1000000000000 - NEWS),
          'B\'s device: CHANNEL_MESSAGE_TEXT [title, text] named by channel_id alone', push)

    # Only the creator and admins post in a broadcast channel.
    chat.run('send', 'B', '--to', news, '--text', 'me too', expect_error='CHAT_WRITE_FORBIDDEN')
    chat.run('typing', 'B', '--with', news, expect_error='CHAT_WRITE_FORBIDDEN')
    chat.run('pin', 'B', '--with', news, '--id', 2, expect_error='CHAT_ADMIN_REQUIRED')
    chat.run('delete', 'B', '--channel', news, '--ids', 2, expect_error='MESSAGE_DELETE_FORBIDDEN')
    chat.run('invite', 'B', '--channel', news, '--with', '+9996610001', expect_error='CHAT_ADMIN_REQUIRED')
    chat.run('promote', 'A', '--channel', news, '--with', '@bobby')
    c = wait(chat, 'C', 1, with_=news, live_only=True)
    admin_post = chat.run('send', 'B', '--to', news, '--text', 'admin post')
    got = c.finish()
    check(admin_post['id'] == 3 and texts(got) == ['admin post'] and got[0]['post'] and got[0]['from_id'] is None,
          'promoted to admin (editAdmin), B posts: C gets it as the channel\'s post', got)
    chat.run('promote', 'A', '--channel', news, '--with', '@bobby', '--demote')
    chat.run('send', 'B', '--to', news, '--text', 'again', expect_error='CHAT_WRITE_FORBIDDEN')
    chat.run('edit', 'A', '--with', news, '--id', 3, '--text', 'admin post, edited')
    check(chat.run('history', 'C', '--with', 'News')['messages'][0]['text'] == 'admin post, edited',
          'the creator edits an admin\'s post (a broadcast\'s posts are the channel\'s); C\'s history shows it')

    # A supergroup: everyone writes; one box, one id for everyone.
    made = chat.run('create-channel', 'A', '--title', 'Crowd', '--megagroup')
    check(made['channel_id'] == CROWD and made['megagroup'] and made['id'] == 1 and made['pts'] == 2,
          'createChannel(megagroup): channel %d, its own ids and pts from 1 and 2' % CROWD, made)
    b, c = wait(chat, 'B', 1, 'action'), wait(chat, 'C', 1, 'action')
    invited = chat.run('invite', 'A', '--channel', crowd, '--with', '@bobby', '--with', '+9996630003')
    check(invited['updates'] == ['UpdateNewChannelMessage'] and invited['id'] == 2 and invited['pts'] == 3
          and invited['action'] == {'_': 'MessageActionChatAddUser', 'users': [B, C]},
          'inviteToChannel into a supergroup: the service message messageActionChatAddUser([B, C]), id 2 pts 3', invited)
    for name, waiter in (('B', b), ('C', c)):
        got = waiter.finish()
        check(got[0]['channel_id'] == CROWD and got[0]['id'] == 2 and got[0]['action']['users'] == [B, C],
              '%s hears it live with the same id 2 (one box, not a copy per member)' % name, got)
    a, c, a2 = (wait(chat, 'A', 1, with_=crowd, live_only=True), wait(chat, 'C', 1, with_=crowd, live_only=True),
                wait(chat, 'A2', 1, with_=crowd, live_only=True))
    hi = chat.run('send', 'B', '--to', 'Crowd', '--text', 'hi crowd')
    check(hi['type'] == 'Updates' and hi['id'] == 3 and hi['pts'] == 4, 'B (a member) writes in the supergroup: id 3 pts 4', hi)
    for name, waiter in (('A', a), ('C', c), ('A2', a2)):
        got = waiter.finish()
        check(texts(got) == ['hi crowd'] and got[0]['id'] == 3 and got[0]['from_id'] == B and not got[0]['post']
              and not got[0]['out'], '%s receives it live: id 3 from B' % name, got)
    a = wait(chat, 'A', 1, with_=crowd, live_only=True)
    reply = chat.run('send', 'C', '--to', crowd, '--text', 'a reply', '--reply-to', 3)
    got = a.finish()
    check(got[0]['reply_to'] == 3 and got[0]['id'] == reply['id'] == 4, 'C\'s reply to 3 is a reply to 3 for everyone', got)
    pushes.drain(1.0)
    hello = chat.run('send', 'A', '--to', crowd, '--text', 'hello crowd')
    push = pushes.next('CHAT_MESSAGE_TEXT')
    check(push['loc-args'] == ['Ada Lovelace', 'Crowd', 'hello crowd'] and push['channel_id'] == str(CROWD)
          and push['chat_from_id'] == str(A) and names_one_peer(push) and push['msg_id'] == str(hello['id']),
          'B\'s device: CHAT_MESSAGE_TEXT [author, title, text], channel_id and chat_from_id', push)
    twice = chat.run('send', 'C', '--to', crowd, '--text', 'once', '--random-id', 4343, '--repeat', 2)['sent']
    check(twice[0] == twice[1] and twice[0]['id'] == 6, 'the same random_id twice into a channel: the same answer', twice)
    history = chat.run('history', 'A', '--with', crowd)['messages']
    check([m['text'] for m in history].count('once') == 1 and [m['id'] for m in history] == [6, 5, 4, 3, 2, 1],
          'A\'s history of the supergroup holds it once: ids 6..1, the same as everyone\'s', [m['id'] for m in history])
    page = chat.run('history', 'B', '--with', crowd, '--page', '--limit', 2)
    check(page['type'] == 'ChannelMessages' and page['count'] == 6 and page['pts'] == 7
          and [m['id'] for m in page['messages']] == [6, 5], 'getHistory answers messages.channelMessages with the pts', page)

    # Edit, reaction, pin and deletion reach every participant live, each one step of the channel's pts.
    b, c = wait(chat, 'B', 1, 'edit', crowd, live_only=True), wait(chat, 'C', 1, 'edit', crowd, live_only=True)
    chat.run('edit', 'A', '--with', crowd, '--id', 5, '--text', 'hello crowd, edited')
    for name, waiter in (('B', b), ('C', c)):
        got = waiter.finish()
        check(got[0]['id'] == 5 and got[0]['text'] == 'hello crowd, edited', 'A\'s edit reaches %s' % name, got)
    chat.run('edit', 'B', '--with', crowd, '--id', 5, '--text', 'x', expect_error='MESSAGE_AUTHOR_REQUIRED')
    a, c = wait(chat, 'A', 1, 'reaction', crowd, live_only=True), wait(chat, 'C', 1, 'reaction', crowd, live_only=True)
    chat.run('react', 'B', '--with', crowd, '--id', 5, '--emoji', '👍')
    for name, waiter in (('A', a), ('C', c)):
        got = waiter.finish()
        check(got[0]['msg_id'] == 5 and got[0]['reactions'] == {'👍': 1} and got[0]['channel_id'] == CROWD,
              'B\'s 👍 reaches %s' % name, got)
    a, b = wait(chat, 'A', 1, 'pin', crowd, live_only=True), wait(chat, 'B', 1, 'pin', crowd, live_only=True)
    pinning = chat.run('pin', 'C', '--with', crowd, '--id', 3)
    for name, waiter in (('A', a), ('B', b)):
        got = waiter.finish()
        check(got[0]['ids'] == [3] and got[0]['pinned'] and got[0]['channel_id'] == CROWD,
              'C\'s pin reaches %s (updatePinnedChannelMessages)' % name, got)
    service = next((u['message'] for u in pinning['updates'] if u['_'] == 'UpdateNewChannelMessage'), {})
    check(service.get('id') == 7 and service.get('action', {}).get('_') == 'MessageActionPinMessage'
          and service.get('reply_to', {}).get('reply_to_msg_id') == 3,
          'the pin is the supergroup\'s service message 7 too (messageActionPinMessage, replying to 3)', pinning)
    pinned = chat.run('history', 'B', '--with', crowd, '--pinned')['messages']
    check([m['id'] for m in pinned] == [3], 'messages.search with inputMessagesFilterPinned in the channel: message 3', pinned)
    a_pts = chat.run('state', 'A')['pts']
    b, c = wait(chat, 'B', 1, 'delete', crowd, live_only=True), wait(chat, 'C', 1, 'delete', crowd, live_only=True)
    deleted = chat.run('delete', 'A', '--channel', crowd, '--ids', '4,99')
    for name, waiter in (('B', b), ('C', c)):
        got = waiter.finish()
        check(got[0]['ids'] == [4] and got[0]['channel_id'] == CROWD, 'A (the creator) deletes C\'s reply: %s hears it' % name, got)
    info = chat.run('channel-info', 'A', '--channel', crowd)
    check(deleted['pts_count'] == 1 and deleted['pts'] == info['pts'] == 12 and chat.run('state', 'A')['pts'] == a_pts,
          'channels.deleteMessages answers affectedMessages with the channel\'s pts 12 (A\'s own pts unmoved)', deleted)
    removed = pushes.next('MESSAGE_DELETED')
    check(removed['channel_id'] == str(CROWD) and removed['messages'] == '4' and names_one_peer(removed),
          'B\'s device: MESSAGE_DELETED named by channel_id', removed)
    chat.run('delete', 'B', '--channel', crowd, '--ids', 5, expect_error='MESSAGE_DELETE_FORBIDDEN')

    # Read states: per participant, no pts; authors hear their outbox read.
    a, c = wait(chat, 'A', 1, 'read', crowd, live_only=True), wait(chat, 'C', 1, 'read', crowd, live_only=True)
    read = chat.run('read', 'B', '--with', crowd)
    got_a, got_c = a.finish(), c.finish()
    check(read['done'] and got_a[0]['outbox'] and got_a[0]['max_id'] == 5 and got_a[0]['channel_id'] == CROWD,
          'B reads the supergroup: A hears updateReadChannelOutbox up to its message 5', got_a)
    check(got_c[0]['outbox'] and got_c[0]['max_id'] == 6, 'C hears its outbox read up to its message 6 (its pin\'s service message aside)', got_c)
    b_info, a_info = chat.run('channel-info', 'B', '--channel', crowd), chat.run('channel-info', 'A', '--channel', crowd)
    check(b_info['read_inbox_max_id'] == 7 and b_info['unread_count'] == 0 and a_info['read_outbox_max_id'] == 5
          and b_info['pts'] == 12, 'getFullChannel: B read up to 7, nothing unread; A\'s outbox read to 5; pts still 12',
          [b_info, a_info])
    a = wait(chat, 'A', 1, 'read', crowd, live_only=True)
    chat.run('read', 'A2', '--with', crowd)
    got = a.finish()
    check(not got[0]['outbox'] and got[0]['max_id'] == 7, 'A reads on its other device (to the pin, 7): updateReadChannelInbox reaches A', got)

    # Typing, a forward each way, a file.
    b = wait(chat, 'B', 1, 'typing', crowd, live_only=True)
    chat.run('typing', 'C', '--with', crowd)
    got = b.finish()
    check(got[0]['channel_id'] == CROWD and got[0]['from_id'] == C, 'C typing: B gets updateChannelUserTyping', got)
    b = wait(chat, 'B', 1, with_='+9996610001', live_only=True)
    chat.run('forward', 'A', '--from', news, '--to', '@bobby', '--ids', 2)
    got = b.finish()
    check(got[0]['text'] == 'first post' and got[0]['forwarded_from_channel'] == NEWS and got[0]['channel_post'] == 2,
          'A forwards a News post to B: it names the channel and its post 2', got)
    c = wait(chat, 'C', 1, with_=crowd, live_only=True)
    forwarded = chat.run('forward', 'A', '--from', '+9996630003', '--to', crowd, '--ids', 1)
    got = c.finish()
    check(got[0]['text'] == 'private hello' and got[0]['forwarded_from'] == A and forwarded['channel_id'] == CROWD,
          'A forwards a private message into the supergroup: C gets it', got)
    path = os.path.join(state, 'notes.txt')
    with open(path, 'w') as f:
        f.write('crowd notes\n')
    chat.run('send-file', 'A', '--to', crowd, '--path', path, '--caption', 'the notes')
    doc = pushes.next('CHAT_MESSAGE_DOC')
    check(doc['channel_id'] == str(CROWD) and doc['loc-args'][:2] == ['Ada Lovelace', 'Crowd'], 'a file: CHAT_MESSAGE_DOC', doc)

    # getDialogs lists the channels with their pts (paged by one: the offsets tie-break by peer).
    dialogs = chat.run('dialogs', 'A', '--page-size', 1)
    by_peer = {d['peer']: d for d in dialogs['dialogs']}
    news_info = chat.run('channel-info', 'A', '--channel', news)
    crowd_info = chat.run('channel-info', 'A', '--channel', crowd)
    check(len(by_peer) == len(dialogs['dialogs']) == 4 and by_peer[-1000000000000 - NEWS]['pts'] == news_info['pts']
          and by_peer[-1000000000000 - CROWD]['pts'] == crowd_info['pts'] and by_peer[-1000000000000 - CROWD]['megagroup']
          and by_peer[-1000000000000 - NEWS]['broadcast'] and by_peer[-1000000000000 - NEWS]['title'] == 'News',
          'A\'s getDialogs by pages of 1: B, C, News and Crowd once each, the channels with their pts',
          [(d['peer'], d.get('pts')) for d in dialogs['dialogs']])

    # C offline: A writes in both channels; Telethon's catch-up is getDifference (naming the
    # channels, no channel messages) then getChannelDifference per channel.
    sync(chat, 'C')
    for i in range(3):
        chat.run('send', 'A', '--to', crowd, '--text', 'while away %d' % i)
    chat.run('send', 'A', '--to', news, '--text', 'news while away')
    marker = 'catch-up of C %f' % time.time()
    chat.server.log.write(marker + '\n')
    chat.server.log.flush()
    got = wait(chat, 'C', 4).finish()
    check(sorted(texts(got)) == sorted(['while away 0', 'while away 1', 'while away 2', 'news while away'])
          and [e['text'] for e in got if e['channel_id'] == CROWD] == ['while away 0', 'while away 1', 'while away 2'],
          'C, offline for 3 supergroup messages and a post, catches up on connect', got)
    after = log_after(log_path, marker)
    check(re.search(r'getDifference user %d from pts \d+ \(box at \d+\): Difference, at the box, 2 channel notice' % C, after)
          and re.search(r'getChannelDifference user %d channel %d from pts \d+ .*ChannelDifference, 3 event' % (C, CROWD), after)
          and re.search(r'getChannelDifference user %d channel %d from pts \d+ .*ChannelDifference, 1 event' % (C, NEWS), after),
          'C\'s catch-up: getDifference names both channels (updateChannelTooLong), getChannelDifference brings their messages')

    # A slice: 120 messages while C is away; Telethon pages the channel difference by 100.
    chat.run('send', 'A', '--to', crowd, '--text', 'bulk', '--count', 120, timeout=120)
    got = wait(chat, 'C', 120, with_=crowd, timeout=60).finish()
    check(texts(got) == ['bulk %d' % i for i in range(1, 121)], 'C, offline for 120 supergroup messages, catches up in order')
    log = open(log_path).read()
    check(re.search(r'getChannelDifference user %d channel %d from pts (\d+) \(channel at (\d+)\): ChannelDifference, '
                    r'100 event\(s\), 100 message\(s\), 0 other update\(s\), more follow' % (C, CROWD), log)
          and re.search(r'getChannelDifference user %d channel %d .*ChannelDifference, 20 event\(s\), 20 message\(s\).*final'
                        % (C, CROWD), log),
          'Telethon\'s channel catch-up took a slice of 100 (final false), then the last 20 (final)')

    # Raw getChannelDifference answers.
    current = chat.run('channel-info', 'C', '--channel', crowd)['pts']
    sliced = chat.run('channel-difference', 'C', '--channel', crowd, '--pts', current - 30, '--limit', 10)
    check(sliced['type'] == 'ChannelDifference' and not sliced['final'] and sliced['pts'] == current - 20
          and len(sliced['new_messages']) == 10 and CROWD in sliced['chats'] and A in sliced['users'],
          'limit 10 from 30 behind: channelDifference of 10, final false, pts 10 on', sliced['pts'])
    rest = chat.run('channel-difference', 'C', '--channel', crowd, '--pts', current - 20, '--limit', 100)
    check(rest['final'] and rest['pts'] == current and len(rest['new_messages']) == 20 and rest['timeout'],
          'the rest: final, the channel\'s pts, a timeout', {k: rest[k] for k in ('final', 'pts', 'timeout')})
    empty = chat.run('channel-difference', 'C', '--channel', crowd, '--pts', current)
    check(empty['type'] == 'ChannelDifferenceEmpty' and empty['final'] and empty['pts'] == current,
          'from the channel\'s pts: channelDifferenceEmpty(final)', empty)
    ahead = chat.run('channel-difference', 'C', '--channel', crowd, '--pts', current + 100)
    check(ahead['type'] == 'ChannelDifferenceTooLong' and ahead['pts'] == current and ahead['final'],
          'from a pts ahead of the channel: channelDifferenceTooLong with the dialog\'s pts', ahead['type'])
    others = chat.run('channel-difference', 'C', '--channel', crowd, '--pts', 6, '--limit', 6)
    kinds = sorted({u['_'] for u in others['other_updates']})
    check({'UpdateEditChannelMessage', 'UpdatePinnedChannelMessages', 'UpdateDeleteChannelMessages'} <= set(kinds),
          'from pts 6: edits, reactions, pins and deletions come as channel updates in other_updates', kinds)
    chat.run('channel-difference', 'C', '--channel', crowd, '--pts', 0, expect_error='PERSISTENT_TIMESTAMP_EMPTY')

    # getDifference never replays channel messages; it names the channels that moved.
    difference = chat.run('difference', 'C', '--pts', 1, '--date', before_channels)
    notices = {(u['_'], u['channel_id']) for u in difference['other_updates'] if 'channel_id' in u}
    check([m['text'] for m in difference['new_messages']] == ['private hello']
          and {('UpdateChannelTooLong', NEWS), ('UpdateChannelTooLong', CROWD), ('UpdateChannel', NEWS)} <= notices
          and {c['id'] for c in difference['chats']} == {NEWS, CROWD},
          'getDifference from pts 1: only the private message; updateChannel/updateChannelTooLong name the channels',
          difference['other_updates'])

    # SIGKILL, restart (a dropped channel push next, channel differences too long past 50).
    sync(chat, 'B')
    before = chat.run('channel-info', 'A', '--channel', crowd)
    history_before = chat.run('history', 'A', '--with', crowd, '--limit', 200)['messages']
    chat.server.kill()
    chat.server = Server(state, ['--misbehave', 'drop-channel-pushes=1', '--channel-difference-too-long', '50'],
                         port=chat.server.port)
    after_info = chat.run('channel-info', 'A', '--channel', crowd)
    check(after_info['pts'] == before['pts'] and after_info['participants'] == before['participants']
          and chat.run('history', 'A', '--with', crowd, '--limit', 200)['messages'] == history_before,
          'after SIGKILL and restart: the supergroup, its participants, pts %d and messages are kept' % before['pts'])
    retry = chat.run('send', 'C', '--to', crowd, '--text', 'once', '--random-id', 4343)
    check(retry['id'] == twice[0]['id'] and retry['pts'] == twice[0]['pts'], 'random_id 4343 after the restart: the first answer', retry)

    # A push lost: B's Telethon sees the gap in the channel's pts and fills it by getChannelDifference.
    b = wait(chat, 'B', 2, with_=crowd)
    chat.run('send', 'A', '--to', crowd, '--text', 'gap 1')
    chat.run('send', 'A', '--to', crowd, '--text', 'gap 2')
    got = b.finish()
    log = open(log_path).read()
    check(texts(got) == ['gap 1', 'gap 2'], 'B gets both messages though the first push was dropped', got)
    check('push updateNewChannelMessage to user %d: dropped (drop-channel-pushes)' % B in log
          and re.search(r'getChannelDifference user %d channel %d from pts \d+ .*2 message' % (B, CROWD), log),
          'the dropped push (drop-channel-pushes) left a gap: B asked getChannelDifference for the 2 messages')

    # Too long: 60 behind with --channel-difference-too-long 50.
    chat.run('send', 'A', '--to', crowd, '--text', 'flood', '--count', 60, timeout=120)
    raw = chat.run('channel-difference', 'C', '--channel', crowd, '--pts', 1)
    top = chat.run('history', 'A', '--with', crowd, '--limit', 1)['messages'][0]['id']
    check(raw['type'] == 'ChannelDifferenceTooLong' and raw['final'] and raw['pts'] == chat.run(
        'channel-info', 'A', '--channel', crowd)['pts'] and raw['top_message'] == top and raw['messages'][0]['id'] == top,
          'from pts 1: channelDifferenceTooLong (the dialog: the channel\'s pts, top message; the latest messages)', raw['type'])
    c = wait(chat, 'C', 1, with_=crowd)  # Telethon's catch-up meets the TooLong: it takes the dialog's pts
    chat.run('send', 'A', '--to', crowd, '--text', 'after too long')
    got = c.finish()
    check(texts(got) == ['after too long'] and re.search(
        r'getChannelDifference user %d channel %d from pts \d+ \(channel at \d+\): ChannelDifferenceTooLong' % (C, CROWD),
        open(log_path).read()),
          'C, 62 behind, got channelDifferenceTooLong on connect, took its pts, and gets the next message live', got)

    # Leaving and joining; the errors.
    chat.run('send', 'A', '--to', crowd, '--text', 'x', '--access-hash', 12345, expect_error='CHANNEL_INVALID')
    left = chat.run('leave', 'C', '--channel', news)
    check(left['updates'] == ['UpdateChannel'] and chat.run('channel-info', 'C', '--channel', news)['left'],
          'C leaves News: it is `left` to C')
    chat.run('history', 'C', '--with', news, expect_error='CHANNEL_PRIVATE')
    chat.run('send', 'C', '--to', news, '--text', 'x', expect_error='CHANNEL_PRIVATE')
    chat.run('channel-difference', 'C', '--channel', news, '--pts', 1, expect_error='CHANNEL_PRIVATE')
    chat.run('join', 'C', '--channel', news)
    check(not chat.run('channel-info', 'C', '--channel', news)['left'], 'C joins News again (its id and access_hash)')
    chat.run('join', 'C', '--channel', news, expect_error='USER_ALREADY_PARTICIPANT')
    a = wait(chat, 'A', 1, 'action', crowd, live_only=True)
    chat.run('leave', 'C', '--channel', crowd)
    got = a.finish()
    check(got[0]['action'] == {'_': 'MessageActionChatDeleteUser', 'user_id': C},
          'C leaves the supergroup: A sees messageActionChatDeleteUser', got)
    chat.run('leave', 'A', '--channel', crowd, expect_error='USER_CREATOR')
    chat.run('create-channel', 'A', '--title', ' ', expect_error='CHAT_TITLE_EMPTY')
    chat.run('invite', 'A', '--channel', crowd, '--with', '@bobby', '--access-hash', 12345, expect_error='USER_ID_INVALID')
    dialogs = chat.run('dialogs', 'C')['dialogs']
    check([d.get('channel_id') for d in dialogs if d.get('channel_id')] == [NEWS],
          'C\'s getDialogs: News again, not the supergroup it left', dialogs)


def main():
    pushes = PushCollector()
    return run_check(__doc__.split('\n')[0], 'telethon-channel-', lambda chat, state, log: scenario(chat, state, log, pushes),
                     cleanup=pushes.http.shutdown)


if __name__ == '__main__':
    sys.exit(main())
